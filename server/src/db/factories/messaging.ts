import type { Db } from "../client.ts";
import { claims } from "../schema/index.ts";
import { nextSeq } from "./sequence.ts";

/** A client's claim, not reviewed unless told otherwise. */
export async function seedClaim(db: Db, values: Partial<typeof claims.$inferInsert> & { clientId: number }) {
  const [row] = await db
    .insert(claims)
    .values({ text: `Заявка ${nextSeq()}: товар пришёл с браком`, ...values })
    .returning();
  if (!row) throw new Error("could not seed a claim");
  return row;
}
