import {
  Box,
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
import { type ComponentType, type ReactNode, useState } from "react";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { EditDeleteActions } from "../../ui/EditDeleteActions.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { stackedBelow } from "../../ui/stacked-table.ts";

export type NamedItem = { id: number; name: string };

/** What a list's rows may act with: each list's mutations, of which the tab itself deletes. */
type Mutations = { remove: { mutate: (id: number) => void } };

/** One list of the clients page that staff name, add, edit and delete: what differs between them. */
export type NamedList<T extends NamedItem, M extends Mutations> = {
  /** The table's accessible name. */
  title: string;
  add: string;
  /** The columns between «Название» and «Действия». */
  columns: { header: string; cell: (item: T, mutations: M) => ReactNode }[];
  /** Row actions before edit and delete. */
  actions?: (item: T) => ReactNode;
  /** The add (no item) and edit dialog. */
  Dialog: ComponentType<{ item: T | null; onClose: () => void }>;
  useItems: () => { data: T[] | undefined; isPending: boolean };
  useMutations: () => M;
};

/**
 * Groups, directions, collection groups and organizations (tabs 9-12): an add button, a table of names with
 * the list's own columns, edit and delete; on a phone each row is a card, so its buttons are in sight.
 * `kind` is one of `KINDS` and stays the same for a mounted tab, so its hooks are called in the same order on
 * every render.
 */
export function NamedListTab<T extends NamedItem, M extends Mutations>({ kind }: { kind: NamedList<T, M> }) {
  const items = kind.useItems();
  const mutations = kind.useMutations();
  const [editing, setEditing] = useState<T | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const { Dialog } = kind;

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
          {kind.add}
        </Button>
      </Box>
      <TableContainer component={Paper}>
        <Table size="small" aria-label={kind.title} sx={stackedBelow()}>
          <TableHead>
            <TableRow>
              <TableCell>Название</TableCell>
              {kind.columns.map((c) => (
                <TableCell key={c.header}>{c.header}</TableCell>
              ))}
              <TableCell align="right">Действия</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(items.data ?? []).map((item) => (
              <TableRow key={item.id} hover>
                <TableCell data-label="Название">{item.name}</TableCell>
                {kind.columns.map((c) => (
                  <TableCell key={c.header} data-label={c.header}>
                    {c.cell(item, mutations)}
                  </TableCell>
                ))}
                <TableCell align="right" data-label="Действия" sx={{ whiteSpace: "nowrap" }}>
                  {kind.actions?.(item)}
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
      {dialogOpen && <Dialog item={editing} onClose={() => setDialogOpen(false)} />}
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.name}
        onConfirm={() => deleting && mutations.remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
      {/* Last: the fixed backdrop takes no room, but as the first child it would push the button down. */}
      <FullScreenLoader open={items.isPending} />
    </Stack>
  );
}
