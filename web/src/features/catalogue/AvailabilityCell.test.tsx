import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TAvailability } from "@wholesale/contract";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { AvailabilityCell } from "./AvailabilityCell.tsx";

function Harness({ onChange }: { onChange: (v: TAvailability) => void }) {
  const [value, setValue] = useState<TAvailability>(true);
  return (
    <AvailabilityCell
      label="Малый опт"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe("AvailabilityCell", () => {
  it("cycles true -> null -> false -> true on click", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: "Малый опт: Доступно" }));
    await userEvent.click(screen.getByRole("button", { name: "Малый опт: Не определено" }));
    await userEvent.click(screen.getByRole("button", { name: "Малый опт: Недоступно" }));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([null, false, true]);
    expect(screen.getByRole("button", { name: "Малый опт: Доступно" })).toBeInTheDocument();
  });

  it("does nothing when disabled", () => {
    render(<AvailabilityCell label="Крупный опт" value={false} disabled onChange={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Крупный опт: Недоступно" })).toBeDisabled();
  });
});
