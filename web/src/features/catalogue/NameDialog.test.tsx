import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NameDialog } from "./NameDialog.tsx";

describe("NameDialog", () => {
  it("edits a brand's name and description, starting from the saved ones", async () => {
    const onSubmit = vi.fn(async () => {});
    const onClose = vi.fn();
    render(
      <NameDialog
        open
        title="Редактировать брэнд"
        withDescription
        initialName="Hoco"
        initialDescription="Кабели"
        onSubmit={onSubmit}
        onClose={onClose}
      />,
    );
    expect(screen.getByLabelText("Описание")).toHaveValue("Кабели");
    await userEvent.clear(screen.getByLabelText("Название"));
    await userEvent.type(screen.getByLabelText("Название"), " Hoco Pro ");
    await userEvent.type(screen.getByLabelText("Описание"), " и зарядки");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ name: "Hoco Pro", description: "Кабели и зарядки" });
  });

  it("a product sends only its name; an empty one is refused with the contract's message", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NameDialog open title="Добавить продукт" onSubmit={onSubmit} onClose={() => {}} />);
    expect(screen.queryByLabelText("Описание")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Обязательное поле")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Название"), "Кабель");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Кабель" }));
  });
});
