import type { ReactNode } from "react";
import { haptic } from "./bridge.ts";

type Props = {
  value: number;
  least: number;
  /** The most that may be asked; the service says why when more is asked all the same. */
  most: number;
  onChange: (value: number) => void;
  children?: ReactNode;
};

/**
 * A quantity: − and + by one within `least`…`most`, or typed (digits only, up to `most`; below `least` while
 * typing, so «12» can be typed where the least is 5, and the service's quote says what is wrong meanwhile).
 */
export function Stepper({ value, least, most, onChange, children }: Props) {
  const step = (delta: number) => {
    haptic.tap();
    onChange(Math.min(most, Math.max(least, value + delta)));
  };
  return (
    <div className="stepper">
      <button
        type="button"
        className="plain"
        aria-label="Меньше"
        onClick={() => step(-1)}
        disabled={value <= least}
      >
        −
      </button>
      <input
        inputMode="numeric"
        aria-label="Количество"
        value={value}
        onChange={(e) => {
          const typed = Number.parseInt(e.target.value.replace(/\D/g, ""), 10);
          onChange(Number.isNaN(typed) ? least : Math.min(most, typed));
        }}
      />
      <button
        type="button"
        className="plain"
        aria-label="Больше"
        onClick={() => step(1)}
        disabled={value >= most}
      >
        +
      </button>
      {children}
    </div>
  );
}
