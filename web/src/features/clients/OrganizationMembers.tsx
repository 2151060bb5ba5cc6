import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from "@mui/material";
import type { TOrganization } from "@wholesale/contract";
import { useState } from "react";
import { useOrganizationClients } from "./api.ts";

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

/** «N сотруд.» (part 2, 2.7), which lists the organization's clients. */
export function OrganizationMembers({ organization }: { organization: TOrganization }) {
  const [showing, setShowing] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setShowing(true)}>
        {organization.clients_count} сотруд.
      </Button>
      {showing && <MembersDialog organization={organization} onClose={() => setShowing(false)} />}
    </>
  );
}
