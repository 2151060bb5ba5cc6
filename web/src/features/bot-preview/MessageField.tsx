import { Button, Stack, TextField } from "@mui/material";
import { type FormEvent, useState } from "react";

/** The message to type; «Отправить» sends it trimmed and empties the field, unless a step is on its way. */
export function MessageField({ busy, onSend }: { busy: boolean; onSend: (text: string) => void }) {
  const [text, setText] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = text.trim();
    if (!typed || busy) return;
    setText("");
    onSend(typed);
  }

  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={submit}
      sx={{
        // On a phone the field stays at the bottom of the screen whatever the page's scroll.
        position: { xs: "sticky", sm: "static" },
        bottom: 0,
        zIndex: 1,
        py: 1,
        bgcolor: "background.default",
      }}
    >
      <TextField
        fullWidth
        size="small"
        label="Сообщение"
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 4096 } }}
      />
      <Button type="submit" variant="contained" disabled={busy || !text.trim()}>
        Отправить
      </Button>
    </Stack>
  );
}
