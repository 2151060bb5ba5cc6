import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import {
  type TAccount,
  type TAccountCreate,
  ZAccountCreateSchema,
  ZAccountUpdateSchema,
  type z,
} from "@wholesale/contract";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { ApiError } from "../../api/client.ts";
import { firstErrors } from "../../lib/form-errors.ts";
import { useCreateAccount, useUpdateAccount } from "./api.ts";

const ROLES = [
  { value: "office", label: "Офис" },
  { value: "storehouse", label: "Склад" },
  { value: "seller", label: "Продажник" },
] as const;
type Role = (typeof ROLES)[number]["value"] | "";
type FormValues = { username: string; password: string; role: Role };

const toPayload = ({ username, password, role }: FormValues): TAccountCreate => ({
  username,
  password,
  is_office: role === "office",
  is_storehouse: role === "storehouse",
  is_seller: role === "seller",
});

/** Maps the contract's field names onto the form's: the three role flags are one radio group here. */
const formField = (field: string): keyof FormValues =>
  field.startsWith("is_") ? "role" : field === "password" ? "password" : "username";

/** Validates with the server's own request schema, so the dialog and the API can never disagree. */
function resolverFor(
  schema: typeof ZAccountCreateSchema | typeof ZAccountUpdateSchema,
): Resolver<FormValues> {
  return async (values) => {
    const result = (schema as z.ZodType).safeParse(toPayload(values));
    if (result.success) return { values, errors: {} };
    const messages = firstErrors(result.error, ([field]) => formField(String(field ?? "username")));
    const errors: FieldErrors<FormValues> = Object.fromEntries(
      Object.entries(messages).map(([field, message]) => [field, { type: "validate", message }]),
    );
    return { values: {}, errors };
  };
}

type Props = { open: boolean; account: TAccount | null; onClose: () => void };

/** Add or edit an account: username, password and one of the three roles. */
export function AccountDialog({ open, account, onClose }: Props) {
  const editing = account !== null;
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const roleOf = (a: TAccount): Role =>
    a.is_office ? "office" : a.is_storehouse ? "storehouse" : a.is_seller ? "seller" : "";
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: resolverFor(editing ? ZAccountUpdateSchema : ZAccountCreateSchema),
    values: { username: account?.username ?? "", password: "", role: account ? roleOf(account) : "" },
  });

  const onSubmit = async (values: FormValues) => {
    try {
      if (account) await update.mutateAsync({ id: account.id, body: toPayload(values) });
      else await create.mutateAsync(toPayload(values));
      onClose();
    } catch (error) {
      // The toast says what failed; the field the server named shows why.
      for (const [field, messages] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
        setError(formField(field), { message: messages[0] });
      }
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle>{editing ? "Редактировать аккаунт" : "Добавить аккаунт"}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Имя пользователя"
              autoFocus
              autoComplete="off"
              error={!!errors.username}
              helperText={errors.username?.message}
              {...register("username")}
            />
            <TextField
              label="Пароль"
              type="password"
              autoComplete="new-password"
              error={!!errors.password}
              helperText={
                errors.password?.message ?? (editing ? "Оставьте пустым, чтобы не менять" : undefined)
              }
              {...register("password")}
            />
            <FormControl error={!!errors.role}>
              <FormLabel id="account-role">Роль</FormLabel>
              <Controller
                name="role"
                control={control}
                render={({ field }) => (
                  <RadioGroup row aria-labelledby="account-role" {...field}>
                    {ROLES.map((r) => (
                      <FormControlLabel key={r.value} value={r.value} control={<Radio />} label={r.label} />
                    ))}
                  </RadioGroup>
                )}
              />
              {errors.role && <FormHelperText>{errors.role.message}</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Сохранить
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
