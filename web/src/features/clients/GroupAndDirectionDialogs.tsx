import { Stack } from "@mui/material";
import {
  type TClientGroup,
  type TTransportation,
  ZClientGroupCreateSchema,
  ZTransportationCreateSchema,
} from "@wholesale/contract";
import { useFormContext } from "react-hook-form";
import { numberFromText } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormTextField } from "../../ui/FormField.tsx";
import { useGroupMutations, useTransportationMutations } from "./api.ts";

/** A group's name and surcharge, the surcharge as typed («1,2»); a blank one is the contract's default. */
const ZGroupFormSchema = ZClientGroupCreateSchema.pick({ name: true, surcharge: true }).extend({
  surcharge: numberFromText(ZClientGroupCreateSchema.shape.surcharge),
});

/** A direction's name and Telegram chat, the chat id as typed; a blank one is none. */
const ZDirectionFormSchema = ZTransportationCreateSchema.pick({ name: true, tg_id: true }).extend({
  tg_id: numberFromText(ZTransportationCreateSchema.shape.tg_id),
});

/** Groups and directions are edited alike: a name and one number, in a text box. */
function NameAndNumberFields({ field, label }: { field: "surcharge" | "tg_id"; label: string }) {
  const { control } = useFormContext<Record<"name" | typeof field, string>>();
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField control={control} name="name" label="Название" autoFocus />
      <FormTextField control={control} name={field} label={label} inputMode="decimal" />
    </Stack>
  );
}

const asText = (value: number | null) => (value === null ? "" : String(value));

export function GroupDialog({ item, onClose }: { item: TClientGroup | null; onClose: () => void }) {
  const { create, update } = useGroupMutations();
  return (
    <FormDialog
      title={item ? "Редактировать группу" : "Новая группа"}
      schema={ZGroupFormSchema}
      defaultValues={{ name: item?.name ?? "", surcharge: asText(item?.surcharge ?? 1) }}
      onSubmit={(body) => (item ? update.mutateAsync({ id: item.id, body }) : create.mutateAsync(body))}
      onClose={onClose}
    >
      {() => <NameAndNumberFields field="surcharge" label="Наценка (коэффициент)" />}
    </FormDialog>
  );
}

export function DirectionDialog({ item, onClose }: { item: TTransportation | null; onClose: () => void }) {
  const { create, update } = useTransportationMutations();
  return (
    <FormDialog
      title={item ? "Редактировать направление" : "Новое направление"}
      schema={ZDirectionFormSchema}
      defaultValues={{ name: item?.name ?? "", tg_id: asText(item?.tg_id ?? null) }}
      onSubmit={(body) => (item ? update.mutateAsync({ id: item.id, body }) : create.mutateAsync(body))}
      onClose={onClose}
    >
      {() => <NameAndNumberFields field="tg_id" label="Telegram ID чата" />}
    </FormDialog>
  );
}
