import { customType, integer, numeric, timestamp } from "drizzle-orm/pg-core";

/** Shared column shapes, so every table spells ids, money and moments the same way. */
export const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

/** Money: exact `numeric` in the database; read as a JS number (two decimals are exact enough to show). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => moment("created_at").notNull().defaultNow();

/** Binary content (generated reports, message photos), kept in the database so every instance sees it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
