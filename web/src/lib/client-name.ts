import { ORGANIZATION_NAME_UNSET } from "@wholesale/contract";

type NamedClient = { id: number; nickname: string; organization_name: string; offline?: boolean };

/**
 * How every screen names a client: «Организация (Имя)», or just «Имя» when there is no organization. The
 * server stores a blank organization as «Не указано», a placeholder, never shown as if it were one; an
 * offline client is known by name only; «Клиент #id» when neither is known.
 */
export function clientName(client: NamedClient): string {
  const name = client.nickname.trim();
  const organization = client.organization_name.trim();
  const hasOrganization = organization !== "" && organization !== ORGANIZATION_NAME_UNSET && !client.offline;
  if (hasOrganization && name) return `${organization} (${name})`;
  return (hasOrganization ? organization : name) || `Клиент #${client.id}`;
}
