import { LIVE_KINDS, type TLiveKind, type TPermission } from "@wholesale/contract";

/** The channel the database's triggers announce changes on (migration `0023_live_events.sql`). */
export const LIVE_CHANNEL = "live";

/** A kind a row of the database announces: a screen's kind, or an account (its streams are checked again). */
export type AnnouncedKind = Exclude<TLiveKind, "catch-up"> | "account";

export type LiveChange = { kind: AnnouncedKind; id?: number; isNew: boolean };

const ANNOUNCED = new Set<string>([...LIVE_KINDS.filter((k) => k !== "catch-up"), "account"]);

/** "<kind>", "<kind>:<id>" or "orders:<id>:new"; anything else (another writer on the channel) is ignored. */
export function parseLiveChange(payload: string): LiveChange | undefined {
  const [kind = "", id, mark] = payload.split(":");
  if (!ANNOUNCED.has(kind)) return undefined;
  if (id === undefined) return { kind: kind as AnnouncedKind, isNew: false };
  const key = Number(id);
  if (!Number.isSafeInteger(key) || key <= 0) return undefined;
  return { kind: kind as AnnouncedKind, id: key, isNew: mark === "new" };
}

/**
 * Who hears a kind: the permission of the routes its screens read, so a stream never tells a role of rows it
 * could not read («authenticated»: every account reads it).
 */
export const LIVE_ACCESS: Record<Exclude<TLiveKind, "catch-up">, TPermission | "authenticated"> = {
  orders: "orders.read",
  claims: "claims.manage",
  clients: "clients.read",
  stock: "catalogue.read",
  market: "authenticated",
  messages: "messaging.send",
};

export function mayHear(permissions: readonly TPermission[], kind: TLiveKind): boolean {
  if (kind === "catch-up") return true;
  const needed = LIVE_ACCESS[kind];
  return needed === "authenticated" || permissions.includes(needed);
}
