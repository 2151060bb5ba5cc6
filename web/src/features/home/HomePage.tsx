import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from "@mui/material";
import { Link } from "react-router";
import { SECTIONS } from "../../app/sections.tsx";
import { can, useSession } from "../../app/session.ts";

const ROLE_NAMES = {
  superuser: "Суперюзер",
  office: "Офис",
  storehouse: "Склад",
  seller: "Продажник",
} as const;

/** The main page: a greeting and the sections the user's role opens. */
export default function HomePage() {
  const { myUser } = useSession();
  if (!myUser) return null;
  const sections = SECTIONS.filter((s) => s.path !== "/" && can(myUser, s.permission));

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h5" component="h1">
          Здравствуйте, {myUser.username}
        </Typography>
        <Typography color="text.secondary">Роль: {ROLE_NAMES[myUser.role]}</Typography>
      </div>
      <Grid container spacing={2}>
        {sections.map((s) => (
          <Grid key={s.path} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={s.path}>
                <CardContent>
                  <Stack direction="row" spacing={1.5} alignItems="center" sx={{ color: "primary.main" }}>
                    {s.icon}
                    <Typography variant="subtitle1" color="text.primary">
                      {s.label}
                    </Typography>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
