import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Box, IconButton, Tooltip } from "@mui/material";
import type { TOrganization } from "@wholesale/contract";
import { notify } from "../../notices/notify.tsx";

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    notify.success("Ссылка Telegram скопирована!");
  } catch (error) {
    // Part 2, section 8: a failed clipboard copy is only logged.
    console.error("clipboard copy failed", error);
  }
}

/** Copies the client bot's invitation into the organization; disabled, saying why, without a bot username. */
export function CopyInviteLink({ organization }: { organization: TOrganization }) {
  const link = organization.telegram_link;
  return (
    <Tooltip
      title={
        link
          ? "Копировать ссылку Telegram бота"
          : "Ссылка недоступна: не задано имя Telegram бота (TELEGRAM_BOT_USERNAME)"
      }
    >
      <Box component="span">
        <IconButton
          size="small"
          aria-label={`Копировать ссылку Telegram бота: ${organization.name}`}
          disabled={!link}
          onClick={() => link && copyLink(link)}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Box>
    </Tooltip>
  );
}
