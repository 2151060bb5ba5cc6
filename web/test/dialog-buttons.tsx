import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect } from "vitest";
import { mockFetch } from "./fetch-mock.ts";
import { withAppProviders } from "./providers.tsx";

/** The buttons that leave a dialog without doing anything; the delete confirmation's is the spec's «Нет». */
const DISMISS = ["Отмена", "Закрыть", "Нет"];

/** Every dialog's buttons: the dismissing one comes first, then the actions (one at least). */
export async function expectDismissFirst(dialog: ReactNode) {
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
}
