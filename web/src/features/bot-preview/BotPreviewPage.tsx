import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import type { TBotPreviewAction } from "@wholesale/contract";
import { clientDisplayName } from "@wholesale/contract";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useDebounced } from "../../lib/use-debounced.ts";
import { useClientsPage } from "../clients/index.ts";
import { useBotPreview, useMiniAppPreview } from "./api.ts";
import { addUserBubble, applyReply, type Bubble, type ChatState, emptyChat } from "./chat-state.ts";

type Who = { id: number | null; label: string };
const NEW_USER: Who = { id: null, label: "новый пользователь" };

/**
 * Staff chat with the real bot as a client, or as a new user, without Telegram: every step goes through the
 * server's handlers, and the replies are drawn here as chat bubbles with their buttons.
 */
export default function BotPreviewPage() {
  const [who, setWho] = useState<Who>(NEW_USER);
  const [dryRun, setDryRun] = useState(true);
  const [chat, setChat] = useState<ChatState>(emptyChat);
  const [text, setText] = useState("");
  const preview = useBotPreview();
  const miniApp = useMiniAppPreview();
  const [miniAppRefusal, setMiniAppRefusal] = useState<string | null>(null);

  /** The Mini App in a new tab as this client: its token rides in the hash, which is never sent to a server. */
  async function openMiniApp(clientId: number) {
    setMiniAppRefusal(null);
    const tab = window.open("", "_blank");
    const session = await miniApp.mutateAsync({ client: clientId, dry_run: dryRun }).catch(() => null);
    if (session?.status === "client") {
      if (tab) tab.location.href = `/app/#previewToken=${encodeURIComponent(session.token)}`;
      return;
    }
    tab?.close();
    if (session) setMiniAppRefusal(session.detail);
  }
  const end = useRef<HTMLDivElement>(null);

  const bubbles = chat.bubbles.length;
  // The newest bubble stays in view, as in a messenger.
  useEffect(() => {
    if (bubbles > 0) end.current?.scrollIntoView?.({ block: "end" });
  }, [bubbles]);

  async function act(action: TBotPreviewAction, shown: string | null) {
    if (shown !== null) setChat((c) => addUserBubble(c, shown));
    const reply = await preview.mutateAsync({ client: who.id, dry_run: who.id === null || dryRun, action });
    setChat((c) => applyReply(c, reply));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = text.trim();
    if (!typed || preview.isPending) return;
    setText("");
    void act({ type: "text", text: typed }, typed);
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }}>
        <WhoPicker
          value={who}
          onChange={(next) => {
            setWho(next);
            setChat(emptyChat());
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={who.id === null || dryRun}
              disabled={who.id === null}
              onChange={(e) => setDryRun(e.target.checked)}
            />
          }
          label="Пробный режим"
        />
        <Button onClick={() => setChat(emptyChat())}>Очистить</Button>
        {who.id !== null && (
          <Button disabled={miniApp.isPending} onClick={() => who.id !== null && void openMiniApp(who.id)}>
            Открыть каталог
          </Button>
        )}
      </Stack>
      {miniAppRefusal && <Alert severity="warning">Каталог клиенту недоступен: {miniAppRefusal}</Alert>}
      <Alert severity={who.id === null || dryRun ? "info" : "warning"}>
        {who.id === null || dryRun
          ? "Пробный режим: бот отвечает как обычно, но заказы, заявки и претензии не сохраняются."
          : "Заказы и претензии сохраняются по-настоящему от имени клиента."}
      </Alert>
      <Paper
        variant="outlined"
        // On a phone the chat leaves room for the message field: the two share the screen as in Telegram.
        sx={{ p: 2, height: { xs: "50dvh", sm: 480 }, overflowY: "auto", bgcolor: "#e7ebf0" }}
        data-testid="bot-chat"
      >
        {chat.bubbles.length === 0 && (
          <Typography color="text.secondary" align="center">
            Напишите /start, чтобы начать разговор с ботом.
          </Typography>
        )}
        <Stack spacing={1}>
          {chat.bubbles.map((bubble) => (
            <ChatBubble
              key={bubble.id}
              bubble={bubble}
              disabled={preview.isPending}
              onPress={(data, messageId) => void act({ type: "callback", data, message_id: messageId }, null)}
            />
          ))}
        </Stack>
        <div ref={end} />
      </Paper>
      {chat.replyKeyboard.length > 0 && (
        <Stack spacing={1} data-testid="reply-keyboard">
          {chat.replyKeyboard.map((row) => (
            <Stack direction="row" spacing={1} key={row.map((b) => b.text).join("|")}>
              {row.map((button) => (
                <Button
                  key={button.text}
                  variant="outlined"
                  fullWidth
                  disabled={preview.isPending}
                  onClick={() =>
                    void (button.request_contact
                      ? act({ type: "contact" }, "📞 Номер телефона")
                      : act({ type: "text", text: button.text }, button.text))
                  }
                >
                  {button.text}
                </Button>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      {/* On a phone the field stays at the bottom of the screen whatever the page's scroll. */}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={submit}
        sx={{
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
        <Button type="submit" variant="contained" disabled={preview.isPending || !text.trim()}>
          Отправить
        </Button>
      </Stack>
    </Stack>
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

function WhoPicker({ value, onChange }: { value: Who; onChange: (who: Who) => void }) {
  const [input, setInput] = useState("");
  // Only what staff type searches; the label the picker writes back after a choice does not.
  const search = useDebounced(input, 300).trim();
  const found = useClientsPage({ onlyActive: false, search: search || undefined, limit: 20, offset: 0 });
  const clients = (found.data?.results ?? [])
    .filter((c) => c.telegram_id !== null)
    .map((c): Who => ({ id: c.id, label: clientDisplayName(c) }));
  return (
    <Autocomplete
      sx={{ minWidth: 320 }}
      options={[NEW_USER, ...clients]}
      value={value}
      disableClearable
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.id ?? 0}
      onInputChange={(_e, v, reason) => setInput(reason === "input" ? v : "")}
      onChange={(_e, v) => onChange(v)}
      loading={found.isFetching}
      loadingText="Загрузка…"
      renderInput={(params) => <TextField {...params} size="small" label="Кто пишет боту" />}
    />
  );
}
