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
  TextField,
  Tooltip,
} from "@mui/material";
import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  PHOTO_CAPTION_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  PHOTO_TYPE_ERROR,
} from "@wholesale/contract";
import { useEffect, useState } from "react";
import { imageTypeOf } from "../../lib/image-type.ts";
import { notify } from "../../notices/notify.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
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

/** The common message dialog and the scheduled message dialog (spec: Messages screen). */
export function MessageDialog({ mode, open, onClose }: Props) {
  const [text, setText] = useState("");
  const [time, setTime] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A message sent now reaches a whole wholesale type or everyone at once: the button asks first.
  const [asking, setAsking] = useState<Audience | null>(null);
  const recipients = useRecipientCount(asking && { client_type: asking.clientType });
  const send = useSendMessage();
  const schedule = useScheduleMessage();
  const busy = send.isPending || schedule.isPending;

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const close = () => {
    setText("");
    setTime("");
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

  const submit = (clientType: Audience["clientType"]) => {
    if (mode === "scheduled") {
      schedule.mutate({ text, send_time: time, client_type: clientType ?? null }, { onSuccess: close });
    } else {
      send.mutate({ text, photo, client_type: clientType }, { onSuccess: close });
    }
  };

  const tooLong = photo !== null && text.length > PHOTO_CAPTION_MAX;
  const ready = text.trim() !== "" && (mode === "now" || time !== "") && !tooLong && !busy;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{mode === "scheduled" ? "Отложенное сообщение" : "Сообщение"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {mode === "scheduled" && (
            <TextField
              label="Время"
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              helperText="Ближайшее такое время по Москве: сегодня, если оно ещё не прошло, иначе завтра"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          <TextField
            label="Текст"
            multiline
            minRows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={tooLong}
            helperText={tooLong ? `С фото текст не длиннее ${PHOTO_CAPTION_MAX} символов` : undefined}
          />
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
            disabled={!ready}
            onClick={() => (mode === "now" ? setAsking(a) : submit(a.clientType))}
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
        onConfirm={() => asking && submit(asking.clientType)}
        onClose={() => setAsking(null)}
      />
    </Dialog>
  );
}
