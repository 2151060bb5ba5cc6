import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { useGroups, useTransportations } from "../clients/index.ts";
import { useRecipientCount, useSendMessage } from "./api.ts";
import { recipientsText } from "./recipients.ts";

type Props = {
  /** `group`: «Сообщение для групп»; `direction`: «Сообщение для направления». */
  target: "group" | "direction";
  open: boolean;
  onClose: () => void;
};

/** The group and direction message dialogs: a selector plus text, sent now. */
export function TargetMessageDialog({ target, open, onClose }: Props) {
  const groups = useGroups();
  const directions = useTransportations();
  const options = (target === "group" ? groups.data : directions.data) ?? [];
  const [selected, setSelected] = useState("");
  const [text, setText] = useState("");
  const send = useSendMessage();
  // Sent at once to every client of the group or direction: the button asks first.
  const [asking, setAsking] = useState(false);
  const chosen = options.find((o) => String(o.id) === selected);
  const recipients = useRecipientCount(
    asking ? (target === "group" ? { group: Number(selected) } : { transportation: Number(selected) }) : null,
  );

  const close = () => {
    setSelected("");
    setText("");
    onClose();
  };

  const submit = () => {
    const id = Number(selected);
    send.mutate(target === "group" ? { text, group: id } : { text, transportation: id }, {
      onSuccess: close,
    });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{target === "group" ? "Сообщение для групп" : "Сообщение для направления"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={target === "group" ? "Группа" : "Направление"}
            value={selected}
            onChange={(e) => setSelected(e.target.value)}
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Текст"
            multiline
            minRows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Отмена</Button>
        <Button
          variant="contained"
          disabled={selected === "" || text.trim() === "" || send.isPending}
          onClick={() => setAsking(true)}
        >
          Отправить
        </Button>
        <ConfirmDialog
          open={asking}
          title="Отправить сообщение сейчас?"
          text={recipientsText(
            `клиенты ${target === "group" ? "группы" : "направления"} «${chosen?.name ?? ""}»`,
            recipients.data?.count,
          )}
          confirmLabel="Отправить"
          onConfirm={submit}
          onClose={() => setAsking(false)}
        />
      </DialogActions>
    </Dialog>
  );
}
