import { Stack } from "@mui/material";
import { ZBrandInputSchema } from "@wholesale/contract";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormTextField } from "../../ui/FormField.tsx";

type Props = {
  open: boolean;
  title: string;
  initialName?: string;
  /** Brands have a description; the product edit dialog sends only the name (spec 5). */
  withDescription?: boolean;
  initialDescription?: string;
  onSubmit: (values: { name: string; description?: string }) => Promise<unknown>;
  onClose: () => void;
};

/** Add or edit a brand or a product: a name (and a brand's description), checked with the contract's rule. */
export function NameDialog({
  open,
  title,
  initialName = "",
  withDescription,
  initialDescription = "",
  onSubmit,
  onClose,
}: Props) {
  return (
    <FormDialog
      open={open}
      title={title}
      maxWidth={500}
      // A product's name follows the same rule as a brand's.
      schema={ZBrandInputSchema}
      defaultValues={{ name: initialName, description: initialDescription }}
      onSubmit={({ name, description }) => onSubmit(withDescription ? { name, description } : { name })}
      onClose={onClose}
    >
      {({ control }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Название" autoFocus />
          {withDescription && (
            <FormTextField control={control} name="description" label="Описание" multiline minRows={2} />
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
