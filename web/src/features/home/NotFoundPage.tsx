import { Button, Paper, Stack, Typography } from "@mui/material";
import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <Paper sx={{ p: 4 }}>
      <Stack spacing={1} alignItems="flex-start">
        <Typography variant="h6">Страница не найдена</Typography>
        <Button component={Link} to="/">
          На главную
        </Button>
      </Stack>
    </Paper>
  );
}
