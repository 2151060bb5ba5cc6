import type { TRole } from "@wholesale/contract";
import { hashPassword } from "../../lib/passwords.ts";
import type { Db } from "../client.ts";
import { accounts } from "../schema/index.ts";

export type AccountSeed = { username: string; password: string; role: TRole; isActive?: boolean };

/** An account of one role; shared by demo data, tests and benchmarks. */
export async function seedAccount(db: Db, { username, password, role, isActive = true }: AccountSeed) {
  const [row] = await db
    .insert(accounts)
    .values({
      username,
      passwordHash: await hashPassword(password),
      isSuperuser: role === "superuser",
      isOffice: role === "office",
      isStorehouse: role === "storehouse",
      isSeller: role === "seller",
      isActive,
    })
    .returning();
  if (!row) throw new Error(`could not seed account ${username}`);
  return row;
}
