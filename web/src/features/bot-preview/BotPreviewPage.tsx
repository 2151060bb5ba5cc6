import { Alert, Button, FormControlLabel, Stack, Switch } from "@mui/material";
import type { TBotPreviewAction } from "@wholesale/contract";
import { useState } from "react";
import { useBotPreview } from "./api.ts";
import { ChatWindow } from "./ChatWindow.tsx";
import { addUserBubble, applyReply, type ChatState, emptyChat } from "./chat-state.ts";
import { MessageField } from "./MessageField.tsx";
import { ReplyKeyboard } from "./ReplyKeyboard.tsx";
import { useMiniAppTab } from "./use-mini-app-tab.ts";
import { NEW_USER, type Who, WhoPicker } from "./WhoPicker.tsx";

/**
 * Staff chat with the real bot as a client, or as a new user, without Telegram: every step goes through the
 * server's handlers, and the replies are drawn here as chat bubbles with their buttons. Top to bottom: who
 * writes and in which mode, the chat (`ChatWindow.tsx`), the bot's reply keyboard and the message field.
 */
export default function BotPreviewPage() {
  const [who, setWho] = useState<Who>(NEW_USER);
  const [dryRun, setDryRun] = useState(true);
  const [chat, setChat] = useState<ChatState>(emptyChat);
  const preview = useBotPreview();
  const miniApp = useMiniAppTab();

  async function act(action: TBotPreviewAction, shown: string | null) {
    if (shown !== null) setChat((c) => addUserBubble(c, shown));
    const reply = await preview.mutateAsync({ client: who.id, dry_run: who.id === null || dryRun, action });
    setChat((c) => applyReply(c, reply));
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
          <Button
            disabled={miniApp.opening}
            onClick={() => who.id !== null && void miniApp.open(who.id, dryRun)}
          >
            Открыть каталог
          </Button>
        )}
      </Stack>
      {miniApp.refusal && <Alert severity="warning">Каталог клиенту недоступен: {miniApp.refusal}</Alert>}
      <Alert severity={who.id === null || dryRun ? "info" : "warning"}>
        {who.id === null || dryRun
          ? "Пробный режим: бот отвечает как обычно, но заказы, заявки и претензии не сохраняются."
          : "Заказы и претензии сохраняются по-настоящему от имени клиента."}
      </Alert>
      <ChatWindow
        bubbles={chat.bubbles}
        busy={preview.isPending}
        onPress={(data, messageId) => void act({ type: "callback", data, message_id: messageId }, null)}
      />
      {chat.replyKeyboard.length > 0 && (
        <ReplyKeyboard
          keyboard={chat.replyKeyboard}
          busy={preview.isPending}
          onPress={(button) =>
            void (button.request_contact
              ? act({ type: "contact" }, "📞 Номер телефона")
              : act({ type: "text", text: button.text }, button.text))
          }
        />
      )}
      <MessageField
        busy={preview.isPending}
        onSend={(typed) => void act({ type: "text", text: typed }, typed)}
      />
    </Stack>
  );
}
