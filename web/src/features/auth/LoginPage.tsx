import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { z } from "@wholesale/contract";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { notify } from "../../app/notify.tsx";
import { landingPath, signIn, useSession } from "../../app/session.ts";

// The spec's own messages (the username one says "Email" in the original product, and staff know it so).
const ZLoginFormSchema = z.object({
  username: z.string().trim().min(1, "Email обязателен"),
  password: z.string().min(1, "Пароль обязателен"),
});
type LoginForm = z.infer<typeof ZLoginFormSchema>;

export default function LoginPage() {
  const navigate = useNavigate();
  const { status } = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(ZLoginFormSchema),
    defaultValues: { username: "", password: "" },
  });

  const onSubmit = async ({ username, password }: LoginForm) => {
    try {
      const user = await signIn(username, password);
      notify.success("Вы успешно вошли в систему");
      navigate(landingPath(user), { replace: true });
    } catch (error) {
      const text =
        error instanceof ApiError && error.status !== 401 ? error.detail : "Неверный логин или пароль";
      notify.error(text, "Ошибка авторизации");
    }
  };

  return (
    <Box
      sx={{ minHeight: "100vh", display: "grid", placeItems: "center", bgcolor: "background.default", p: 2 }}
    >
      <Card sx={{ width: 380, maxWidth: "100%" }} elevation={3}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Вход
          </Typography>
          <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)}>
            <TextField
              label="Имя пользователя"
              autoComplete="username"
              autoFocus
              size="medium"
              error={!!errors.username}
              helperText={errors.username?.message}
              {...register("username")}
            />
            <TextField
              label="Пароль"
              type="password"
              autoComplete="current-password"
              size="medium"
              error={!!errors.password}
              helperText={errors.password?.message}
              {...register("password")}
            />
            {status === "error" && <Alert severity="error">Ошибка входа</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              Войти
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
