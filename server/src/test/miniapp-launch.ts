import type { TClient, TMarketSchedule } from "@wholesale/contract";

/** A staff API call as the browser test and the web bench make it (signed in already). */
type StaffCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * A demo client who may order now with prices shown (the first such, or the first `pick` takes), set up
 * through the staff API: the demo's schedules switched off (so the hour does not matter) and a schedule of the
 * client's own opened by hand. Returns what to undo afterwards.
 */
export async function demoClientOnOpenMarket(
  call: StaffCall,
  scheduleName: string,
  pick: (client: TClient) => boolean = () => true,
): Promise<{ client: TClient; schedule: TMarketSchedule; switchedOff: TMarketSchedule[] }> {
  const {
    clients: [client],
    ...rest
  } = await demoClientsOnOpenMarket(call, scheduleName, 1, pick);
  if (!client) throw new Error("no demo client to open the Mini App as");
  return { client, ...rest };
}

/** `count` demo clients as `demoClientOnOpenMarket` sets up one, the market opened by hand for them alone. */
export async function demoClientsOnOpenMarket(
  call: StaffCall,
  scheduleName: string,
  count: number,
  pick: (client: TClient) => boolean = () => true,
): Promise<{ clients: TClient[]; schedule: TMarketSchedule; switchedOff: TMarketSchedule[] }> {
  const { results } = await call<{ results: TClient[] }>("GET", "/profiles/clients/?tab=active&limit=200");
  const found = results
    .filter((c) => c.telegram_id !== null && c.client_type !== null && !c.offline && pick(c))
    .slice(0, count);
  if (found.length < count) throw new Error(`not ${count} demo clients to open the Mini App as`);
  const { results: schedules } = await call<{ results: TMarketSchedule[] }>(
    "GET",
    "/storehouse/market-schedules/",
  );
  const switchedOff = schedules.filter((s) => s.is_active);
  for (const s of switchedOff)
    await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: false });
  const clients: TClient[] = [];
  for (const c of found)
    clients.push(
      await call<TClient>("PUT", `/profiles/clients/${c.id}/`, {
        allowed_price: true,
        accessrules: { all_prices: [], banned_brands: [], total_limit: null },
      }),
    );
  const schedule = await call<TMarketSchedule>("POST", "/storehouse/market-schedules/", {
    name: scheduleName,
    clients: clients.map((c) => c.id),
  });
  await call("POST", `/storehouse/market-schedules/${schedule.id}/open_market/`, {});
  return { clients, schedule, switchedOff };
}

/** The URL hash Telegram opens the Mini App with: the signed launch data, the client's version, platform, theme. */
export function launchHash(initData: string): string {
  return new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "web",
    tgWebAppThemeParams: JSON.stringify({
      bg_color: "#ffffff",
      button_color: "#2481cc",
      button_text_color: "#ffffff",
    }),
  }).toString();
}
