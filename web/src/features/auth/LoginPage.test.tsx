import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { staffUser } from "../../../test/staff.ts";
import Notices from "../../notices/Notices.tsx";
import { signOut } from "../../session/session.ts";
import LoginPage from "./LoginPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: "/login", Component: LoginPage },
      { path: "/", element: <p>Главная страница</p> },
      { path: "/orders", element: <p>Страница заказов</p> },
    ],
    { initialEntries: ["/login"] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Notices />
    </>,
  );
}

describe("LoginPage", () => {
  it("shows both required-field messages and sends nothing", async () => {
    const calls = mockFetch({});
    renderLogin();
    expect(screen.getByRole("heading", { name: "Вход" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Войти" }));
    expect(await screen.findByText("Email обязателен")).toBeInTheDocument();
    expect(screen.getByText("Пароль обязателен")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("Enter submits; a refusal shows Ошибка входа and the Ошибка авторизации notice", async () => {
    mockFetch({
      "POST /api/token/": () => ({
        status: 401,
        body: { detail: "Неверный логин или пароль", code: "authentication_failed" },
      }),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText("Имя пользователя"), "office");
    await userEvent.type(screen.getByLabelText("Пароль"), "wrong{Enter}");
    expect(await screen.findByText("Ошибка входа")).toBeInTheDocument();
    expect(await screen.findByText("Ошибка авторизации")).toBeInTheDocument();
    expect(screen.getByText("Неверный логин или пароль")).toBeInTheDocument();
  });

  it("a storehouse user lands on /orders after signing in", async () => {
    mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({
        status: 200,
        body: staffUser("storehouse", ["orders.read"], { id: 3 }),
      }),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText("Имя пользователя"), "storehouse");
    await userEvent.type(screen.getByLabelText("Пароль"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Войти" }));
    expect(await screen.findByText("Страница заказов")).toBeInTheDocument();
    expect(await screen.findByText("Вы успешно вошли в систему")).toBeInTheDocument();
  });
});
