import {
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
import { alpha } from "@mui/material/styles";
import type { TTokenRequest } from "@wholesale/contract";
import { useEffect, useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { notify } from "../../notices/notify.tsx";
import { landingPath, signIn, useSession } from "../../session/session.ts";

/**
 * The form is checked by the contract's sign-in schema, as every form is by its request's (its messages are the
 * spec's «Email обязателен» and «Пароль обязателен»), but the schema, zod and the resolver load with the first
 * check rather than with this screen: it is the first download, and its budget (web/first-load-budget.test.ts)
 * has no room for them. The sign-in call needs the same chunk a moment later anyway.
 */
const resolver: Resolver<TTokenRequest> = async (values, context, options) => {
  const [{ zodResolver }, { ZTokenRequestSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@wholesale/contract/session"),
  ]);
  return zodResolver(ZTokenRequestSchema)(values, context, options);
};

export default function LoginPage() {
  const navigate = useNavigate();
  const { status } = useSession();
  // Like every form: messages appear on submit, then follow the typing.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TTokenRequest>({ resolver, defaultValues: { username: "", password: "" } });
  // Its own tab title: after a sign-out the tab would otherwise still name the section just left.
  useEffect(() => {
    document.title = "Вход — Бэк-офис";
  }, []);

  const onSubmit = handleSubmit(async ({ username, password }) => {
    try {
      const user = await signIn(username, password);
      // «Ошибка авторизации» from a mistyped attempt would otherwise stay beside «Вы успешно вошли».
      notify.clear();
      notify.success("Вы успешно вошли в систему");
      navigate(landingPath(user), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(error, setError);
      const text =
        error instanceof ApiError && error.status !== 401 ? error.detail : "Неверный логин или пароль";
      notify.error(text, "Ошибка авторизации");
    }
  });

  return (
    <Box
      component="main"
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
              error={errors.username?.message}
              {...register("username")}
            />
            <LoginField
              label="Пароль"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register("password")}
            />
            {status === "error" && <SignInFailed />}
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

/**
 * «Ошибка входа», tinted as an error notice is. Not MUI's Alert: its icons and paper would cost the first
 * download as much as the form library does.
 */
function SignInFailed() {
  return (
    <Typography
      role="alert"
      variant="body2"
      sx={{
        px: 2,
        py: 1.5,
        borderRadius: 1,
        color: "error.dark",
        bgcolor: (t) => alpha(t.palette.error.main, 0.08),
      }}
    >
      Ошибка входа
    </Typography>
  );
}
