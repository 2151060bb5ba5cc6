import { Stack } from "@mui/material";
import { BotTextsCard } from "./BotTextsCard.tsx";
import { MarketStatusCard } from "./MarketStatusCard.tsx";
import { SchedulesCard } from "./SchedulesCard.tsx";

/** /settings (part 2, 2.8): market status, market schedules and the bot's texts. The app bar holds the title. */
export default function SettingsPage() {
  return (
    <Stack spacing={3}>
      <MarketStatusCard />
      <SchedulesCard />
      <BotTextsCard />
    </Stack>
  );
}
