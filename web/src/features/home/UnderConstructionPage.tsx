import ConstructionIcon from "@mui/icons-material/Construction";
import { Paper, Stack, Typography } from "@mui/material";

/** An honest page for a section that is not built yet. */
export default function UnderConstructionPage() {
  return (
    <Paper sx={{ p: 4 }}>
      <Stack direction="row" spacing={2} alignItems="center">
        <ConstructionIcon color="action" fontSize="large" />
        <div>
          <Typography variant="h6">Раздел в разработке</Typography>
          <Typography color="text.secondary">Этот раздел появится в одной из следующих версий.</Typography>
        </div>
      </Stack>
    </Paper>
  );
}
