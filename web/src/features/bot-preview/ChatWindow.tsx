import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useEffect, useRef } from "react";
import type { Bubble } from "./chat-state.ts";

type Props = {
  bubbles: Bubble[];
  /** A step is on its way: the bubbles' buttons wait for its answer. */
  busy: boolean;
  onPress: (data: string, messageId: number) => void;
};

/** The chat as Telegram draws it: the user's and the bot's bubbles, the bot's with their inline buttons. */
export function ChatWindow({ bubbles, busy, onPress }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const count = bubbles.length;
  // The newest bubble stays in view, as in a messenger.
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: "end" });
  }, [count]);
  return (
    <Paper
      variant="outlined"
      // On a phone the chat leaves room for the message field: the two share the screen as in Telegram.
      sx={{ p: 2, height: { xs: "50dvh", sm: 480 }, overflowY: "auto", bgcolor: "#e7ebf0" }}
      data-testid="bot-chat"
    >
      {bubbles.length === 0 && (
        <Typography color="text.secondary" align="center">
          Напишите /start, чтобы начать разговор с ботом.
        </Typography>
      )}
      <Stack spacing={1}>
        {bubbles.map((bubble) => (
          <ChatBubble key={bubble.id} bubble={bubble} disabled={busy} onPress={onPress} />
        ))}
      </Stack>
      <div ref={end} />
    </Paper>
  );
}

function ChatBubble({
  bubble,
  disabled,
  onPress,
}: {
  bubble: Bubble;
  disabled: boolean;
  onPress: (data: string, messageId: number) => void;
}) {
  if (bubble.from === "notice") {
    return (
      <Typography variant="caption" align="center" color="text.secondary" data-testid="bot-notice">
        {bubble.text}
      </Typography>
    );
  }
  const mine = bubble.from === "user";
  return (
    <Box
      sx={{ alignSelf: mine ? "flex-end" : "flex-start", maxWidth: "85%" }}
      data-testid={mine ? "user-bubble" : "bot-bubble"}
    >
      <Paper sx={{ px: 1.5, py: 1, bgcolor: mine ? "#effdde" : "background.paper", whiteSpace: "pre-wrap" }}>
        <Typography variant="body2">{bubble.text}</Typography>
      </Paper>
      {bubble.from === "bot" &&
        bubble.buttons.map((row) => (
          <Stack direction="row" spacing={0.5} mt={0.5} key={row.map((b) => `${b.text}:${b.data}`).join("|")}>
            {row.map((button) => (
              <Button
                key={`${button.text}:${button.data}`}
                size="small"
                variant="contained"
                color="inherit"
                fullWidth
                disabled={disabled || button.data === null}
                onClick={() => button.data && onPress(button.data, bubble.messageId)}
                sx={{ textTransform: "none" }}
              >
                {button.text}
              </Button>
            ))}
          </Stack>
        ))}
    </Box>
  );
}
