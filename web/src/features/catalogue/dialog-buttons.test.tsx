import { afterEach, describe, it, vi } from "vitest";
import { expectDismissFirst } from "../../../test/dialog-buttons.tsx";
import { LeftoversDialog } from "./LeftoversDialog.tsx";
import { OffersFileDialog } from "./OffersFileDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

const close = () => {};

describe("the catalogue's dialogs: the dismissing button first, then the actions", () => {
  it("«Остатки»", async () => {
    await expectDismissFirst(<LeftoversDialog open canManage onClose={close} />);
  });

  it("«Новый файл»", async () => {
    await expectDismissFirst(<OffersFileDialog open onClose={close} />);
  });
});
