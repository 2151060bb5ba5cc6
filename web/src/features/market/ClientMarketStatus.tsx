import { Typography } from "@mui/material";
import { useClientMarketStatus } from "./api.ts";

/** «Маркет открыт до 18:00» / «Маркет закрыт, откроется в 09:00» for one client, by the server's rules. */
export function ClientMarketStatus({ clientId }: { clientId: number }) {
  const status = useClientMarketStatus(clientId);
  if (!status.data) return null;
  return (
    <Typography
      variant="body2"
      sx={{ mb: 2, color: status.data.is_open ? "success.main" : "text.secondary" }}
    >
      {status.data.message}
    </Typography>
  );
}
