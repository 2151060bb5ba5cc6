import { PERMISSIONS, type TPermission, type TRole } from "@wholesale/contract";

/**
 * What each role may do: the single permission table of the product. Every API route declares the
 * permission it needs (route `config.access`), and the web builds its menu from `whoiam.permissions`.
 * The superuser holds every permission. README.md shows this table as a matrix.
 */
export const ROLE_PERMISSIONS: Record<Exclude<TRole, "superuser">, readonly TPermission[]> = {
  office: [
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
  ],
  // The storehouse keeps stock and collects what the office sent: it reads orders but does not decide
  // what to collect or change what clients ordered.
  storehouse: ["catalogue.read", "stock.write", "orders.read", "orders.pick", "reports.read"],
  // Sellers work with clients: they see the catalogue, orders and sales, look after clients and their
  // claims and write to them. The spec hides the collect buttons and the position edit and delete from the
  // storehouse only, so sellers send orders to collect and correct positions too; the catalogue is not theirs.
  seller: [
    "catalogue.read",
    "clients.read",
    "clients.write",
    "orders.read",
    "orders.edit",
    "orders.collect",
    "orders.notify",
    "statistics.read",
    "messaging.send",
    "claims.manage",
    "reports.read",
  ],
};

export type RoleFlags = { isSuperuser: boolean; isOffice: boolean; isStorehouse: boolean; isSeller: boolean };

/** The role an account acts in; the superuser flag outranks the working role. */
export function roleOf(a: RoleFlags): TRole | undefined {
  if (a.isSuperuser) return "superuser";
  if (a.isOffice) return "office";
  if (a.isStorehouse) return "storehouse";
  if (a.isSeller) return "seller";
  return undefined;
}

export function permissionsOf(a: RoleFlags): TPermission[] {
  const role = roleOf(a);
  if (role === undefined) return [];
  if (role === "superuser") return [...PERMISSIONS];
  return [...ROLE_PERMISSIONS[role]];
}

export function can(a: RoleFlags, permission: TPermission): boolean {
  return permissionsOf(a).includes(permission);
}
