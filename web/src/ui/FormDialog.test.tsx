import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ZMarketScheduleCreateSchema } from "@wholesale/contract";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client.ts";
import { FormDialog } from "./FormDialog.tsx";
import { FormTextField } from "./FormField.tsx";

function dialog(onSubmit: (values: unknown) => Promise<unknown>, onClose: () => void, open = true) {
  return (
    <FormDialog
      open={open}
      title="Добавить расписание"
      schema={ZMarketScheduleCreateSchema}
      defaultValues={{ name: "" }}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {({ control }) => <FormTextField control={control} name="name" label="Название" />}
    </FormDialog>
  );
}

function renderDialog(onSubmit: (values: unknown) => Promise<unknown>, onClose = vi.fn()) {
  render(dialog(onSubmit, onClose));
  return onClose;
}

describe("FormDialog", () => {
  it("«Отмена» comes first, then the save button; the contract's message shows and nothing is saved", async () => {
    const onSubmit = vi.fn(async () => {});
    renderDialog(onSubmit);
    const dialog = screen.getByRole("dialog", { name: "Добавить расписание" });
    expect(
      within(dialog)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Отмена", "Сохранить"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await within(dialog).findByText("Обязательное поле")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("saves the parsed values, disabled meanwhile, then closes", async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = renderDialog(onSubmit);
    await userEvent.type(screen.getByLabelText("Название"), "  Ночное ");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Сохранить" })).toBeDisabled());
    expect(onSubmit).toHaveBeenCalledWith({
      name: "Ночное",
      is_active: true,
      client_types: [],
      client_groups: [],
      transportations: [],
      clients: [],
    });
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it("a refusal keeps the dialog open and shows the server's message under its field", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, "Некорректные данные", "validation_error", { name: ["Такое имя уже есть"] });
    });
    const onClose = renderDialog(onSubmit);
    await userEvent.type(screen.getByLabelText("Название"), "Ночное");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Такое имя уже есть")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Сохранить" })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("starts every opening from the default values, even while the last closing still fades", async () => {
    const save = vi.fn(async () => {});
    const { rerender } = render(dialog(save, () => {}));
    await userEvent.type(screen.getByLabelText("Название"), "Черновик");
    rerender(dialog(save, () => {}, false));
    rerender(dialog(save, () => {}, true));
    await waitFor(() => expect(screen.getByLabelText("Название")).toHaveValue(""));
  });
});
