import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "@wholesale/contract";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client.ts";
import { idFromSelect } from "../lib/form-fields.ts";
import { FormDialog } from "./FormDialog.tsx";
import { FormSelectField, FormTextField } from "./FormField.tsx";

const ZSchema = z.object({
  code: z.string().min(1, "Укажите код"),
  group: idFromSelect(z.number({ error: "Выберите группу" }), undefined),
});

function renderForm(onSubmit: (values: unknown) => Promise<unknown>, onChosen = vi.fn()) {
  render(
    <FormDialog
      title="Форма"
      schema={ZSchema}
      defaultValues={{ code: "", group: "" }}
      onSubmit={onSubmit}
      onClose={() => {}}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="code" label="Код" helperText="Например, A-1" />
          <FormSelectField
            control={control}
            name="group"
            label="Группа"
            helperText="Куда отнести"
            options={[
              { value: 1, label: "Опт" },
              { value: 2, label: "Розница" },
            ]}
            onChosen={onChosen}
          />
        </>
      )}
    </FormDialog>,
  );
  return onChosen;
}

describe("FormTextField and FormSelectField", () => {
  it("show their hints until the contract refuses them, then its messages in their place", async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    expect(screen.getByText("Например, A-1")).toBeInTheDocument();
    expect(screen.getByText("Куда отнести")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Укажите код")).toBeInTheDocument();
    expect(screen.getByText("Выберите группу")).toBeInTheDocument();
    expect(screen.queryByText("Например, A-1")).not.toBeInTheDocument();
    expect(screen.queryByText("Куда отнести")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Код")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("save the option's own value (a number, not its text) and tell of the choice", async () => {
    const onSubmit = vi.fn(async () => {});
    const onChosen = renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText("Код"), "A-1");
    await userEvent.click(screen.getByRole("combobox", { name: "Группа" }));
    await userEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Розница" }));
    expect(onChosen).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: "A-1", group: 2 }));
  });

  it("show the server's message for a select's field under it", async () => {
    renderForm(async () => {
      throw new ApiError(400, "Некорректные данные", "validation_error", { group: ["Группа закрыта"] });
    });
    await userEvent.type(screen.getByLabelText("Код"), "A-1");
    await userEvent.click(screen.getByRole("combobox", { name: "Группа" }));
    await userEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Опт" }));
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Группа закрыта")).toBeInTheDocument();
  });
});
