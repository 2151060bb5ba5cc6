import { Stack } from "@mui/material";
import {
  type TCollectionGroup,
  ZClientRefSchema,
  ZCollectionGroupCreateSchema,
  z,
} from "@wholesale/contract";
import { Controller } from "react-hook-form";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormTextField } from "../../ui/FormField.tsx";
import { SwitchField } from "../../ui/SwitchField.tsx";
import { useCollectionGroupMutations } from "./api.ts";
import { ClientPicker } from "./ClientPicker.tsx";

/** The create request's fields; the client picker holds the chosen clients, the request their ids. */
const ZCollectionGroupFormSchema = ZCollectionGroupCreateSchema.extend({
  client_ids: z
    .array(ZClientRefSchema)
    .transform((clients) => clients.map((c) => c.id))
    .pipe(ZCollectionGroupCreateSchema.shape.client_ids.unwrap()),
});

/** Name and start time are required; without them nothing is saved (part 2, section 5). */
export function CollectionGroupDialog({
  item,
  onClose,
}: {
  item: TCollectionGroup | null;
  onClose: () => void;
}) {
  const { create, update } = useCollectionGroupMutations();
  return (
    <FormDialog
      title={item ? "Редактировать группу сборки" : "Добавить группу сборки"}
      maxWidth="sm"
      schema={ZCollectionGroupFormSchema}
      defaultValues={{
        name: item?.name ?? "",
        start_collect_time: item?.start_collect_time.slice(0, 5) ?? "",
        client_ids: item?.clients ?? [],
        is_active: item?.is_active ?? true,
      }}
      onSubmit={(body) => (item ? update.mutateAsync({ id: item.id, body }) : create.mutateAsync(body))}
      onClose={onClose}
    >
      {({ control }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Название" autoFocus />
          <FormTextField
            control={control}
            name="start_collect_time"
            label="Время начала сборки"
            type="time"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          />
          <Controller
            name="client_ids"
            control={control}
            render={({ field }) => <ClientPicker value={field.value ?? []} onChange={field.onChange} />}
          />
          {item && <SwitchField control={control} name="is_active" label="Активна" checkbox />}
        </Stack>
      )}
    </FormDialog>
  );
}
