import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import { type TClientRef, type TCollectionGroup, ZCollectionGroupCreateSchema } from "@wholesale/contract";
import { useState } from "react";
import { firstErrors } from "../../lib/form-errors.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { EditDeleteActions } from "../../ui/EditDeleteActions.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { useCollectionGroupMutations, useCollectionGroups } from "./api.ts";
import { ClientPicker } from "./ClientPicker.tsx";

/** Part 2, section 9: the collapsed chip list shows three clients. */
const VISIBLE_CHIPS = 3;

function ClientsListDialog({ group, onClose }: { group: TCollectionGroup; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Клиенты: {group.name}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {group.clients.map((c) => (
            <ListItem key={c.id}>
              <ListItemText primary={c.nickname} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}

function CollectionGroupDialog({ group, onClose }: { group: TCollectionGroup | null; onClose: () => void }) {
  const { create, update } = useCollectionGroupMutations();
  const [name, setName] = useState(group?.name ?? "");
  const [time, setTime] = useState(group?.start_collect_time.slice(0, 5) ?? "");
  const [clients, setClients] = useState<TClientRef[]>(group?.clients ?? []);
  const [isActive, setIsActive] = useState(group?.is_active ?? true);
  const [errors, setErrors] = useState<{ name?: string; start_collect_time?: string }>({});

  // Name and start time are required; without them nothing is saved (part 2, section 5).
  const onSave = async () => {
    const parsed = ZCollectionGroupCreateSchema.safeParse({
      name,
      start_collect_time: time,
      client_ids: clients.map((c) => c.id),
      is_active: isActive,
    });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error, ([field]) => (field === "name" ? "name" : "start_collect_time")));
      return;
    }
    if (group) await update.mutateAsync({ id: group.id, body: parsed.data });
    else await create.mutateAsync(parsed.data);
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{group ? "Редактировать группу сборки" : "Добавить группу сборки"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Название"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
          />
          <TextField
            label="Время начала сборки"
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            error={!!errors.start_collect_time}
            helperText={errors.start_collect_time}
          />
          <ClientPicker value={clients} onChange={setClients} />
          {group && (
            <FormControlLabel
              label="Активна"
              control={<Checkbox checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
            />
          )}
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

/** Tab 11: collection groups with their start time and client chips. */
export function CollectionGroupsTab() {
  const groups = useCollectionGroups(true);
  const { remove } = useCollectionGroupMutations();
  const [editing, setEditing] = useState<TCollectionGroup | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TCollectionGroup | null>(null);
  const [showing, setShowing] = useState<TCollectionGroup | null>(null);

  return (
    <Stack spacing={2}>
      <FullScreenLoader open={groups.isPending} />
      <Box>
        <Button
          variant="contained"
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          Добавить группу сборки
        </Button>
      </Box>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Группы сборок">
          <TableHead>
            <TableRow>
              <TableCell>Название</TableCell>
              <TableCell>Начало сборки</TableCell>
              <TableCell>Клиенты</TableCell>
              <TableCell>Активна</TableCell>
              <TableCell align="right">Действия</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(groups.data ?? []).map((g) => (
              <TableRow key={g.id} hover>
                <TableCell>{g.name}</TableCell>
                <TableCell>{g.start_collect_time.slice(0, 5)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
                    {g.clients.slice(0, VISIBLE_CHIPS).map((c) => (
                      <Chip key={c.id} size="small" label={c.nickname} />
                    ))}
                    {g.clients.length > VISIBLE_CHIPS && (
                      <Chip
                        size="small"
                        color="primary"
                        clickable
                        label={`+${g.clients.length - VISIBLE_CHIPS}`}
                        onClick={() => setShowing(g)}
                      />
                    )}
                  </Stack>
                </TableCell>
                <TableCell>{g.is_active ? "Да" : "Нет"}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  <EditDeleteActions
                    name={g.name}
                    onEdit={() => {
                      setEditing(g);
                      setDialogOpen(true);
                    }}
                    onDelete={() => setDeleting(g)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialogOpen && <CollectionGroupDialog group={editing} onClose={() => setDialogOpen(false)} />}
      {showing && <ClientsListDialog group={showing} onClose={() => setShowing(null)} />}
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.name}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
