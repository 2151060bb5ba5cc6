import {
  Autocomplete,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  REQUIRED_MESSAGE,
  type TClient,
  type TClientGroup,
  type TClientUpdate,
  type TTransportation,
  ZClientUpdateSchema,
} from "@wholesale/contract";
import { useState } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useBrands } from "../catalogue/api.ts";
import { ClientMarketStatus } from "../market/ClientMarketStatus.tsx";
import { useOrganizations, useUpdateClient } from "./api.ts";
import { clientStatus, VOLUMES } from "./status.ts";

type FormValues = {
  nickname: string;
  organization: number | "";
  organization_name: string;
  group: number | "";
  transportation: number | "";
  client_type: number | "";
  suspicious: boolean;
  allowed_price: boolean;
  allowed_price_w_markup: boolean;
  client_small_wholesale: boolean;
  client_large_wholesale: boolean;
  banned_brands: string[];
  all_prices: string[];
  total_limit: string;
};

const orNull = (v: number | "") => (v === "" ? null : v);

function toPayload(v: FormValues): TClientUpdate {
  return {
    nickname: v.nickname,
    organization: orNull(v.organization),
    organization_name: v.organization_name,
    group: orNull(v.group),
    transportation: orNull(v.transportation),
    client_type: v.client_type === 2 || v.client_type === 3 ? v.client_type : null,
    suspicious: v.suspicious,
    allowed_price: v.allowed_price,
    allowed_price_w_markup: v.allowed_price && v.allowed_price_w_markup,
    client_small_wholesale: v.client_small_wholesale,
    client_large_wholesale: v.client_large_wholesale,
    accessrules: {
      banned_brands: v.banned_brands,
      all_prices: v.all_prices,
      total_limit: v.total_limit.trim() === "" ? null : Number(v.total_limit.replace(",", ".")),
    },
  };
}

/** The contract's schema decides; the dialog adds the spec's rule that the total limit is required. */
const resolver: Resolver<FormValues> = async (values) => {
  const errors: FieldErrors<FormValues> = {};
  if (values.total_limit.trim() === "") errors.total_limit = { type: "required", message: REQUIRED_MESSAGE };
  const result = ZClientUpdateSchema.safeParse(toPayload(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = (issue.path[0] === "accessrules" ? issue.path[1] : issue.path[0]) as keyof FormValues;
      errors[field] ??= { type: issue.code, message: issue.message };
    }
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

const defaults = (c: TClient): FormValues => ({
  nickname: c.nickname,
  organization: c.organization ?? "",
  organization_name: c.organization_name,
  group: c.group ?? "",
  transportation: c.transportation ?? "",
  client_type: c.client_type ?? "",
  suspicious: c.suspicious,
  allowed_price: c.allowed_price,
  allowed_price_w_markup: c.allowed_price_w_markup,
  client_small_wholesale: c.client_small_wholesale,
  client_large_wholesale: c.client_large_wholesale,
  banned_brands: c.accessrules?.banned_brands ?? [],
  all_prices: c.accessrules?.all_prices ?? [],
  total_limit: c.accessrules?.total_limit === null || !c.accessrules ? "" : String(c.accessrules.total_limit),
});

const FLAGS = [
  { name: "suspicious", label: "Подозрительный" },
  { name: "allowed_price", label: "Может смотреть цены" },
  { name: "allowed_price_w_markup", label: "Цены с наценкой" },
  { name: "client_small_wholesale", label: "Доступен малый опт" },
  { name: "client_large_wholesale", label: "Доступен крупный опт" },
] as const;

type Props = {
  client: TClient;
  groups: TClientGroup[];
  transportations: TTransportation[];
  onClose: () => void;
};

/** Client edit: the status toggles act at once; the form saves the rest and the access rules together. */
export function ClientDialog({ client, groups, transportations, onClose }: Props) {
  const [current, setCurrent] = useState(client);
  const update = useUpdateClient();
  const brands = useBrands("");
  const organizations = useOrganizations();
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver, defaultValues: defaults(client) });
  const allowedPrice = watch("allowed_price");

  const toggle = async (body: TClientUpdate) => {
    setCurrent(await update.mutateAsync({ id: current.id, body }));
  };
  const onSubmit = async (values: FormValues) => {
    await update.mutateAsync({ id: current.id, body: toPayload(values) });
    onClose();
  };

  const brandOptions = (brands.data ?? []).map((b) => b.name);
  const select = (
    name: "group" | "transportation" | "client_type" | "organization",
    label: string,
    options: { value: number; label: string }[],
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField select fullWidth label={label} {...field} value={field.value}>
          <MenuItem value="">
            <em>Не выбрано</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const brandsField = (name: "banned_brands" | "all_prices", label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Autocomplete
          multiple
          options={brandOptions}
          value={field.value}
          onChange={(_e, value) => field.onChange(value)}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => (
              <Chip size="small" label={option} {...getItemProps({ index })} key={option} />
            ))
          }
          renderInput={(params) => <TextField {...params} label={label} />}
        />
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle>Редактировать клиента</DialogTitle>
        <DialogContent>
          <Stack
            direction="row"
            spacing={1}
            alignItems="center"
            flexWrap="wrap"
            useFlexGap
            sx={{ mb: 2, pt: 1 }}
          >
            <Typography>
              Статус: <strong>{clientStatus(current)}</strong>
            </Typography>
            <Button size="small" variant="outlined" onClick={() => toggle({ is_active: !current.is_active })}>
              {current.is_active ? "Деактивировать" : "Активировать"}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="warning"
              onClick={() => toggle({ banned: !current.banned })}
            >
              {current.banned ? "Снять временный бан" : "Временный бан"}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              onClick={() => toggle({ permanent_banned: !current.permanent_banned })}
            >
              {current.permanent_banned ? "Снять вечный бан" : "Вечный бан"}
            </Button>
          </Stack>
          <ClientMarketStatus clientId={current.id} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                label="Имя"
                required
                error={!!errors.nickname}
                helperText={errors.nickname?.message}
                {...register("nickname")}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField fullWidth label="Название организации" {...register("organization_name")} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {select(
                "organization",
                "Организация",
                (organizations.data ?? []).map((o) => ({ value: o.id, label: o.name })),
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{select("client_type", "Объем закупки", [...VOLUMES])}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {select(
                "group",
                "Группа",
                groups.map((g) => ({ value: g.id, label: g.name })),
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {select(
                "transportation",
                "Направление",
                transportations.map((d) => ({ value: d.id, label: d.name })),
              )}
            </Grid>
            <Grid size={12}>
              <Stack direction="row" flexWrap="wrap">
                {FLAGS.map((f) => (
                  <Controller
                    key={f.name}
                    name={f.name}
                    control={control}
                    render={({ field }) => (
                      <FormControlLabel
                        label={f.label}
                        disabled={f.name === "allowed_price_w_markup" && !allowedPrice}
                        control={
                          <Checkbox
                            checked={
                              f.name === "allowed_price_w_markup" ? field.value && allowedPrice : field.value
                            }
                            onChange={(e) => field.onChange(e.target.checked)}
                          />
                        }
                      />
                    )}
                  />
                ))}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{brandsField("banned_brands", "Запрещенные брэнды")}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{brandsField("all_prices", "Все цены для брэндов")}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                label="Лимит суммы заказа"
                required
                inputMode="decimal"
                error={!!errors.total_limit}
                helperText={errors.total_limit?.message}
                {...register("total_limit")}
              />
            </Grid>
          </Grid>
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
