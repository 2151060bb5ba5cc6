// What other areas may use of clients: who the clients, groups and directions are, and the picker that chooses
// clients by searching. The rest of this folder is the «Клиенты» screen's own.
export {
  allClientsQuery,
  groupsQuery,
  useClientsPage,
  useGroupMutations,
  useGroups,
  useTransportations,
} from "./api.ts";
export { ClientPicker } from "./ClientPicker.tsx";
export { type ClientDialogParts, ClientDialogPartsContext } from "./client-dialog-parts.ts";
export { clientStatus } from "./status.ts";
