import { Grid } from "@mui/material";
import type { TClientGroup, TOrganization, TTransportation } from "@wholesale/contract";
import { FormSelectField, FormTextField } from "../../../ui/FormField.tsx";
import { VOLUMES } from "../status.ts";
import { AccessRuleFields } from "./AccessRuleFields.tsx";
import type { ClientFormControl } from "./client-form.ts";
import { FlagFields } from "./FlagFields.tsx";

type Props = {
  control: ClientFormControl;
  organizations: TOrganization[];
  groups: TClientGroup[];
  transportations: TTransportation[];
  brands: string[];
  /** The form's «Может смотреть цены» and «Без лимита» as they stand. */
  allowedPrice: boolean;
  noLimit: boolean;
  clearLimit: () => void;
};

/** The form's fields: names, organization, volume, group and direction, the flags and the access rules. */
export function ClientFields({
  control,
  organizations,
  groups,
  transportations,
  brands,
  allowedPrice,
  noLimit,
  clearLimit,
}: Props) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="nickname" label="Имя" fullWidth required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="organization_name" label="Название организации" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelectField
          control={control}
          name="organization"
          label="Организация"
          fullWidth
          emptyLabel="Не выбрано"
          options={organizations.map((o) => ({ value: o.id, label: o.name }))}
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
        <FlagFields control={control} allowedPrice={allowedPrice} />
      </Grid>
      <AccessRuleFields control={control} brands={brands} noLimit={noLimit} clearLimit={clearLimit} />
    </Grid>
  );
}
