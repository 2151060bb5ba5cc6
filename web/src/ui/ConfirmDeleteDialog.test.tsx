import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDeleteDialog } from "./ConfirmDeleteDialog.tsx";

describe("ConfirmDeleteDialog", () => {
  it("shows the item and the warning; Да confirms and closes", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDeleteDialog open label="ООО «Ромашка»" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole("dialog", { name: "Удаление: ООО «Ромашка»" })).toBeInTheDocument();
    expect(screen.getByText("Вы уверены? Отменить это действие будет невозможно!")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Да" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("Нет closes without confirming", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDeleteDialog open onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole("dialog", { name: "Удаление" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Нет" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
