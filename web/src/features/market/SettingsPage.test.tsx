import { ThemeProvider } from "@mui/material";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TBotText, TMarketSchedule, TMarketStatus } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { theme } from "../../app/theme.ts";
import { OPEN_INACTIVE_REASON } from "./ScheduleItem.tsx";
import SettingsPage from "./SettingsPage.tsx";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const schedule: TMarketSchedule = {
  id: 1,
  name: "Основное",
  is_active: true,
  is_manually_opened: false,
  close_time: null,
  is_open: false,
  next_open_at: "2026-11-21T06:00:00.000Z",
  next_close_at: "2026-11-21T10:00:00.000Z",
  intervals: [{ id: 11, schedule: 1, start_time: "09:00:00", end_time: "13:00:00", is_active: true }],
  client_types: [],
  client_groups: [],
  transportations: [],
  clients: [],
  clients_detail: [],
};
const manual: TMarketSchedule = {
  ...schedule,
  id: 2,
  name: "Ночное",
  is_manually_opened: true,
  is_open: true,
  intervals: [],
  client_groups: [5],
};
/** Paused, with times unlike the add dialog's defaults, so the edit dialog must read them from the interval. */
const paused = { id: 12, schedule: 1, start_time: "14:15:00", end_time: "17:45:00", is_active: false };
const withPaused: TMarketSchedule = { ...schedule, intervals: [...schedule.intervals, paused] };
/** Switched off while opened by hand: the flag must not show, nor may the schedule be opened. */
const switchedOff: TMarketSchedule = {
  ...manual,
  id: 3,
  name: "Выходные",
  is_active: false,
  is_open: false,
  next_open_at: null,
  next_close_at: null,
};
const closedStatus: TMarketStatus = {
  is_open: false,
  active_schedules: [],
  open_until: null,
  next_open_at: "2026-11-21T06:00:00.000Z",
  message: "Маркет закрыт, откроется 21.11 в 09:00",
};
const botText = (text: string): TBotText => ({ text, is_default: false, created_at: null, history: [] });
const page = (results: TMarketSchedule[]) => ({
  status: 200,
  body: { count: results.length, next: null, previous: null, results },
});

function routes(overrides: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  const texts = Object.fromEntries(
    ["start", "market-entry", "pre-start", "end", "conditions", "guarantee"].map((p) => [
      `GET /api/messaging/${p}/`,
      () => ({ status: 200, body: botText(`Текст ${p}`) }),
    ]),
  );
  return mockFetch({
    "GET /api/storehouse/market-status/": () => ({ status: 200, body: closedStatus }),
    "GET /api/storehouse/market-schedules/": () => page([schedule, manual]),
    "GET /api/profiles/groups/": () => ({
      status: 200,
      body: [{ id: 5, name: "Опт Москва", surcharge: 1, is_active: true }],
    }),
    "GET /api/profiles/transportations/": () => ({ status: 200, body: [] }),
    ...texts,
    ...overrides,
  });
}

const card = async (testId: string) => within(await screen.findByTestId(testId));

/** The page in the app's own theme, so colours read as the user sees them. */
const renderSettings = () =>
  render(<ThemeProvider theme={theme}>{withAppProviders(<SettingsPage />)}</ThemeProvider>);

