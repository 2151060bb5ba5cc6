import { Backdrop, CircularProgress } from "@mui/material";

/** The spinner over the whole screen while a page's first data loads. */
export function FullScreenLoader({ open = true }: { open?: boolean }) {
  return (
    <Backdrop open={open} sx={{ zIndex: (t) => t.zIndex.drawer + 2, bgcolor: "rgba(255,255,255,0.6)" }}>
      <CircularProgress aria-label="Загрузка" />
    </Backdrop>
  );
}
