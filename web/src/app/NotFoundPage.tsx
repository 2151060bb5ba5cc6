import { Button, Paper, Stack, Typography } from "@mui/material";
import { Link } from "react-router";

export const NOT_FOUND_TITLE = "Страница не найдена";

export default function NotFoundPage() {
  return (
    <Paper sx={{ p: 4 }}>
      <Stack spacing={1} alignItems="flex-start">
        <Typography variant="h6">{NOT_FOUND_TITLE}</Typography>
        <Button component={Link} to="/">
          На главную
        </Button>
      </Stack>
    </Paper>
  );
}
