import { zodResolver } from "@hookform/resolvers/zod";
import { type Breakpoint, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import type { z } from "@wholesale/contract";
import { type ReactNode, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { showServerErrors } from "../lib/form-errors.ts";

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
  /** The fields, given the form to register them with (field components may also take it from the context). */
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
};

type Props<TInput extends FieldValues, TOutput> = FormProps<TInput, TOutput> & {
  open?: boolean;
  /** A breakpoint, or the paper's largest width in pixels. */
  maxWidth?: Breakpoint | number;
};

/**
 * Every add and edit dialog: a react-hook-form form checked by `zodResolver(schema)`, «Отмена» then the
 * save button, which is disabled while saving. A refusal is toasted once, globally; the messages the server
 * gave per field also show under those fields.
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
  children,
}: FormProps<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(error, form.setError);
      return;
    }
    onClose();
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children(form)}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
