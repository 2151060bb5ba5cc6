import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import {
  type TAddClient,
  type TClientGroup,
  type TRegistrationRequest,
  type TTransportation,
  ZAddClientSchema,
} from "@wholesale/contract";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useUpdateRequest } from "./api.ts";
import { VOLUMES } from "./status.ts";

type FormValues = {
  nickname: string;
  group: number | "";
  transportation: number | "";
  client_type: number | "";
  allowed_price: boolean;
  allowed_price_w_markup: boolean;
};

const toPayload = (v: FormValues) => ({
  nickname: v.nickname,
  group: v.group === "" ? undefined : v.group,
  transportation: v.transportation === "" ? undefined : v.transportation,
  client_type: v.client_type === "" ? undefined : v.client_type,
  allowed_price: v.allowed_price,
  allowed_price_w_markup: v.allowed_price && v.allowed_price_w_markup,
});

/** The four required messages come from the contract's schema, the one the server checks too. */
const resolver: Resolver<FormValues> = async (values) => {
  const result = ZAddClientSchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as keyof FormValues;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

type Props = {
  request: TRegistrationRequest;
  groups: TClientGroup[];
  transportations: TTransportation[];
  onClose: () => void;
};

/**
 * Adds the client from a registration request: name, group, direction and volume, all required, and whether
 * the client sees prices (on unless unticked) and with the group's markup (off unless ticked).
 */
export function AddClientDialog({ request, groups, transportations, onClose }: Props) {
  const confirm = useUpdateRequest("Клиент добавлен", "Не удалось добавить клиента");
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    defaultValues: {
      nickname: request.client.nickname,
      group: "",
      transportation: "",
      client_type: "",
      allowed_price: true,
      allowed_price_w_markup: false,
    },
  });
  const allowedPrice = watch("allowed_price");
  const onSubmit = async (values: FormValues) => {
    await confirm.mutateAsync({
      id: request.id,
      body: { confirmed: true, client: ZAddClientSchema.parse(toPayload(values)) as TAddClient },
    });
    onClose();
  };
  const select = (
    name: "group" | "transportation" | "client_type",
    label: string,
    options: { value: number; label: string }[],
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          {...field}
          error={!!errors[name]}
          helperText={errors[name]?.message}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  // The client dialog's labels; markup needs prices, so it is off and disabled without them.
  const flag = (name: "allowed_price" | "allowed_price_w_markup", label: string, disabled: boolean) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox checked={field.value && !disabled} onChange={(e) => field.onChange(e.target.checked)} />
          }
        />
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle>Добавить клиента</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Имя"
              autoFocus
              error={!!errors.nickname}
              helperText={errors.nickname?.message}
              {...register("nickname")}
            />
            {select(
              "group",
              "Группа клиента",
              groups.filter((g) => g.is_active).map((g) => ({ value: g.id, label: g.name })),
            )}
            {select(
              "transportation",
              "Направление",
              transportations.filter((d) => d.is_active).map((d) => ({ value: d.id, label: d.name })),
            )}
            {select("client_type", "Объем закупки", [...VOLUMES])}
            <Stack>
              {flag("allowed_price", "Может смотреть цены", false)}
              {flag("allowed_price_w_markup", "Цены с наценкой", !allowedPrice)}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Добавить
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
