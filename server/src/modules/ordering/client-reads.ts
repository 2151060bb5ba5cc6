import type { Db } from "../../db/client.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ClientContext, ClientLookup } from "./rules/client.ts";
import { TEXT } from "./rules/messages.ts";
import type { Situation } from "./rules/weighing.ts";
import { loadClient } from "./statements/client-context.ts";
import { readSituation, type SituationRead } from "./statements/situation.ts";
import type { Refusal } from "./types.ts";

export type ClientReads = {
  /** The client and the market, read once per service with `readOnce`, afresh on every call without. */
  read: (clientId: number) => Promise<SituationRead>;
  /** The client alone: what «Мой заказ» needs, without the market's schedules unless they were read already. */
  client: (clientId: number) => Promise<ClientLookup>;
  /** The client who may browse now: in good standing, with the market open for them. */
  browser: (clientId: number) => Promise<ClientContext | null>;
  /** The client allowed to order now, or the refusal: not a client in good standing, or the market closed. */
  situation: (clientId: number) => Promise<Situation | Refusal>;
};

/** How one ordering service reads the client it serves and the market, keeping the read with `readOnce`. */
export function createClientReads({
  db,
  clock,
  readOnce,
}: {
  db: Db;
  clock: Clock;
  readOnce: boolean | undefined;
}): ClientReads {
  let kept: { clientId: number; read: Promise<SituationRead> } | undefined;

  function read(clientId: number): Promise<SituationRead> {
    if (!readOnce) return readSituation(db, clientId, clock.now());
    if (kept?.clientId !== clientId) kept = { clientId, read: readSituation(db, clientId, clock.now()) };
    return kept.read;
  }

  return {
    read,
    client(clientId) {
      if (readOnce && kept?.clientId === clientId) return kept.read.then((r) => r.lookup);
      return loadClient(db, clientId);
    },
    async browser(clientId) {
      const { lookup, market } = await read(clientId);
      return lookup.ok && market.open ? lookup.client : null;
    },
    async situation(clientId) {
      return situationOf(await read(clientId));
    },
  };
}

function situationOf({ lookup: found, market, now }: SituationRead): Situation | Refusal {
  if (!found.ok)
    return {
      ok: false,
      code: found.code === "not_found" ? "not_found" : "client_not_allowed",
      message: found.message,
    };
  if (!market.open) return { ok: false, code: "market_closed", message: TEXT.marketClosed };
  return { client: found.client, day: businessDay(now), now };
}
