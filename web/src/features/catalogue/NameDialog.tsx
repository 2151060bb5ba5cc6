import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { ZBrandInputSchema } from "@wholesale/contract";
import { type FormEvent, useEffect, useState } from "react";
import { ApiError } from "../../api/client.ts";

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
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initialName);
      setDescription(initialDescription);
      setError(undefined);
    }
  }, [open, initialName, initialDescription]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZBrandInputSchema.shape.name.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(withDescription ? { name: parsed.data, description } : { name: parsed.data });
      onClose();
    } catch (e) {
      if (e instanceof ApiError) setError(e.errors?.name?.[0]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Название"
              autoFocus
              value={name}
              error={!!error}
              helperText={error}
              onChange={(e) => setName(e.target.value)}
            />
            {withDescription && (
              <TextField
                label="Описание"
                multiline
                minRows={2}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Сохранить
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
