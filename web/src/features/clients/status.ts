import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL, type TClient } from "@wholesale/contract";

/** Part 1, "Client status display": a permanent ban wins over a temporary one, then activity. */
export function clientStatus(client: Pick<TClient, "permanent_banned" | "banned" | "is_active">): string {
  if (client.permanent_banned) return "Заблокирован";
  if (client.banned) return "Временный блок";
  return client.is_active ? "Активен" : "Не активен";
}

export const VOLUMES = [
  { value: CLIENT_TYPE_SMALL, label: "Малый опт" },
  { value: CLIENT_TYPE_LARGE, label: "Крупный опт" },
] as const;

export const volumeLabel = (clientType: number | null) =>
  VOLUMES.find((v) => v.value === clientType)?.label ?? "—";

/** Group and direction status (part 2, 2.6). */
export const activeLabel = (isActive: boolean) => (isActive ? "Активен" : "Заблокирован");
