import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
} from "@mui/material";
import type { TCollectionGroup } from "@wholesale/contract";
import { useState } from "react";

/** Part 2, section 9: the collapsed chip list shows three clients. */
const VISIBLE_CHIPS = 3;

/** A collection group's clients as chips: the first three, then «+N», which lists them all. */
export function CollectionGroupClients({ group }: { group: TCollectionGroup }) {
  const [showing, setShowing] = useState(false);
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
      {group.clients.slice(0, VISIBLE_CHIPS).map((c) => (
        <Chip key={c.id} size="small" label={c.nickname} />
      ))}
      {group.clients.length > VISIBLE_CHIPS && (
        <Chip
          size="small"
          color="primary"
          clickable
          label={`+${group.clients.length - VISIBLE_CHIPS}`}
          onClick={() => setShowing(true)}
        />
      )}
      {showing && (
        <Dialog open onClose={() => setShowing(false)} fullWidth maxWidth="xs">
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
            <Button onClick={() => setShowing(false)}>Закрыть</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
