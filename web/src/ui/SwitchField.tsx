import { Checkbox, FormControlLabel, Switch } from "@mui/material";
import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";

type Props<T extends FieldValues, TOutput> = {
  control: Control<T, unknown, TOutput>;
  name: FieldPathByValue<T, boolean | undefined>;
  label: string;
  /** A checkbox where the spec draws one; a switch otherwise. */
  checkbox?: boolean;
};

/** A form's yes/no field, labelled. */
export function SwitchField<T extends FieldValues, TOutput>({
  control,
  name,
  label,
  checkbox,
}: Props<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const toggle = {
          checked: field.value === true,
          onChange: (event: { target: { checked: boolean } }) => field.onChange(event.target.checked),
        };
        return (
          <FormControlLabel
            label={label}
            control={checkbox ? <Checkbox {...toggle} /> : <Switch {...toggle} />}
          />
        );
      }}
    />
  );
}
