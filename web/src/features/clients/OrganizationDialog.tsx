import { MenuItem, Stack, TextField } from "@mui/material";
import { type TOrganization, ZOrganizationWriteSchema } from "@wholesale/contract";
import { Controller } from "react-hook-form";
import { idFromSelect } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
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
      {({ register, control, formState: { errors } }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Название"
            autoFocus
            error={!!errors.name}
            helperText={errors.name?.message}
            {...register("name")}
          />
          <Controller
            name="manager_id"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Менеджер"
                {...field}
                error={!!errors.manager_id}
                helperText={errors.manager_id?.message}
              >
                <MenuItem value="">
                  <em>Не выбран</em>
                </MenuItem>
                {(managers.data ?? []).map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.username}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
