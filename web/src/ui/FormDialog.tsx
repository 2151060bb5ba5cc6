import { type Breakpoint, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import type { z } from "@wholesale/contract";
import { type ReactNode, useState } from "react";
import { type DefaultValues, type FieldValues, FormProvider, type UseFormReturn } from "react-hook-form";
import { useSchemaForm } from "../lib/schema-form.ts";

type FormProps<TInput extends FieldValues, TOutput> = {
  title: string;
  /** A contract request schema, or a form schema derived from one: the dialog checks what the server checks. */
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** Saves the parsed values. The dialog closes once it resolves; when it rejects, the dialog stays open. */
  onSubmit: (values: TOutput) => Promise<unknown>;
  onClose: () => void;
  /** The spec's label of the button that saves: «Сохранить» unless told otherwise. */
  submitLabel?: string;
  /** Holds the save back while the form waits for what it shows (the values it starts from). */
  submitDisabled?: boolean;
  /** The fields, given the form to register them with (field components may also take it from the context). */
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
};

type Props<TInput extends FieldValues, TOutput> = FormProps<TInput, TOutput> & {
  open?: boolean;
  /** A breakpoint, or the paper's largest width in pixels. */
  maxWidth?: Breakpoint | number;
};

/**
 * Every add and edit dialog: a form checked by `schema` (`lib/schema-form.ts`), «Отмена» then the save button,
 * which is disabled while saving. A refusal is toasted once, globally; the messages the server gave per field
 * also show under those fields.
 */
export function FormDialog<TInput extends FieldValues, TOutput>({
  open = true,
  maxWidth = "xs",
  ...form
}: Props<TInput, TOutput>) {
  // Every opening starts from the default values, also one that comes while the last closing still fades.
  const [openings, setOpenings] = useState({ count: 0, open: false });
  if (openings.open !== open) setOpenings({ count: openings.count + Number(open), open });
  const width = typeof maxWidth === "number" ? { slotProps: { paper: { sx: { maxWidth } } } } : { maxWidth };
  return (
    <Dialog open={open} onClose={form.onClose} fullWidth {...width}>
      <DialogForm key={openings.count} {...form} />
    </Dialog>
  );
}

function DialogForm<TInput extends FieldValues, TOutput>({
  title,
  schema,
  defaultValues,
  onSubmit,
  onClose,
  submitLabel = "Сохранить",
  submitDisabled = false,
  children,
}: FormProps<TInput, TOutput>) {
  const { form, submitTo } = useSchemaForm(schema, { defaultValues });
  const submit = submitTo(onSubmit, onClose);
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children(form)}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="submit" variant="contained" disabled={submitDisabled || form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
