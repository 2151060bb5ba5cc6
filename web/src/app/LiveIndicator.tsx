import UpdateIcon from "@mui/icons-material/Update";
import { Box, Tooltip, Typography } from "@mui/material";
import { useLiveState, useShortestPolling } from "../lib/live-refresh.ts";

/** Read by screen readers in place of the short label and the icon, which say it to the eye. */
const READ_ONLY = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
} as const;

/** «раз в 15 секунд», «раз в минуту». */
export function everyText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds === 60) return "раз в минуту";
  const tens = seconds % 100;
  const ones = seconds % 10;
  const unit =
    tens >= 11 && tens <= 14
      ? "секунд"
      : ones === 1
        ? "секунду"
        : ones >= 2 && ones <= 4
          ? "секунды"
          : "секунд";
  return `раз в ${seconds} ${unit}`;
}

/**
 * The app bar's quiet word that the screens are not live: the stream was refused, lost or held back, so they
 * read by their timers. Nothing while the stream is live, or while it is (re)opening. A polite status region
 * always in place, so a screen reader hears it come and go.
 */
export function LiveIndicator() {
  const state = useLiveState();
  const every = useShortestPolling();
  const explanation = `Нет живого соединения с сервером: данные обновляются ${every ? everyText(every) : "по таймеру"}`;
  return (
    <Box role="status" sx={{ display: "flex", mr: 1 }}>
      {state === "polling" && (
        <Tooltip title={explanation} describeChild>
          <Box
            component="span"
            data-testid="live-fallback"
            sx={{ display: "flex", alignItems: "center", gap: 0.5, whiteSpace: "nowrap" }}
          >
            <UpdateIcon fontSize="small" />
            <Typography variant="caption" aria-hidden sx={{ display: { xs: "none", sm: "inline" } }}>
              Обновление по таймеру
            </Typography>
            <Box component="span" sx={READ_ONLY}>
              {explanation}
            </Box>
          </Box>
        </Tooltip>
      )}
    </Box>
  );
}
