import { afterEach, describe, it, vi } from "vitest";
import { expectDismissFirst } from "../../../test/dialog-buttons.tsx";
import { MessageDialog } from "./MessageDialog.tsx";
import { TargetMessageDialog } from "./TargetMessageDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

const close = () => {};

describe("the messaging dialogs: the dismissing button first, then the actions", () => {
  it("«Сообщение»", async () => {
    await expectDismissFirst(<MessageDialog mode="now" open onClose={close} />);
  });

  it("«Сообщение для групп»", async () => {
    await expectDismissFirst(<TargetMessageDialog target="group" open onClose={close} />);
  });
});
