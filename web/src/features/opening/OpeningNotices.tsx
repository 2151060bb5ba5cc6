import { Box, Typography } from "@mui/material";
import type { TMarketOpening } from "@wholesale/contract";

type Notices = TMarketOpening["notices"];

const LINES: { key: keyof Notices; label: string }[] = [
  { key: "queued", label: "Всего" },
  { key: "sent", label: "Доставлено" },
  { key: "pending", label: "Ждут отправки" },
  { key: "failed", label: "Не доставлено" },
];

/** The delivery of the opening's notices (the «pre-start» text and the prepared lists' reminder), as a term list. */
export function OpeningNotices({ notices }: { notices: Notices }) {
  return (
    <Box
      component="dl"
      data-testid="opening-notices"
      sx={{ display: "grid", gridTemplateColumns: "1fr auto", columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {LINES.map(({ key, label }) => (
        <Box key={key} sx={{ display: "contents" }} data-testid={`notices-${key}`}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: "right" }}>
            {notices[key]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
