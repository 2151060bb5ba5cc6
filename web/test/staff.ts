import type { TPermission, TRole, TWhoAmI } from "@wholesale/contract";

/** The `whoiam` answer for a staff account of `role` holding `permissions`; `extra` overrides the rest. */
export function staffUser(role: TRole, permissions: TPermission[], extra: Partial<TWhoAmI> = {}): TWhoAmI {
  return {
    id: 1,
    username: role,
    date_joined: "2026-01-01T00:00:00Z",
    last_login: null,
    is_office: role === "office",
    is_storehouse: role === "storehouse",
    is_seller: role === "seller",
    is_superuser: false,
    is_active: true,
    role,
    permissions,
    ...extra,
  };
}
