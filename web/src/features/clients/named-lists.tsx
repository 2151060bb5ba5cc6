import { Chip, Tooltip } from "@mui/material";
import type { TClientGroup, TCollectionGroup, TOrganization, TTransportation } from "@wholesale/contract";
import {
  useCollectionGroupMutations,
  useCollectionGroups,
  useGroupMutations,
  useGroups,
  useOrganizationMutations,
  useOrganizations,
  useTransportationMutations,
  useTransportations,
} from "./api.ts";
import { CollectionGroupClients } from "./CollectionGroupClients.tsx";
import { CollectionGroupDialog } from "./CollectionGroupDialog.tsx";
import { CopyInviteLink } from "./CopyInviteLink.tsx";
import { DirectionDialog, GroupDialog } from "./GroupAndDirectionDialogs.tsx";
import type { NamedList } from "./NamedListTab.tsx";
import { OrganizationDialog } from "./OrganizationDialog.tsx";
import { OrganizationMembers } from "./OrganizationMembers.tsx";
import { activeLabel } from "./status.ts";

type Switchable = { id: number; name: string; is_active: boolean };
type SwitchableMutations = {
  update: { mutate: (change: { id: number; body: { is_active: boolean } }) => void };
};

/** Groups' and directions' «Статус» (part 2, 2.6): Активен or Заблокирован; a click switches it. */
const statusColumn = {
  header: "Статус",
  cell: (item: Switchable, { update }: SwitchableMutations) => (
    <Tooltip title={item.is_active ? "Заблокировать" : "Активировать"}>
      <Chip
        size="small"
        clickable
        color={item.is_active ? "success" : "default"}
        label={activeLabel(item.is_active)}
        aria-label={`${activeLabel(item.is_active)}: ${item.name}`}
        onClick={() => update.mutate({ id: item.id, body: { is_active: !item.is_active } })}
      />
    </Tooltip>
  ),
};

const groups: NamedList<TClientGroup, ReturnType<typeof useGroupMutations>> = {
  title: "Группы",
  add: "Добавить группу",
  columns: [statusColumn],
  Dialog: GroupDialog,
  useItems: useGroups,
  useMutations: useGroupMutations,
};

const transportations: NamedList<TTransportation, ReturnType<typeof useTransportationMutations>> = {
  title: "Направления",
  add: "Добавить направление",
  columns: [statusColumn],
  Dialog: DirectionDialog,
  useItems: useTransportations,
  useMutations: useTransportationMutations,
};

const collectionGroups: NamedList<TCollectionGroup, ReturnType<typeof useCollectionGroupMutations>> = {
  title: "Группы сборок",
  add: "Добавить группу сборки",
  columns: [
    { header: "Начало сборки", cell: (g) => g.start_collect_time.slice(0, 5) },
    { header: "Клиенты", cell: (g) => <CollectionGroupClients group={g} /> },
    { header: "Активна", cell: (g) => (g.is_active ? "Да" : "Нет") },
  ],
  Dialog: CollectionGroupDialog,
  useItems: () => useCollectionGroups(true),
  useMutations: useCollectionGroupMutations,
};

const organizations: NamedList<TOrganization, ReturnType<typeof useOrganizationMutations>> = {
  title: "Организации",
  add: "Добавить организацию",
  columns: [
    { header: "Сотрудники организации", cell: (o) => <OrganizationMembers organization={o} /> },
    { header: "Менеджер", cell: (o) => o.manager?.username ?? "-" },
  ],
  actions: (o) => <CopyInviteLink organization={o} />,
  Dialog: OrganizationDialog,
  useItems: useOrganizations,
  useMutations: useOrganizationMutations,
};

/** The clients page's named lists, by tab: 9 groups, 10 directions, 11 collection groups, 12 organizations. */
export const KINDS = { groups, transportations, collectionGroups, organizations };
