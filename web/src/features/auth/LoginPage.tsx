import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
  Stack,
  Typography,
} from "@mui/material";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { notify } from "../../app/notify.tsx";
import { landingPath, signIn, useSession } from "../../app/session.ts";

// Two required fields with the spec's own messages (the username one says "Email" in the original product,
// and staff know it so). Plain rules rather than a zod schema: zod is not downloaded before the first call.
type LoginForm = { username: string; password: string };
const RULES = {
  username: { validate: (value: string) => value.trim() !== "" || "Email обязателен" },
  password: { required: "Пароль обязателен" },
} as const;

export default function LoginPage() {
  const navigate = useNavigate();
  const { status } = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    defaultValues: { username: "", password: "" },
  });

  const onSubmit = async ({ username, password }: LoginForm) => {
    try {
      const user = await signIn(username.trim(), password);
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
      <Card sx={{ width: "100%", maxWidth: 380 }} elevation={3}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Вход
          </Typography>
          <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)}>
            <LoginField
              label="Имя пользователя"
              autoComplete="username"
              autoFocus
              error={errors.username?.message}
              {...register("username", RULES.username)}
            />
            <LoginField
              label="Пароль"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register("password", RULES.password)}
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

/**
 * An outlined field built from MUI's parts rather than TextField: TextField also brings Select with its
 * menu, popover and modal, which the login screen never uses and would otherwise download first.
 */
function LoginField({
  label,
  error,
  ...input
}: Omit<OutlinedInputProps, "error"> & { label: string; error: string | undefined }) {
  const id = useId();
  return (
    <FormControl error={error !== undefined} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
