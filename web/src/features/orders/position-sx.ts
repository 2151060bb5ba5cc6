import type { SxProps, Theme } from "@mui/material";
import type { TPositionStatus } from "@wholesale/contract";

/** Sent-to-collect positions are green; collected ones are struck through. */
export const positionSx = (status: TPositionStatus): SxProps<Theme> =>
  status === "sent_to_collect"
    ? { color: "success.main" }
    : status === "collected"
      ? { textDecoration: "line-through", color: "text.secondary" }
      : {};
