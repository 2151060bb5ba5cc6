import { Button, Stack, Typography } from "@mui/material";
import type { TClient, TClientUpdate } from "@wholesale/contract";
import { clientStatus } from "../status.ts";

/** The client's status and the toggles that change it at once, apart from the form's save. */
export function StatusButtons({
  client,
  onToggle,
}: {
  client: TClient;
  onToggle: (body: TClientUpdate) => Promise<void>;
}) {
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2, pt: 1 }}>
      <Typography>
        Статус: <strong>{clientStatus(client)}</strong>
      </Typography>
      <Button size="small" variant="outlined" onClick={() => onToggle({ is_active: !client.is_active })}>
        {client.is_active ? "Деактивировать" : "Активировать"}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        onClick={() => onToggle({ banned: !client.banned })}
      >
        {client.banned ? "Снять временный бан" : "Временный бан"}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => onToggle({ permanent_banned: !client.permanent_banned })}
      >
        {client.permanent_banned ? "Снять вечный бан" : "Вечный бан"}
      </Button>
    </Stack>
  );
}
