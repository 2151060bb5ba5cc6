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
import { type FormEvent, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { notify } from "../../notices/notify.tsx";
import { landingPath, signIn, useSession } from "../../session/session.ts";

// Two required fields with the spec's own messages (the username one says "Email" in the original product,
// and staff know it so). Plain state rather than a form library or a zod schema: this screen is the first
// download, and its budget (web/first-load-budget.test.ts) has no room for either.
type LoginForm = { username: string; password: string };
type LoginErrors = Partial<Record<keyof LoginForm, string>>;

function check({ username, password }: LoginForm): LoginErrors {
  return {
    ...(username.trim() === "" ? { username: "Email обязателен" } : {}),
    ...(password === "" ? { password: "Пароль обязателен" } : {}),
  };
}

export default function LoginPage() {
  const navigate = useNavigate();
  const { status } = useSession();
  const [values, setValues] = useState<LoginForm>({ username: "", password: "" });
  // Like a form library's default: messages appear on submit, then follow the typing.
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const errors = submitted ? check(values) : {};
  // Its own tab title: after a sign-out the tab would otherwise still name the section just left.
  useEffect(() => {
    document.title = "Вход — Бэк-офис";
  }, []);

  const field = (name: keyof LoginForm) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(check(values)).length > 0 || isSubmitting) return;
    setSubmitting(true);
    try {
      const user = await signIn(values.username.trim(), values.password);
      // «Ошибка авторизации» from a mistyped attempt would otherwise stay beside «Вы успешно вошли».
      notify.clear();
      notify.success("Вы успешно вошли в систему");
      navigate(landingPath(user), { replace: true });
    } catch (error) {
      const text =
        error instanceof ApiError && error.status !== 401 ? error.detail : "Неверный логин или пароль";
      notify.error(text, "Ошибка авторизации");
    } finally {
      setSubmitting(false);
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
          <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
            <LoginField
              label="Имя пользователя"
              autoComplete="username"
              autoFocus
              error={errors.username}
              {...field("username")}
            />
            <LoginField
              label="Пароль"
              type="password"
              autoComplete="current-password"
              error={errors.password}
              {...field("password")}
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
