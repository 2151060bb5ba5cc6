import { OPEN_MODIFICATION_PARAM } from "@wholesale/contract";
import { cardData, SEARCH_RESULTS } from "../bot/callback-data/catalogue.ts";
import type { Db } from "../db/client.ts";
import { subscribe } from "../db/notifications.ts";
import type { Clock } from "../lib/clock.ts";
import { LIVE_CHANNEL, parseLiveChange } from "../modules/live/index.ts";
import { createOrderingService } from "../modules/ordering/index.ts";
import {
  type AnnounceDeps,
  announceStockBack,
  cleanUpWaits,
  type OpenButton,
} from "../modules/stock-waits/index.ts";
import type { Job } from "./scheduler.ts";

export const STOCK_WAITS_SWEEP_JOB = "stock-waits-sweep";
export const STOCK_WAITS_HEARD_JOB = "stock-waits-heard";

/**
 * The safety net: every wait is looked at this often, whatever was heard. It tells what no stock change
 * announces (a modification shown or sold to the client again, a client unbanned, a market opened without a
 * notice for them) and what was not heard (an instance down, the listening connection lost).
 */
const SWEEP_EVERY_MS = 30_000;
/** How late a restock is told at most, once heard: the modifications heard meanwhile are looked at together. */
const HEARD_EVERY_MS = 1_000;

/**
 * The announcement's button: the Mini App at the modification when it is set up (TELEGRAM_WEBAPP_URL), else the
 * bot's card of it, from which the client adds as from any card.
 */
export function openButton(webAppUrl: string | undefined): OpenButton {
  if (!webAppUrl) {
    return (modificationId) => ({
      text: "Открыть товар",
      callback_data: cardData.pack({ modificationId, productId: SEARCH_RESULTS, page: 1 }),
    });
  }
  return (modificationId) => {
    const url = new URL(webAppUrl);
    url.searchParams.set(OPEN_MODIFICATION_PARAM, String(modificationId));
    return { text: "Открыть в каталоге", web_app: { url: url.toString() } };
  };
}

/**
 * «Сообщить о поступлении»: a restock by any path (a quantity edited, an offers file, a position removed, an
 * order cancelled) moves the modification's quantity, which the database announces on the `live` channel
 * (`stock:<id>`); the modifications heard are looked at within a second, every wait at the sweep.
 */
export function stockWaitJobs(deps: {
  db: Db;
  clock: Clock;
  webAppUrl?: string;
  sweepEveryMs?: number;
  heardEveryMs?: number;
}): Job[] {
  const { db, clock } = deps;
  const announce: AnnounceDeps = {
    db,
    clock,
    ordering: createOrderingService({ db, clock }),
    button: openButton(deps.webAppUrl),
  };
  const heard = new Set<number>();
  const subscription = subscribe(db, LIVE_CHANNEL, {
    onMessage(payload) {
      const change = parseLiveChange(payload);
      if (change?.kind === "stock" && change.id !== undefined) heard.add(change.id);
    },
  });
  return [
    {
      name: STOCK_WAITS_SWEEP_JOB,
      intervalMs: deps.sweepEveryMs ?? SWEEP_EVERY_MS,
      run: async () => {
        await announceStockBack(announce);
        await cleanUpWaits(db, clock.now());
      },
    },
    {
      name: STOCK_WAITS_HEARD_JOB,
      intervalMs: deps.heardEveryMs ?? HEARD_EVERY_MS,
      run: async () => {
        if (heard.size === 0) return;
        const ids = [...heard];
        heard.clear();
        await announceStockBack(announce, ids);
      },
      stop: () => subscription.close(),
    },
  ];
}
