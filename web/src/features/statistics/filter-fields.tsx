import { TextField } from "@mui/material";

/**
 * A day picker of the statistics filters: a native date input, its label always above it. `error` says why
 * nothing is asked for (a cleared day, a reversed range), so an empty table is never silent about it.
 */
export function DateFilter({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
      size="small"
    />
  );
}

/** The search box beside the filters; it takes the rest of the row. */
export function SearchFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      sx={{ flexGrow: 1 }}
    />
  );
}
