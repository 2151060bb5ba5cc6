import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ONE_ROLE_MESSAGE, type TAccount } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { AccountDialog } from "./AccountDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

const seller: TAccount = {
  id: 4,
  username: "anna",
  date_joined: "2026-01-01T00:00:00Z",
  last_login: null,
  is_office: false,
  is_storehouse: false,
  is_seller: true,
  is_superuser: false,
  is_active: true,
};

describe("AccountDialog", () => {
  it("asks for exactly one role, then sends the chosen role's flag", async () => {
    const calls = mockFetch({ "POST /api/users/register/": () => ({ status: 201, body: seller }) });
    const onClose = vi.fn();
    render(withAppProviders(<AccountDialog open account={null} onClose={onClose} />));
    await userEvent.type(screen.getByLabelText("Имя пользователя"), "anna");
    await userEvent.type(screen.getByLabelText("Пароль"), "long-password");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText(ONE_ROLE_MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Склад"));
    await userEvent.click(screen.getByLabelText("Продажник"));
    await waitFor(() => expect(screen.queryByText(ONE_ROLE_MESSAGE)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      username: "anna",
      password: "long-password",
      is_office: false,
      is_storehouse: false,
      is_seller: true,
    });
  });

  it("edits with the account's role chosen; an empty password goes as it is (the server keeps the old one)", async () => {
    const calls = mockFetch({ "PUT /api/users/4/": () => ({ status: 200, body: seller }) });
    render(withAppProviders(<AccountDialog open account={seller} onClose={() => {}} />));
    expect(screen.getByRole("dialog", { name: "Редактировать аккаунт" })).toBeInTheDocument();
    expect(screen.getByLabelText("Имя пользователя")).toHaveValue("anna");
    expect(screen.getByLabelText("Продажник")).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ password: "", is_seller: true }),
    );
  });

  it("shows the server's reason under the field it names, and stays open", async () => {
    mockFetch({
      "POST /api/users/register/": () => ({
        status: 409,
        body: {
          detail: "Пользователь с таким именем уже существует",
          code: "conflict",
          errors: { username: ["Пользователь с таким именем уже существует"] },
        },
      }),
    });
    const onClose = vi.fn();
    render(withAppProviders(<AccountDialog open account={null} onClose={onClose} />));
    await userEvent.type(screen.getByLabelText("Имя пользователя"), "Office");
    await userEvent.type(screen.getByLabelText("Пароль"), "whatever-pass");
    await userEvent.click(screen.getByLabelText("Офис"));
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(
      await screen.findByText("Пользователь с таким именем уже существует", { selector: "p" }),
    ).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});
