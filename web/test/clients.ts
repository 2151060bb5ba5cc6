import type { TClient } from "@wholesale/contract";

/** Client 1 «Клиент», small wholesale, active, without Telegram, group, direction or rules; `extra` overrides. */
export function testClient(extra: Partial<TClient> = {}): TClient {
  return {
    id: 1,
    telegram_id: null,
    telegram_username: null,
    phone_number: null,
    organization: null,
    organization_name: "Не указано",
    nickname: "Клиент",
    offline: false,
    group: null,
    transportation: null,
    client_type: 3,
    is_active: true,
    banned: false,
    permanent_banned: false,
    suspicious: false,
    allowed_price: false,
    allowed_price_w_markup: false,
    client_small_wholesale: false,
    client_large_wholesale: false,
    accessrules: null,
    ...extra,
  };
}
