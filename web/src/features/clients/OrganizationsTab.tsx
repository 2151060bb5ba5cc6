import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
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
import { type TOrganization, ZOrganizationWriteSchema } from "@wholesale/contract";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { firstErrors } from "../../lib/form-errors.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { EditDeleteActions } from "../../ui/EditDeleteActions.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { useManagers, useOrganizationClients, useOrganizationMutations, useOrganizations } from "./api.ts";

function MembersDialog({ organization, onClose }: { organization: TOrganization; onClose: () => void }) {
  const members = useOrganizationClients(organization.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Сотрудники организации: {organization.name}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {(members.data ?? []).map((c) => (
            <ListItem key={c.id}>
              <ListItemText
                primary={c.telegram_username ?? c.nickname}
                secondary={c.phone_number ?? undefined}
              />
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

function OrganizationDialog({
  organization,
  onClose,
}: {
  organization: TOrganization | null;
  onClose: () => void;
}) {
  const { create, update } = useOrganizationMutations();
  const managers = useManagers(true);
  const [name, setName] = useState(organization?.name ?? "");
  const [managerId, setManagerId] = useState<number | "">(organization?.manager_id ?? "");
  const [errors, setErrors] = useState<{ name?: string; manager_id?: string }>({});

  // Name and manager are required; without them nothing is saved (part 2, section 5).
  const onSave = async () => {
    const parsed = ZOrganizationWriteSchema.safeParse({
      name,
      manager_id: managerId === "" ? undefined : managerId,
    });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error, ([field]) => (field === "name" ? "name" : "manager_id")));
      return;
    }
    if (organization) await update.mutateAsync({ id: organization.id, body: parsed.data });
    else await create.mutateAsync(parsed.data);
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{organization ? "Редактировать организацию" : "Добавить организацию"}</DialogTitle>
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
            select
            label="Менеджер"
            value={managerId}
            onChange={(e) => setManagerId(e.target.value === "" ? "" : Number(e.target.value))}
            error={!!errors.manager_id}
            helperText={errors.manager_id}
          >
            <MenuItem value="">
              <em>Не выбран</em>
            </MenuItem>
            {(managers.data ?? []).map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.username}
              </MenuItem>
            ))}
          </TextField>
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

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    notify.success("Ссылка Telegram скопирована!");
  } catch (error) {
    // Part 2, section 8: a failed clipboard copy is only logged.
    console.error("clipboard copy failed", error);
  }
}

/** Tab 12 (part 2, 2.7). */
export function OrganizationsTab() {
  const organizations = useOrganizations();
  const { remove } = useOrganizationMutations();
  const [editing, setEditing] = useState<TOrganization | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TOrganization | null>(null);
  const [showing, setShowing] = useState<TOrganization | null>(null);

  return (
    <Stack spacing={2}>
      <FullScreenLoader open={organizations.isPending} />
      <Box>
        <Button
          variant="contained"
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          Добавить организацию
        </Button>
      </Box>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Организации">
          <TableHead>
            <TableRow>
              <TableCell>Название</TableCell>
              <TableCell>Сотрудники организации</TableCell>
              <TableCell>Менеджер</TableCell>
              <TableCell align="right">Действия</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(organizations.data ?? []).map((o) => (
              <TableRow key={o.id} hover>
                <TableCell>{o.name}</TableCell>
                <TableCell>
                  <Button size="small" variant="outlined" onClick={() => setShowing(o)}>
                    {o.clients_count} сотруд.
                  </Button>
                </TableCell>
                <TableCell>{o.manager?.username ?? "-"}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  <Tooltip
                    title={
                      o.telegram_link
                        ? "Копировать ссылку Telegram бота"
                        : "Ссылка недоступна: не задано имя Telegram бота (TELEGRAM_BOT_USERNAME)"
                    }
                  >
                    <Box component="span">
                      <IconButton
                        size="small"
                        aria-label={`Копировать ссылку Telegram бота: ${o.name}`}
                        disabled={!o.telegram_link}
                        onClick={() => o.telegram_link && copyLink(o.telegram_link)}
                      >
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  </Tooltip>
                  <EditDeleteActions
                    name={o.name}
                    onEdit={() => {
                      setEditing(o);
                      setDialogOpen(true);
                    }}
                    onDelete={() => setDeleting(o)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialogOpen && <OrganizationDialog organization={editing} onClose={() => setDialogOpen(false)} />}
      {showing && <MembersDialog organization={showing} onClose={() => setShowing(null)} />}
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.name}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