describe("Settings page", () => {
  it("shows the three cards, the status, the schedules with badges, intervals and buttons", async () => {
    routes({
      "GET /api/storehouse/market-status/": () => ({
        status: 200,
        body: {
          ...closedStatus,
          is_open: true,
          active_schedules: ["Основное", "Ночное"],
          next_open_at: null,
        },
      }),
    });
    renderSettings();
    expect(await screen.findByText("Маркет открыт")).toHaveStyle({ color: theme.palette.success.main });
    expect(screen.getByText("Активные расписания: Основное, Ночное")).toBeTruthy();
    expect(screen.getByText("Статус маркета")).toBeTruthy();
    expect(screen.getByText("Расписание маркета")).toBeTruthy();
    expect(screen.getByText("Настройки бота")).toBeTruthy();

    const first = await card("schedule-1");
    expect(await first.findByText("Ежедневно: 09:00 - 13:00")).toBeTruthy();
    expect(first.getByDisplayValue("Основное")).toBeTruthy();
    // The schedule's badge and its interval's status.
    expect(first.getAllByText("Активно", { selector: ".MuiChip-label" })).toHaveLength(2);
    expect(first.getByRole("button", { name: "Открыть маркет" })).toBeTruthy();
    expect(first.getByText("Закрыто, откроется: 21.11.2026 09:00, закроется: 21.11.2026 13:00")).toBeTruthy();
    for (const name of ["Добавить интервал", "Управление клиентами", "Сохранить", "Удалить"]) {
      expect(first.getByRole("button", { name })).toBeTruthy();
    }
    const second = await card("schedule-2");
    expect(second.getByText("Открыто вручную")).toBeTruthy();
    expect(second.getByText("Нет временных интервалов")).toBeTruthy();
    expect(second.getByRole("button", { name: "Закрыть маркет" })).toBeTruthy();
  });

  it("says when there are no schedules, and shows a load error in the card", async () => {
    routes({ "GET /api/storehouse/market-schedules/": () => page([]) });
    const { unmount } = renderSettings();
    expect(await screen.findByText("Нет настроенных расписаний")).toBeTruthy();
    expect(await screen.findByText("Маркет закрыт")).toHaveStyle({ color: theme.palette.error.main });
    unmount();
    routes({
      "GET /api/storehouse/market-schedules/": () => ({ status: 403, body: { detail: "Нет прав" } }),
    });
    renderSettings();
    expect(await screen.findByText("Ошибка загрузки: Нет прав")).toBeTruthy();
  });

  it("fetches the status again every 60 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = routes();
    renderSettings();
    await screen.findByText("Маркет закрыт");
    const statusCalls = () => calls.filter((c) => c.url.startsWith("/api/storehouse/market-status/")).length;
    expect(statusCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(statusCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(statusCalls()).toBe(2));
  });

  it("adds an interval with 1-minute pickers and the daily note", async () => {
    const calls = routes({
      "POST /api/storehouse/time-intervals/": ({ body }) => ({
        status: 201,
        body: { id: 12, ...(body as object) },
      }),
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await (await card("schedule-1")).findByRole("button", { name: "Добавить интервал" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Интервал будет работать ежедневно в указанное время")).toBeTruthy();
    const start = within(dialog).getByLabelText("Время начала");
    expect(start.getAttribute("step")).toBe("60");
    await user.clear(start);
    await user.type(start, "22:30");
    const end = within(dialog).getByLabelText("Время окончания");
    await user.clear(end);
    await user.type(end, "01:15");
    await user.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      schedule: 1,
      start_time: "22:30",
      end_time: "01:15",
      is_active: true,
    });
  });

  it("opens the market with an automatic close time, and closes an open one", async () => {
    const calls = routes({
      "POST /api/storehouse/market-schedules/1/open_market/": () => ({ status: 200, body: schedule }),
      "POST /api/storehouse/market-schedules/2/close_market/": () => ({ status: 200, body: manual }),
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await (await card("schedule-1")).findByRole("button", { name: "Открыть маркет" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText('Вы собираетесь открыть маркет "Основное".')).toBeTruthy();
    expect(within(dialog).queryByLabelText("Время закрытия")).toBeNull();
    await user.click(within(dialog).getByLabelText("Установить время автоматического закрытия"));
    const closeTime = within(dialog).getByLabelText("Время закрытия");
    expect(closeTime.getAttribute("type")).toBe("datetime-local");
    await user.clear(closeTime);
    await user.type(closeTime, "2026-11-21T18:30");
    await user.click(within(dialog).getByRole("button", { name: "Открыть маркет" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.url.endsWith("/open_market/"))?.body).toEqual({
      close_time: "2026-11-21T18:30",
    });

    // Closing messages every targeted client: it asks first, and «Отмена» sends nothing.
    const close = async () => {
      await user.click((await card("schedule-2")).getByRole("button", { name: "Закрыть маркет" }));
      return within(await screen.findByRole("dialog"));
    };
    const text = 'Закрыть маркет "Ночное"? Клиенты получат сообщение об окончании работы';
    await user.click((await close()).getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.url.endsWith("/close_market/"))).toBe(false);
    const confirm = await close();
    expect(confirm.getByText(text)).toBeTruthy();
    await user.click(confirm.getByRole("button", { name: "Закрыть" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/2/close_market/"))).toBe(true));
  });

  it("offers a close time an hour ahead, which the server accepts as in the future", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-21T09:20:00.000Z"));
    routes();
    const user = userEvent.setup();
    renderSettings();
    await user.click(await (await card("schedule-1")).findByRole("button", { name: "Открыть маркет" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByLabelText("Установить время автоматического закрытия"));
    // 09:20 UTC is 12:20 in Moscow.
    expect(dialog.getByLabelText("Время закрытия")).toHaveValue("2026-11-21T13:20");
  });

  it("manages the clients in four tabs and saves the choice", async () => {
    const calls = routes({
      "PUT /api/storehouse/market-schedules/2/": () => ({ status: 200, body: manual }),
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await (await card("schedule-2")).findByRole("button", { name: "Управление клиентами" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText('Управление клиентами для "Ночное"')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Типы клиентов", "Группы клиентов", "Направления", "Отдельные клиенты"]);
    await user.click(within(dialog).getByRole("combobox", { name: "Типы клиентов" }));
    await user.click(await screen.findByRole("option", { name: "Крупный опт" }));
    await user.click(within(dialog).getByRole("tab", { name: "Группы клиентов" }));
    expect(await within(dialog).findByText("Опт Москва")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      client_types: [2],
      client_groups: [5],
      transportations: [],
      clients: [],
    });
  });

  it("saves the name and the switch, and deletes after confirmation", async () => {
    const calls = routes({
      "PUT /api/storehouse/market-schedules/1/": () => ({ status: 200, body: schedule }),
      "DELETE /api/storehouse/market-schedules/1/": () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderSettings();
    const first = await card("schedule-1");
    const name = await first.findByDisplayValue("Основное");
    await user.clear(name);
    await user.type(name, "Будни");
    await user.click(first.getByRole("switch", { name: "Активно" }));
    await user.click(first.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ name: "Будни", is_active: false }),
    );
    await user.click(first.getByRole("button", { name: "Удалить" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Вы уверены? Отменить это действие будет невозможно!")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Да" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
  });

  it("deletes an interval only after the confirmation", async () => {
    const calls = routes({ "DELETE /api/storehouse/time-intervals/11/": () => ({ status: 204 }) });
    const user = userEvent.setup();
    renderSettings();
    const first = await card("schedule-1");
    const deleteButton = await first.findByRole("button", { name: "Удалить Ежедневно: 09:00 - 13:00" });
    await user.click(deleteButton);
    const confirm = await screen.findByRole("dialog", { name: "Удаление: Ежедневно: 09:00 - 13:00" });
    expect(within(confirm).getByText("Вы уверены? Отменить это действие будет невозможно!")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Нет" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(deleteButton);
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Да" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
        "/api/storehouse/time-intervals/11/",
      ]),
    );
  });

  it("edits an interval: the dialog opens with its times and «Активно», and saves with PUT", async () => {
    const calls = routes({
      "GET /api/storehouse/market-schedules/": () => page([withPaused]),
      "PUT /api/storehouse/time-intervals/12/": ({ body }) => ({
        status: 200,
        body: { id: 12, ...(body as object) },
      }),
    });
    const user = userEvent.setup();
    renderSettings();
    const first = await card("schedule-1");
    await user.click(await first.findByRole("button", { name: "Редактировать Ежедневно: 14:15 - 17:45" }));
    const dialog = await screen.findByRole("dialog", { name: "Редактировать интервал" });
    expect(within(dialog).getByLabelText("Время начала")).toHaveValue("14:15");
    const end = within(dialog).getByLabelText("Время окончания");
    expect(end).toHaveValue("17:45");
    const active = within(dialog).getByRole("switch", { name: "Активно" });
    expect(active).not.toBeChecked();
    await user.clear(end);
    await user.type(end, "19:00");
    await user.click(active);
    await user.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT")).toMatchObject([
      {
        url: "/api/storehouse/time-intervals/12/",
        body: { schedule: 1, start_time: "14:15", end_time: "19:00", is_active: true },
      },
    ]);
  });

  it("marks an inactive interval and an inactive schedule «Неактивно»; a switched-off schedule cannot be opened", async () => {
    routes({ "GET /api/storehouse/market-schedules/": () => page([withPaused, switchedOff]) });
    const user = userEvent.setup();
    renderSettings();
    const first = await card("schedule-1");
    const statusOf = async (label: string) =>
      (await first.findByText(label)).closest("tr")?.querySelector(".MuiChip-label")?.textContent;
    expect(await statusOf("Ежедневно: 09:00 - 13:00")).toBe("Активно");
    expect(await statusOf("Ежедневно: 14:15 - 17:45")).toBe("Неактивно");

    const off = await card("schedule-3");
    expect(off.getAllByText(/активно$/i, { selector: ".MuiChip-label" }).map((c) => c.textContent)).toEqual([
      "Неактивно",
    ]);
    expect(off.queryByText("Открыто вручную")).toBeNull();
    const open = off.getByRole("button", { name: "Открыть маркет" });
    expect(open).toBeDisabled();
    await user.hover(open.parentElement as HTMLElement);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(OPEN_INACTIVE_REASON);
  });

  it("sizes every settings dialog 500-800px wide (spec 2.5), narrowing to the screen on a phone", async () => {
    routes();
    const user = userEvent.setup();
    renderSettings();
    const first = await card("schedule-1");
    const openers = [
      screen.getByRole("button", { name: "Добавить расписание" }),
      first.getByRole("button", { name: "Добавить интервал" }),
      first.getByRole("button", { name: "Открыть маркет" }),
      first.getByRole("button", { name: "Управление клиентами" }),
    ];
    const sizes: Record<string, { maxWidth: number; width: string }> = {};
    for (const opener of openers) {
      await user.click(opener);
      const dialog = await screen.findByRole("dialog");
      const style = getComputedStyle(dialog);
      sizes[opener.textContent ?? ""] = { maxWidth: Number.parseFloat(style.maxWidth), width: style.width };
      await user.click(within(dialog).getByRole("button", { name: "Отмена" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    expect(Object.keys(sizes)).toHaveLength(openers.length);
    for (const [opener, { maxWidth, width }] of Object.entries(sizes)) {
      expect(maxWidth, opener).toBeGreaterThanOrEqual(500);
      expect(maxWidth, opener).toBeLessThanOrEqual(800);
      // MUI's fullWidth: the whole screen less its margins wherever that is narrower (a 390px phone).
      expect(width, opener).toBe("calc(100% - 64px)");
    }
  });

  it("edits a bot text with «Изменить»", async () => {
    const calls = routes({
      "POST /api/messaging/start/": ({ body }) => ({
        status: 201,
        body: botText((body as { text: string }).text),
      }),
    });
    const user = userEvent.setup();
    renderSettings();
    const editor = await screen.findByLabelText("Приветственное сообщение (/start)");
    await waitFor(() => expect((editor as HTMLTextAreaElement).value).toBe("Текст start"));
    expect(screen.getAllByRole("button", { name: /^Изменить/ })).toHaveLength(6);
    await user.clear(editor);
    await user.type(editor, "Добро пожаловать!");
    await user.click(screen.getByRole("button", { name: "Изменить: Приветственное сообщение (/start)" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ text: "Добро пожаловать!" }),
    );
    expect(await screen.findByText("Сообщение бота сохранено")).toBeTruthy();
  });

  it("keeps a blank bot text from being sent, and a refusal names no request field", async () => {
    routes({
      "POST /api/messaging/end/": () => ({
        status: 400,
        body: {
          detail: "Некорректные данные: text: Текст сообщения не может быть пустым",
          code: "validation_error",
          errors: { text: ["Текст сообщения не может быть пустым"] },
        },
      }),
    });
    const user = userEvent.setup();
    renderSettings();
    const editor = await screen.findByLabelText("Сообщение об окончании работы");
    await waitFor(() => expect(editor).toHaveValue("Текст end"));
    const save = screen.getByRole("button", { name: "Изменить: Сообщение об окончании работы" });
    await user.clear(editor);
    await user.type(editor, "   ");
    expect(save).toBeDisabled();
    expect(screen.getByText("Текст сообщения не может быть пустым")).toBeTruthy();

    // Should the server still refuse, its notice says why in words, without the request's `text:`.
    await user.type(editor, "x");
    await user.click(save);
    const notice = await screen.findByText(/^Не удалось обновить сообщение бота\./);
    expect(notice.textContent).toBe(
      "Не удалось обновить сообщение бота. Текст сообщения не может быть пустым",
    );
  });

  it("on a phone shows the targeting tabs' arrows; the client picker tells namesakes apart", async () => {
    const namesake = (id: number, organization_name: string, phone_number: string) =>
      testClient({ id, nickname: "Татьяна Николаева", organization_name, phone_number });
    routes({
      "GET /api/profiles/clients/active/": () => ({
        status: 200,
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [namesake(31, "ИП Николаева", "+79001112233"), namesake(32, "Не указано", "+79004445566")],
        },
      }),
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await (await card("schedule-2")).findByRole("button", { name: "Управление клиентами" }));
    const dialog = within(await screen.findByRole("dialog"));
    // MUI hides a scrollable tab list's arrows on touch screens unless told; they say more tabs are there.
    expect(
      dialog.getByRole("tablist").closest(".MuiTabs-root")?.querySelectorAll(".MuiTabs-scrollButtons"),
    ).toHaveLength(2);
    await user.click(dialog.getByRole("tab", { name: "Отдельные клиенты" }));
    await user.click(dialog.getByLabelText("Клиенты"));
    const first = await screen.findByRole("option", { name: /ИП Николаева \(Татьяна Николаева\)/ });
    expect(first).toHaveTextContent("+79001112233");
    expect(screen.getByRole("option", { name: /^Татьяна Николаева/ })).toHaveTextContent("+79004445566");
  });
});
