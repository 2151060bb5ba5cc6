import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from "@mui/material";
import { ZClientGroupCreateSchema, ZTransportationCreateSchema } from "@wholesale/contract";
import { useState } from "react";
import { firstErrors } from "../../lib/form-errors.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { EditDeleteActions } from "../../ui/EditDeleteActions.tsx";
import { useGroupMutations, useTransportationMutations } from "./api.ts";
import { activeLabel } from "./status.ts";

type Item = { id: number; name: string; is_active: boolean; surcharge?: number; tg_id?: number | null };

/** What differs between groups and directions: labels, the extra field and the mutations. */
const KINDS = {
  groups: {
    title: "Группы",
    add: "Добавить группу",
    create: "Новая группа",
    edit: "Редактировать группу",
    extra: { label: "Наценка (коэффициент)", key: "surcharge" as const },
  },
  transportations: {
    title: "Направления",
    add: "Добавить направление",
    create: "Новое направление",
    edit: "Редактировать направление",
    extra: { label: "Telegram ID чата", key: "tg_id" as const },
  },
};

type Kind = keyof typeof KINDS;

function ItemDialog({ kind, item, onClose }: { kind: Kind; item: Item | null; onClose: () => void }) {
  const labels = KINDS[kind];
  const groups = useGroupMutations();
  const directions = useTransportationMutations();
  const [name, setName] = useState(item?.name ?? "");
  const initialExtra = item
    ? kind === "groups"
      ? item.surcharge
      : item.tg_id
    : kind === "groups"
      ? 1
      : null;
  const [extra, setExtra] = useState(
    initialExtra === null || initialExtra === undefined ? "" : String(initialExtra),
  );
  const [error, setError] = useState<{ name?: string; extra?: string }>({});

  const onSave = async () => {
    const extraValue = extra.trim() === "" ? null : Number(extra.replace(",", "."));
    const parsed =
      kind === "groups"
        ? ZClientGroupCreateSchema.omit({ is_active: true }).safeParse({ name, surcharge: extraValue ?? 1 })
        : ZTransportationCreateSchema.omit({ is_active: true }).safeParse({ name, tg_id: extraValue });
    if (!parsed.success) {
      setError(firstErrors(parsed.error, ([field]) => (field === "name" ? "name" : "extra")));
      return;
    }
    const body = parsed.data;
    const mutations = kind === "groups" ? groups : directions;
    if (item) await mutations.update.mutateAsync({ id: item.id, body });
    else await mutations.create.mutateAsync(body);
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{item ? labels.edit : labels.create}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Название"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!error.name}
            helperText={error.name}
          />
          <TextField
            label={labels.extra.label}
            value={extra}
            inputMode="decimal"
            onChange={(e) => setExtra(e.target.value)}
            error={!!error.extra}
            helperText={error.extra}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" onClick={onSave}>
          Сохранить
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Groups (tab 9) and directions (tab 10): name, status (click toggles), actions. */
export function NamedListTab({ kind, items }: { kind: Kind; items: Item[] }) {
  const labels = KINDS[kind];
  const groups = useGroupMutations();
  const directions = useTransportationMutations();
  const mutations = kind === "groups" ? groups : directions;
  const [editing, setEditing] = useState<Item | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Item | null>(null);

  return (
    <Stack spacing={2}>
      <Box>
        <Button
          variant="contained"
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          {labels.add}
        </Button>
      </Box>
      <TableContainer component={Paper}>
        <Table size="small" aria-label={labels.title}>
          <TableHead>
            <TableRow>
              <TableCell>Название</TableCell>
              <TableCell>Статус</TableCell>
              <TableCell align="right">Действия</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell>{item.name}</TableCell>
                <TableCell>
                  <Tooltip title={item.is_active ? "Заблокировать" : "Активировать"}>
                    <Chip
                      size="small"
                      clickable
                      color={item.is_active ? "success" : "default"}
                      label={activeLabel(item.is_active)}
                      aria-label={`${activeLabel(item.is_active)}: ${item.name}`}
                      onClick={() =>
                        mutations.update.mutate({ id: item.id, body: { is_active: !item.is_active } })
                      }
                    />
                  </Tooltip>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  <EditDeleteActions
                    name={item.name}
                    onEdit={() => {
                      setEditing(item);
                      setDialogOpen(true);
                    }}
                    onDelete={() => setDeleting(item)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialogOpen && <ItemDialog kind={kind} item={editing} onClose={() => setDialogOpen(false)} />}
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.name}
        onConfirm={() => deleting && mutations.remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
