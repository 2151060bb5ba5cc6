import CheckIcon from "@mui/icons-material/Check";
import RemoveIcon from "@mui/icons-material/Remove";
import {
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from "@mui/material";
import type { TAccount } from "@wholesale/contract";
import { useState } from "react";
import { formatDateTime } from "../../lib/dates.ts";
import { useSession } from "../../session/session.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { EditDeleteActions } from "../../ui/EditDeleteActions.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { usePageTitle } from "../../ui/page-title.ts";
import { stackedBelow } from "../../ui/stacked-table.ts";
import { AccountDialog } from "./AccountDialog.tsx";
import { useAccounts, useDeleteAccount } from "./api.ts";

const Flag = ({ on, label }: { on: boolean; label: string }) =>
  on ? (
    <CheckIcon color="success" aria-label={`${label}: да`} />
  ) : (
    <RemoveIcon color="disabled" aria-label={`${label}: нет`} />
  );

const FLAGS = [
  { key: "is_office", label: "Офис" },
  { key: "is_storehouse", label: "Склад" },
  { key: "is_seller", label: "Продажник" },
  { key: "is_superuser", label: "Суперюзер" },
  { key: "is_active", label: "Активен" },
] as const;

export default function AccountsPage() {
  const { myUser } = useSession();
  const accounts = useAccounts();
  const remove = useDeleteAccount();
  // The spec's header «Аккаунты: N» is the app bar's title.
  usePageTitle(accounts.data ? `Аккаунты: ${accounts.data.length}` : null);
  const [editing, setEditing] = useState<TAccount | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TAccount | null>(null);

  const openDialog = (account: TAccount | null) => {
    setEditing(account);
    setDialogOpen(true);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" justifyContent="flex-end">
        <Button variant="contained" onClick={() => openDialog(null)}>
          Добавить аккаунт
        </Button>
      </Stack>
      <FullScreenLoader open={accounts.isPending} />
      <TableContainer component={Paper}>
        {/* Nine columns: below a desktop's width each account is a card, so «Действия» stays in sight. */}
        <Table size="small" aria-label="Аккаунты" sx={stackedBelow("md")}>
          <TableHead>
            <TableRow>
              <TableCell>Имя</TableCell>
              <TableCell>Дата создания</TableCell>
              <TableCell>Последнее посещение</TableCell>
              {FLAGS.map((f) => (
                <TableCell key={f.key} align="center">
                  {f.label}
                </TableCell>
              ))}
              <TableCell align="right">Действия</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(accounts.data ?? []).map((a) => (
              <TableRow key={a.id} hover>
                <TableCell data-label="Имя" sx={{ fontWeight: 500 }}>
                  {a.username}
                </TableCell>
                <TableCell data-label="Дата создания" sx={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(a.date_joined)}
                </TableCell>
                <TableCell data-label="Последнее посещение" sx={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(a.last_login)}
                </TableCell>
                {FLAGS.map((f) => (
                  <TableCell key={f.key} align="center" data-label={f.label}>
                    <Flag on={a[f.key]} label={f.label} />
                  </TableCell>
                ))}
                <TableCell align="right" data-label="Действия" sx={{ whiteSpace: "nowrap" }}>
                  <EditDeleteActions
                    name={a.username}
                    onEdit={() => openDialog(a)}
                    onDelete={() => setDeleting(a)}
                    deleteDisabledReason={
                      a.id === myUser?.id ? "Нельзя удалить собственный аккаунт" : undefined
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <AccountDialog open={dialogOpen} account={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.username}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
