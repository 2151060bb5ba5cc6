import { Button, Stack } from "@mui/material";
import type { ReplyKeyboard as Keyboard } from "./chat-state.ts";

type Props = {
  keyboard: Keyboard;
  busy: boolean;
  /** A button pressed: its text sent, or the phone number shared for «request_contact». */
  onPress: (button: Keyboard[number][number]) => void;
};

/** The bot's reply keyboard under the chat, row by row, as Telegram shows it in place of the keyboard. */
export function ReplyKeyboard({ keyboard, busy, onPress }: Props) {
  return (
    <Stack spacing={1} data-testid="reply-keyboard">
      {keyboard.map((row) => (
        <Stack direction="row" spacing={1} key={row.map((b) => b.text).join("|")}>
          {row.map((button) => (
            <Button
              key={button.text}
              variant="outlined"
              fullWidth
              disabled={busy}
              onClick={() => onPress(button)}
            >
              {button.text}
            </Button>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
