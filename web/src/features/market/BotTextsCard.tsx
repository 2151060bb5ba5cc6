import { Box, Button, Card, CardContent, CardHeader, Stack, TextField } from "@mui/material";
import { type TBotTextPath, ZBotTextWriteSchema } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { useBotText, useSaveBotText } from "./api.ts";

/** The six texts in the spec's order (part 2, 2.8), with the API path each is kept under. */
export const BOT_TEXT_EDITORS: { path: TBotTextPath; label: string }[] = [
  { path: "start", label: "Приветственное сообщение (/start)" },
  { path: "market-entry", label: "Сообщение после /market" },
  { path: "pre-start", label: "Сообщение за 5 минут до начала работы" },
  { path: "end", label: "Сообщение об окончании работы" },
  { path: "conditions", label: "Сообщение «Условия»" },
  { path: "guarantee", label: "Сообщение «Гарантия»" },
];

/** The text itself, as the save's body carries it. */
const [ZBotTextValueSchema] = ZBotTextWriteSchema.options;

function BotTextEditor({ path, label }: { path: TBotTextPath; label: string }) {
  const current = useBotText(path);
  const save = useSaveBotText(path);
  const [text, setText] = useState("");
  const saved = current.data?.text;
  // A text the server would refuse (blank, longer than a Telegram message) is not sent, and says why.
  const problem = current.isPending
    ? undefined
    : ZBotTextValueSchema.safeParse(text).error?.issues[0]?.message;
  useEffect(() => {
    if (saved !== undefined) setText(saved);
  }, [saved]);

  return (
    <Box>
      <TextField
        label={label}
        multiline
        minRows={3}
        fullWidth
        value={text}
        disabled={current.isPending}
        onChange={(e) => setText(e.target.value)}
        error={problem !== undefined}
        helperText={problem}
      />
      <Box sx={{ mt: 1, display: "flex", justifyContent: "flex-end" }}>
        <Button
          variant="outlined"
          aria-label={`Изменить: ${label}`}
          disabled={save.isPending || current.isPending || text === saved || problem !== undefined}
          onClick={() => save.mutate(text)}
        >
          Изменить
        </Button>
      </Box>
    </Box>
  );
}

/** Card 3: the bot's texts; each «Изменить» saves a new version, the latest is what the bot sends. */
export function BotTextsCard() {
  return (
    <Card>
      <CardHeader title="Настройки бота" />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={3}>
          {BOT_TEXT_EDITORS.map((e) => (
            <BotTextEditor key={e.path} path={e.path} label={e.label} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
