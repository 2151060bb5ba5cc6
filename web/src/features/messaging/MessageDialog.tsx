import AddPhotoAlternateIcon from "@mui/icons-material/AddPhotoAlternate";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
} from "@mui/material";
import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  PHOTO_CAPTION_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  PHOTO_TYPE_ERROR,
  ZClientMessageScheduleSchema,
  ZClientMessageSendFieldsSchema,
  z,
} from "@wholesale/contract";
import { useEffect, useState } from "react";
import { imageTypeOf } from "../../lib/image-type.ts";
import { useSchemaForm } from "../../lib/schema-form.ts";
import { notify } from "../../notices/notify.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { FormTextField } from "../../ui/FormField.tsx";
import { useRecipientCount, useScheduleMessage, useSendMessage } from "./api.ts";
import { recipientsText } from "./recipients.ts";

type Props = {
  /** `now`: «Сообщение» with an optional photo; `scheduled`: «Отложенное сообщение» with a time field. */
  mode: "now" | "scheduled";
  open: boolean;
  onClose: () => void;
};

/** The three audiences of the spec's buttons: Отправить (all), Малому (3), Крупному (2). */
const AUDIENCES = [
  { label: "Отправить", clientType: undefined, who: "все клиенты" },
  { label: "Малому", clientType: CLIENT_TYPE_SMALL, who: "клиенты малого опта" },
  { label: "Крупному", clientType: CLIENT_TYPE_LARGE, who: "клиенты крупного опта" },
] as const;
type Audience = (typeof AUDIENCES)[number];

const schedule = ZClientMessageScheduleSchema.shape;
const sendNow = ZClientMessageSendFieldsSchema.shape;
/** With a photo the text is its caption, which Telegram keeps shorter. */
const captionSchema = sendNow.text.max(
  PHOTO_CAPTION_MAX,
  `С фото текст не длиннее ${PHOTO_CAPTION_MAX} символов`,
);
type MessageForm = { text: string; send_time: string };

/**
 * The request's fields the dialog shows, checked as the server checks them: a scheduled message's text and
 * time, or a message sent now, whose text is a caption when a photo goes with it.
 */
function formSchema(mode: Props["mode"], withPhoto: boolean): z.ZodType<MessageForm, MessageForm> {
  if (mode === "scheduled") return z.object({ text: schedule.text, send_time: schedule.send_time });
  return z.object({ text: withPhoto ? captionSchema : sendNow.text, send_time: z.string() });
}

const EMPTY: MessageForm = { text: "", send_time: "" };

/** The common message dialog and the scheduled message dialog (spec: Messages screen). */
export function MessageDialog({ mode, open, onClose }: Props) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // The buttons wait for a message the server would take, and say what is wrong as it is typed.
  const { form, submitTo } = useSchemaForm(formSchema(mode, photo !== null), {
    mode: "onChange",
    defaultValues: EMPTY,
  });
  const { control, formState, getValues, trigger, reset } = form;
  // A message sent now reaches a whole wholesale type or everyone at once: the button asks first.
  const [asking, setAsking] = useState<Audience | null>(null);
  const recipients = useRecipientCount(asking && { client_type: asking.clientType });
  const send = useSendMessage();
  const scheduleMessage = useScheduleMessage();
  const busy = send.isPending || scheduleMessage.isPending;

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a photo added or taken away changes how long the text may be (the form's schema), so the text is checked again.
  useEffect(() => {
    if (getValues("text") !== "") void trigger("text");
  }, [photo, getValues, trigger]);

  const close = () => {
    reset(EMPTY);
    setPhoto(null);
    onClose();
  };

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) {
      notify.error("Фото больше 10 МБ");
      return;
    }
    // By content, as the server checks it: a text file named «.png» is refused here, once, rather than
    // uploaded to be refused again.
    if ((await imageTypeOf(file)) === null) {
      notify.error(PHOTO_TYPE_ERROR);
      return;
    }
    setPhoto(file);
  };

  const submit = (clientType: Audience["clientType"]) =>
    submitTo(
      ({ text, send_time }) =>
        mode === "scheduled"
          ? scheduleMessage.mutateAsync({ text, send_time, client_type: clientType ?? null })
          : send.mutateAsync({ text, photo, client_type: clientType }),
      close,
    )();

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{mode === "scheduled" ? "Отложенное сообщение" : "Сообщение"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {mode === "scheduled" && (
            <FormTextField
              control={control}
              name="send_time"
              label="Время"
              type="time"
              helperText="Ближайшее такое время по Москве: сегодня, если оно ещё не прошло, иначе завтра"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          <FormTextField control={control} name="text" label="Текст" multiline minRows={4} />
          {mode === "now" && (
            <Box>
              {preview ? (
                <Stack direction="row" spacing={1} alignItems="flex-start">
                  <Box
                    component="img"
                    src={preview}
                    alt="Предпросмотр фото"
                    sx={{ maxWidth: 240, maxHeight: 180, borderRadius: 1, border: 1, borderColor: "divider" }}
                  />
                  <Tooltip title="Убрать фото">
                    <IconButton aria-label="Убрать фото" onClick={() => setPhoto(null)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ) : (
                <Button component="label" startIcon={<AddPhotoAlternateIcon />}>
                  Прикрепить фото
                  <input
                    hidden
                    type="file"
                    accept={PHOTO_MIME_TYPES.join(",")}
                    aria-label="Фото"
                    onChange={(e) => {
                      void pickPhoto(e.target.files?.[0]);
                      e.target.value = "";
                    }}
                  />
                </Button>
              )}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Отмена</Button>
        {AUDIENCES.map((a) => (
          <Button
            key={a.label}
            variant="contained"
            disabled={!formState.isValid || busy}
            onClick={() => (mode === "now" ? setAsking(a) : void submit(a.clientType))}
          >
            {a.label}
          </Button>
        ))}
      </DialogActions>
      <ConfirmDialog
        open={asking !== null}
        title="Отправить сообщение сейчас?"
        text={recipientsText(asking?.who ?? "", recipients.data?.count)}
        confirmLabel="Отправить"
        onConfirm={() => asking && void submit(asking.clientType)}
        onClose={() => setAsking(null)}
      />
    </Dialog>
  );
}
