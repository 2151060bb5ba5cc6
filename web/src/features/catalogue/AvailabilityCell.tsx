import CancelIcon from "@mui/icons-material/Cancel";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import { IconButton, Tooltip } from "@mui/material";
import type { TAvailability } from "@wholesale/contract";
import { nextAvailability } from "./rules.ts";

const STATES = {
  true: { text: "Доступно", icon: <CheckCircleIcon color="success" /> },
  null: { text: "Не определено", icon: <HelpOutlineIcon color="action" /> },
  false: { text: "Недоступно", icon: <CancelIcon color="error" /> },
} as const;

type Props = {
  /** What the cell is about, e.g. "Малый опт": part of its accessible name. */
  label: string;
  value: TAvailability;
  disabled?: boolean;
  onChange: (next: TAvailability) => void;
};

/** One wholesale type's availability; a click moves it on: true -> null -> false -> true (spec 4). */
export function AvailabilityCell({ label, value, disabled, onChange }: Props) {
  const state = STATES[String(value) as keyof typeof STATES];
  return (
    <Tooltip title={state.text}>
      <span>
        <IconButton
          size="small"
          aria-label={`${label}: ${state.text}`}
          disabled={disabled}
          onClick={() => onChange(nextAvailability(value))}
        >
          {state.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
