import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { withAppProviders } from "../../test/providers.tsx";
import { AccountDialog } from "../features/accounts/AccountDialog.tsx";
import { LeftoversDialog } from "../features/catalogue/LeftoversDialog.tsx";
import { OffersFileDialog } from "../features/catalogue/OffersFileDialog.tsx";
import { MessageDialog } from "../features/messaging/MessageDialog.tsx";
import { TargetMessageDialog } from "../features/messaging/TargetMessageDialog.tsx";
import { ConfirmDeleteDialog } from "./ConfirmDeleteDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

/** The buttons that leave a dialog without doing anything; the delete confirmation's is the spec's «Нет». */
const DISMISS = ["Отмена", "Закрыть", "Нет"];
const close = () => {};

const DIALOGS: [string, ReactNode][] = [
  ["Удаление", <ConfirmDeleteDialog key="delete" open onConfirm={close} onClose={close} />],
  ["Остатки", <LeftoversDialog key="leftovers" open canManage onClose={close} />],
  ["Новый файл", <OffersFileDialog key="file" open onClose={close} />],
  ["Сообщение", <MessageDialog key="message" mode="now" open onClose={close} />],
  ["Сообщение для групп", <TargetMessageDialog key="group" target="group" open onClose={close} />],
  // Every add and edit dialog is a FormDialog; one stands for them all.
  ["Добавить аккаунт", <AccountDialog key="account" open account={null} onClose={close} />],
];

describe("every dialog's buttons", () => {
  it.each(DIALOGS)("«%s»: the dismissing button comes first, then the actions", async (_title, dialog) => {
    mockFetch({});
    render(withAppProviders(dialog));
    const actions = (await screen.findByRole("dialog")).querySelector(".MuiDialogActions-root");
    if (!(actions instanceof HTMLElement)) throw new Error("no dialog actions");
    const labels = within(actions)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(DISMISS).toContain(labels[0]);
    expect(labels.slice(1).filter((l) => DISMISS.includes(l ?? ""))).toEqual([]);
    expect(labels.length).toBeGreaterThan(1);
  });
});
