import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import { ZClientMessageSendFieldsSchema, z } from "@wholesale/contract";
import { useState } from "react";
import { useSchemaForm } from "../../lib/schema-form.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { FormSelectField, FormTextField } from "../../ui/FormField.tsx";
import { useGroups, useTransportations } from "../clients/index.ts";
import { useRecipientCount, useSendMessage } from "./api.ts";
import { recipientsText } from "./recipients.ts";

type Props = {
  /** `group`: «Сообщение для групп»; `direction`: «Сообщение для направления». */
  target: "group" | "direction";
  open: boolean;
  onClose: () => void;
};

const text = ZClientMessageSendFieldsSchema.shape.text;
type TargetForm = { text: string; group?: number | ""; transportation?: number | "" };
type TargetRequest = { text: string; group?: number; transportation?: number };
/**
 * The request's text, and the group or direction this dialog requires (the same request without one goes to
 * every client); the select offers the ids the server listed, its empty choice says what is missing.
 */
const SCHEMAS: Record<Props["target"], z.ZodType<TargetRequest, TargetForm>> = {
  group: z.object({ text, group: z.number({ error: "Выберите группу" }) }),
  direction: z.object({ text, transportation: z.number({ error: "Выберите направление" }) }),
};

/** The group and direction message dialogs: a selector plus text, sent now. */
export function TargetMessageDialog({ target, open, onClose }: Props) {
  const groups = useGroups();
  const directions = useTransportations();
  const options = (target === "group" ? groups.data : directions.data) ?? [];
  const name = target === "group" ? "group" : "transportation";
  const empty: TargetForm = { text: "", [name]: "" };
  // «Отправить» waits for a message the server would take.
  const { form, submitTo } = useSchemaForm(SCHEMAS[target], { mode: "onChange", defaultValues: empty });
  const { control, formState, reset, watch } = form;
  const send = useSendMessage();
  // Sent at once to every client of the group or direction: the button asks first.
  const [asking, setAsking] = useState(false);
  const selected = watch(name);
  const chosenOne = options.find((o) => o.id === selected);
  const recipients = useRecipientCount(
    asking && typeof selected === "number"
      ? target === "group"
        ? { group: selected }
        : { transportation: selected }
      : null,
  );

  const close = () => {
    reset(empty);
    onClose();
  };
  const submit = submitTo((request) => send.mutateAsync(request), close);

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{target === "group" ? "Сообщение для групп" : "Сообщение для направления"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormSelectField
            control={control}
            name={name}
            label={target === "group" ? "Группа" : "Направление"}
            options={options.map((o) => ({ value: o.id, label: o.name }))}
          />
          <FormTextField control={control} name="text" label="Текст" multiline minRows={4} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Отмена</Button>
        <Button
          variant="contained"
          disabled={!formState.isValid || send.isPending}
          onClick={() => setAsking(true)}
        >
          Отправить
        </Button>
        <ConfirmDialog
          open={asking}
          title="Отправить сообщение сейчас?"
          text={recipientsText(
            `клиенты ${target === "group" ? "группы" : "направления"} «${chosenOne?.name ?? ""}»`,
            recipients.data?.count,
          )}
          confirmLabel="Отправить"
          onConfirm={() => void submit()}
          onClose={() => setAsking(false)}
        />
      </DialogActions>
    </Dialog>
  );
}
