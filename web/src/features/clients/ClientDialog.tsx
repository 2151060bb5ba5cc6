import {
  Autocomplete,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Grid,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  type TClient,
  type TClientGroup,
  type TClientUpdate,
  type TTransportation,
  ZClientUpdateSchema,
  z,
} from "@wholesale/contract";
import { useContext, useState } from "react";
import { type Control, Controller } from "react-hook-form";
import { idFromSelect, numberFromText } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormSelectField, FormTextField } from "../../ui/FormField.tsx";
import { useOrganizations, useUpdateClient } from "./api.ts";
import { ClientDialogPartsContext } from "./client-dialog-parts.ts";
import { clientStatus, VOLUMES } from "./status.ts";

const fields = ZClientUpdateSchema.shape;
const accessRules = fields.accessrules.unwrap();

export const LIMIT_REQUIRED = "Укажите лимит суммы заказа или отметьте «Без лимита»";

/**
 * The spec requires «Лимит суммы заказа»; most clients have none (the API's null: no cap), clients confirmed
 * from a request included. The rule stays, as a choice to make: a sum, or «Без лимита» ticked, which a client
 * without a cap opens with.
 */
const ZLimitTextSchema = z
  .string()
  .trim()
  .min(1, LIMIT_REQUIRED)
  .pipe(numberFromText(accessRules.shape.total_limit));

/** The update request's fields the dialog shows; its selects hold "" for «Не выбрано», which clears the field. */
const ZClientFormSchema = ZClientUpdateSchema.pick({
  nickname: true,
  organization_name: true,
  suspicious: true,
  allowed_price: true,
  allowed_price_w_markup: true,
  client_small_wholesale: true,
  client_large_wholesale: true,
}).extend({
  organization: idFromSelect(fields.organization, null),
  group: idFromSelect(fields.group, null),
  transportation: idFromSelect(fields.transportation, null),
  client_type: idFromSelect(fields.client_type, null),
  accessrules: accessRules
    .extend({ no_limit: z.boolean(), total_limit: z.string() })
    .transform(({ no_limit, total_limit, ...rules }, ctx) => {
      if (no_limit) return { ...rules, total_limit: null };
      const limit = ZLimitTextSchema.safeParse(total_limit);
      if (limit.success) return { ...rules, total_limit: limit.data };
      for (const issue of limit.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: ["total_limit", ...issue.path] });
      return z.NEVER;
    }),
});
type FormValues = z.input<typeof ZClientFormSchema>;

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
  accessrules: {
    banned_brands: c.accessrules?.banned_brands ?? [],
    all_prices: c.accessrules?.all_prices ?? [],
    no_limit: c.accessrules?.total_limit == null,
    total_limit: c.accessrules?.total_limit == null ? "" : String(c.accessrules.total_limit),
  },
});

const FLAGS = [
  { name: "suspicious", label: "Подозрительный" },
  { name: "allowed_price", label: "Может смотреть цены" },
  { name: "allowed_price_w_markup", label: "Цены с наценкой" },
  { name: "client_small_wholesale", label: "Доступен малый опт" },
  { name: "client_large_wholesale", label: "Доступен крупный опт" },
] as const;

type ClientFormControl = Control<FormValues, unknown, z.output<typeof ZClientFormSchema>>;

function BrandsField({
  control,
  name,
  label,
  brands,
}: {
  control: ClientFormControl;
  name: "accessrules.banned_brands" | "accessrules.all_prices";
  label: string;
  brands: string[];
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Autocomplete
          multiple
          options={brands}
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
}

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
  const { MarketStatus, useBrandNames } = useContext(ClientDialogPartsContext);
  const brands = useBrandNames();
  const organizations = useOrganizations();

  const toggle = async (body: TClientUpdate) => {
    setCurrent(await update.mutateAsync({ id: current.id, body }));
  };

  return (
    <FormDialog
      title="Редактировать клиента"
      maxWidth="md"
      schema={ZClientFormSchema}
      defaultValues={defaults(client)}
      onSubmit={(values) =>
        update.mutateAsync({
          id: current.id,
          // Prices with markup are only for a client who may see prices (part 2, section 4).
          body: { ...values, allowed_price_w_markup: values.allowed_price && values.allowed_price_w_markup },
        })
      }
      onClose={onClose}
    >
      {({ control, watch, setValue }) => {
        const allowedPrice = watch("allowed_price");
        const noLimit = watch("accessrules.no_limit");
        return (
          <>
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
              <Button
                size="small"
                variant="outlined"
                onClick={() => toggle({ is_active: !current.is_active })}
              >
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
            <MarketStatus clientId={current.id} />
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={control} name="nickname" label="Имя" fullWidth required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  control={control}
                  name="organization_name"
                  label="Название организации"
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelectField
                  control={control}
                  name="organization"
                  label="Организация"
                  fullWidth
                  emptyLabel="Не выбрано"
                  options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelectField
                  control={control}
                  name="client_type"
                  label="Объем закупки"
                  fullWidth
                  emptyLabel="Не выбрано"
                  options={VOLUMES}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelectField
                  control={control}
                  name="group"
                  label="Группа"
                  fullWidth
                  emptyLabel="Не выбрано"
                  options={groups.map((g) => ({ value: g.id, label: g.name }))}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelectField
                  control={control}
                  name="transportation"
                  label="Направление"
                  fullWidth
                  emptyLabel="Не выбрано"
                  options={transportations.map((d) => ({ value: d.id, label: d.name }))}
                />
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
                                f.name === "allowed_price_w_markup"
                                  ? field.value && allowedPrice
                                  : field.value
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
              <Grid size={{ xs: 12, sm: 6 }}>
                <BrandsField
                  control={control}
                  name="accessrules.banned_brands"
                  label="Запрещенные брэнды"
                  brands={brands}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <BrandsField
                  control={control}
                  name="accessrules.all_prices"
                  label="Все цены для брэндов"
                  brands={brands}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Stack
                  direction={{ xs: "column", sm: "row" }}
                  spacing={{ xs: 0, sm: 1 }}
                  alignItems={{ xs: "stretch", sm: "flex-start" }}
                >
                  <FormTextField
                    control={control}
                    name="accessrules.total_limit"
                    label="Лимит суммы заказа"
                    fullWidth
                    required={!noLimit}
                    disabled={noLimit}
                    inputMode="decimal"
                  />
                  <Controller
                    name="accessrules.no_limit"
                    control={control}
                    render={({ field }) => (
                      <FormControlLabel
                        label="Без лимита"
                        sx={{ whiteSpace: "nowrap", pt: 1 }}
                        control={
                          <Checkbox
                            checked={field.value}
                            onChange={(e) => {
                              field.onChange(e.target.checked);
                              // A disabled sum that would not be saved is not left on show.
                              if (e.target.checked)
                                setValue("accessrules.total_limit", "", { shouldValidate: true });
                            }}
                          />
                        }
                      />
                    )}
                  />
                </Stack>
              </Grid>
            </Grid>
          </>
        );
      }}
    </FormDialog>
  );
}
