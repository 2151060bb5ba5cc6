import { Checkbox, FormControlLabel, Stack } from "@mui/material";
import {
  type TClientGroup,
  type TRegistrationRequest,
  type TTransportation,
  ZAddClientSchema,
  type z,
} from "@wholesale/contract";
import { Controller, type UseFormReturn } from "react-hook-form";
import { idFromSelect } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormSelectField, FormTextField } from "../../ui/FormField.tsx";
import { useUpdateRequest } from "./api.ts";
import { VOLUMES } from "./status.ts";

/**
 * The contract's request with the three selects' empty choice read as "not chosen", so the contract words
 * the four required messages. Markup needs prices: unticking prices sends it off whatever its box held.
 */
const ZAddClientFormSchema = ZAddClientSchema.extend({
  group: idFromSelect(ZAddClientSchema.shape.group, undefined),
  transportation: idFromSelect(ZAddClientSchema.shape.transportation, undefined),
  client_type: idFromSelect(ZAddClientSchema.shape.client_type, undefined),
}).transform((client) => ({
  ...client,
  allowed_price_w_markup: client.allowed_price && client.allowed_price_w_markup,
}));

type Form = UseFormReturn<
  z.input<typeof ZAddClientFormSchema>,
  unknown,
  z.output<typeof ZAddClientFormSchema>
>;

type Props = {
  request: TRegistrationRequest;
  groups: TClientGroup[];
  transportations: TTransportation[];
  onClose: () => void;
};

/**
 * Adds the client from a registration request: name, group, direction and volume, all required, and whether
 * the client sees prices (on unless unticked) and with the group's markup (off unless ticked). The name and
 * the volume start as the client gave them in the bot; staff may change either.
 */
export function AddClientDialog({ request, groups, transportations, onClose }: Props) {
  const confirm = useUpdateRequest("Клиент добавлен", "Не удалось добавить клиента");
  return (
    <FormDialog
      title="Добавить клиента"
      submitLabel="Добавить"
      schema={ZAddClientFormSchema}
      defaultValues={{
        nickname: request.client.nickname,
        group: "",
        transportation: "",
        client_type: request.client.client_type ?? "",
        allowed_price: true,
        allowed_price_w_markup: false,
      }}
      onSubmit={(client) => confirm.mutateAsync({ id: request.id, body: { confirmed: true, client } })}
      onClose={onClose}
    >
      {(form) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={form.control} name="nickname" label="Имя" autoFocus />
          <FormSelectField
            control={form.control}
            name="group"
            label="Группа клиента"
            fullWidth
            options={groups.filter((g) => g.is_active).map((g) => ({ value: g.id, label: g.name }))}
          />
          <FormSelectField
            control={form.control}
            name="transportation"
            label="Направление"
            fullWidth
            options={transportations.filter((d) => d.is_active).map((d) => ({ value: d.id, label: d.name }))}
          />
          <FormSelectField
            control={form.control}
            name="client_type"
            label="Объем закупки"
            fullWidth
            options={VOLUMES}
          />
          <Stack>
            <Flag form={form} name="allowed_price" label="Может смотреть цены" disabled={false} />
            <Flag
              form={form}
              name="allowed_price_w_markup"
              label="Цены с наценкой"
              disabled={!form.watch("allowed_price")}
            />
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
}

/** The client dialog's labels; markup needs prices, so it shows off and is disabled without them. */
function Flag({
  form,
  name,
  label,
  disabled,
}: {
  form: Form;
  name: "allowed_price" | "allowed_price_w_markup";
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              checked={Boolean(field.value) && !disabled}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          }
        />
      )}
    />
  );
}
