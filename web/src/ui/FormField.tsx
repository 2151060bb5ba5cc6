import { MenuItem, TextField, type TextFieldProps } from "@mui/material";
import type { ReactNode } from "react";
import {
  type Control,
  Controller,
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  useFormState,
} from "react-hook-form";

type Props<T extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  "name" | "error" | "helperText" | "select" | "value" | "defaultValue" | "onChange" | "children"
> & {
  control: Control<T, unknown, TOutput>;
  /** The request's name of the field (`accessrules.total_limit`): the server's message for it lands here. */
  name: FieldPath<T>;
  /** A hint under the field; the field's error takes its place while there is one. */
  helperText?: ReactNode;
};

/**
 * A form's text box: registered with the form under `name`, and showing under it the message the contract or
 * the server gave for that field (or the hint while there is none). Every other prop is MUI's TextField's.
 */
export function FormTextField<T extends FieldValues, TOutput>({
  control,
  name,
  helperText,
  ...props
}: Props<T, TOutput>) {
  const { errors } = useFormState({ control, name });
  const error: FieldError | undefined = get(errors, name);
  return (
    <TextField
      {...props}
      error={error !== undefined}
      helperText={error?.message ?? helperText}
      {...control.register(name)}
    />
  );
}

export type SelectOption = { value: number | string; label: ReactNode };

type SelectProps<T extends FieldValues, TOutput> = Props<T, TOutput> & {
  options: readonly SelectOption[];
  /** The choice of nothing, value "" («Не выбрано»); none where a value must be chosen. */
  emptyLabel?: string;
  /** Told of each choice once the form holds it (a brand chosen empties the product chosen under another). */
  onChosen?: (value: SelectOption["value"]) => void;
};

/** A form's select: one of `options`, with the field's message under it as `FormTextField` shows it. */
export function FormSelectField<T extends FieldValues, TOutput>({
  control,
  name,
  helperText,
  options,
  emptyLabel,
  onChosen,
  ...props
}: SelectProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => (
        <TextField
          select
          {...field}
          {...props}
          value={shownValue(field.value, options, emptyLabel)}
          onChange={(event) => {
            field.onChange(event.target.value);
            onChosen?.(event.target.value);
          }}
          error={error !== undefined}
          helperText={error?.message ?? helperText}
        >
          {emptyLabel !== undefined && (
            <MenuItem value="">
              <em>{emptyLabel}</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * A value the options do not hold (yet: they may still be loading) shows as the blank it would show anyway,
 * without MUI's warning about it. Where there is a choice of nothing, the value stays: "" would say «Не
 * выбрано» of a value that is chosen.
 */
function shownValue(value: unknown, options: readonly SelectOption[], emptyLabel: string | undefined) {
  if (emptyLabel !== undefined || options.some((o) => o.value === value)) return value;
  return "";
}
