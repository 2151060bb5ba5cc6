import { z } from "@wholesale/contract";
import { afterEach, describe, it, vi } from "vitest";
import { expectDismissFirst } from "../../test/dialog-buttons.tsx";
import { ConfirmDeleteDialog } from "./ConfirmDeleteDialog.tsx";
import { FormDialog } from "./FormDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

const close = () => {};

// Each area tests its own dialogs so (`dialog-buttons.test.tsx` beside them); these are the shared ones.
describe("every dialog's buttons", () => {
  it("«Удаление»: the dismissing button comes first, then the actions", async () => {
    await expectDismissFirst(<ConfirmDeleteDialog open onConfirm={close} onClose={close} />);
  });

  it("an add or edit dialog (every one is a FormDialog): «Отмена» first, then the save", async () => {
    await expectDismissFirst(
      <FormDialog
        title="Добавить аккаунт"
        schema={z.object({ name: z.string() })}
        defaultValues={{ name: "" }}
        onSubmit={async () => {}}
        onClose={close}
      >
        {() => null}
      </FormDialog>,
    );
  });
});
