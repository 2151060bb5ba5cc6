import { Stack } from "@mui/material";
import { type TOrganization, ZOrganizationWriteSchema } from "@wholesale/contract";
import { idFromSelect } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormSelectField, FormTextField } from "../../ui/FormField.tsx";
import { useManagers, useOrganizationMutations } from "./api.ts";

/** The request's fields; the manager select holds "" until one is chosen. */
const ZOrganizationFormSchema = ZOrganizationWriteSchema.extend({
  manager_id: idFromSelect(ZOrganizationWriteSchema.shape.manager_id, undefined),
});

/** Name and manager are required; without them nothing is saved (part 2, section 5). */
export function OrganizationDialog({ item, onClose }: { item: TOrganization | null; onClose: () => void }) {
  const { create, update } = useOrganizationMutations();
  const managers = useManagers(true);
  return (
    <FormDialog
      title={item ? "Редактировать организацию" : "Добавить организацию"}
      maxWidth="sm"
      schema={ZOrganizationFormSchema}
      defaultValues={{ name: item?.name ?? "", manager_id: item?.manager_id ?? "" }}
      onSubmit={(body) => (item ? update.mutateAsync({ id: item.id, body }) : create.mutateAsync(body))}
      onClose={onClose}
    >
      {({ control }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Название" autoFocus />
          <FormSelectField
            control={control}
            name="manager_id"
            label="Менеджер"
            emptyLabel="Не выбран"
            options={(managers.data ?? []).map((m) => ({ value: m.id, label: m.username }))}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
