import BlockIcon from "@mui/icons-material/Block";
import { Button, Paper, Stack, Typography } from "@mui/material";
import { Link } from "react-router";

export default function ForbiddenPage() {
  return (
    <Paper sx={{ p: 4 }}>
      <Stack direction="row" spacing={2} alignItems="center">
        <BlockIcon color="error" fontSize="large" />
        <div>
          <Typography variant="h6">Нет доступа</Typography>
          <Typography color="text.secondary">Этот раздел недоступен для вашей роли.</Typography>
        </div>
        <Button component={Link} to="/" sx={{ ml: "auto" }}>
          На главную
        </Button>
      </Stack>
    </Paper>
  );
}
