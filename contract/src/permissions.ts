import { z } from "./zod-ru.ts";

/**
 * The vocabulary of what a staff member may do. Which role holds which permission is decided by the
 * server (server/src/http/permissions.ts); the web only reads the list `whoiam` returns.
 */
export const PERMISSIONS = [
  "accounts.manage",
  "log.read",
  "catalogue.read",
  "catalogue.write",
  "stock.write",
  "clients.read",
  "clients.write",
  "orders.read",
  "orders.edit",
  "orders.collect",
  "orders.pick",
  "orders.notify",
  "statistics.read",
  "messaging.send",
  "claims.manage",
  "market.manage",
  "reports.read",
  "reports.manage",
] as const;

export const ZPermissionSchema = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof ZPermissionSchema>;

export const ROLES = ["superuser", "office", "storehouse", "seller"] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;
