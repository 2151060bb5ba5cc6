import type { TAccount, TAccountCreate, TAccountUpdate, TWhoAmI } from "@wholesale/contract";
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts } from "../../db/schema/index.ts";
import type { AuthAccount } from "../../http/auth.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../http/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";

type AccountRow = typeof accounts.$inferSelect;

export function toAccount(row: AccountRow): TAccount {
  return {
    id: row.id,
    username: row.username,
    date_joined: row.dateJoined.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
    is_office: row.isOffice,
    is_storehouse: row.isStorehouse,
    is_seller: row.isSeller,
    is_superuser: row.isSuperuser,
    is_active: row.isActive,
  };
}

/** A 409 with the message under the field, as every other duplicate name (http/errors.ts `uniqueName`). */
const duplicateUsername = () =>
  new AppError("conflict", "Пользователь с таким именем уже существует", {
    username: ["Пользователь с таким именем уже существует"],
  });

async function isUsernameTaken(tx: Db | Tx, username: string, exceptId?: number): Promise<boolean> {
  const same = sql`lower(${accounts.username}) = lower(${username})`;
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(exceptId === undefined ? same : and(same, ne(accounts.id, exceptId)));
  return row !== undefined;
}

/**
 * Locks the account and every active superuser, always in id order (so concurrent calls cannot
 * deadlock), and tells how many other active superusers there are: two staff removing the last two
 * superusers at once cannot both succeed.
 */
async function lockWithSuperusers(tx: Tx, id: number): Promise<{ row: AccountRow; otherSuperusers: number }> {
  const rows = await tx
    .select()
    .from(accounts)
    .where(or(eq(accounts.id, id), and(eq(accounts.isSuperuser, true), eq(accounts.isActive, true))))
    .orderBy(asc(accounts.id))
    .for("update");
  const row = rows.find((r) => r.id === id);
  if (!row) throw notFound("Аккаунт не найден");
  return { row, otherSuperusers: rows.filter((r) => r.id !== id && r.isSuperuser && r.isActive).length };
}

/** Turns the race of two equal usernames (both checked free, one insert wins) into the same 409. */
async function withUniqueUsername<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateUsername();
    throw error;
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService({ db }: { db: Db }) {
  return {
    async whoAmI(account: AuthAccount): Promise<TWhoAmI> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id));
      if (!row) throw notFound("Аккаунт не найден");
      return { ...toAccount(row), role: account.role, permissions: account.permissions };
    },

    async list(): Promise<{ results: TAccount[] }> {
      const rows = await db.select().from(accounts).orderBy(asc(accounts.id));
      return { results: rows.map(toAccount) };
    },

    async create(input: TAccountCreate): Promise<TAccount> {
      if (await isUsernameTaken(db, input.username)) throw duplicateUsername();
      const passwordHash = await hashPassword(input.password);
      const [row] = await withUniqueUsername(() =>
        db
          .insert(accounts)
          .values({
            username: input.username,
            passwordHash,
            isOffice: input.is_office ?? false,
            isStorehouse: input.is_storehouse ?? false,
            isSeller: input.is_seller ?? false,
            isSuperuser: input.is_superuser ?? false,
            isActive: input.is_active ?? true,
          })
          .returning(),
      );
      if (!row) throw new AppError("server_error", "Не удалось создать аккаунт");
      return toAccount(row);
    },

    async update(id: number, input: TAccountUpdate, actor: AuthAccount): Promise<TAccount> {
      const newPassword = input.password ? await hashPassword(input.password) : undefined;
      return withUniqueUsername(() =>
        db.transaction(async (tx) => {
          const { row: current, otherSuperusers } = await lockWithSuperusers(tx, id);
          if (await isUsernameTaken(tx, input.username, id)) throw duplicateUsername();
          const isSuperuser = input.is_superuser ?? current.isSuperuser;
          const isActive = input.is_active ?? current.isActive;
          if (id === actor.id && !isActive) throw conflict("Нельзя отключить собственный аккаунт");
          const losesSuperuser = current.isSuperuser && current.isActive && (!isSuperuser || !isActive);
          if (losesSuperuser && otherSuperusers === 0) {
            throw conflict("Нельзя лишить прав или отключить последнего активного суперюзера");
          }
          const [row] = await tx
            .update(accounts)
            .set({
              username: input.username,
              isOffice: input.is_office ?? false,
              isStorehouse: input.is_storehouse ?? false,
              isSeller: input.is_seller ?? false,
              isSuperuser,
              isActive,
              ...(newPassword ? { passwordHash: newPassword } : {}),
              // A new password or a disabled account ends the account's open sessions.
              ...(newPassword || (current.isActive && !isActive)
                ? { tokenVersion: sql`${accounts.tokenVersion} + 1` }
                : {}),
            })
            .where(eq(accounts.id, id))
            .returning();
          if (!row) throw notFound("Аккаунт не найден");
          return toAccount(row);
        }),
      );
    },

    async remove(id: number, actor: AuthAccount): Promise<void> {
      if (id === actor.id) throw conflict("Нельзя удалить собственный аккаунт");
      await db.transaction(async (tx) => {
        const { row: current, otherSuperusers } = await lockWithSuperusers(tx, id);
        if (current.isSuperuser && current.isActive && otherSuperusers === 0) {
          throw conflict("Нельзя удалить последнего активного суперюзера");
        }
        await tx.delete(accounts).where(eq(accounts.id, id));
      });
    },
  };
}
