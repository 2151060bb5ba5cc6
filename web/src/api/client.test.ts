import { ZEmptySchema, z } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import {
  ApiError,
  api,
  DOWNLOAD_TIMEOUT_MS,
  downloadFile,
  filenameFrom,
  setUnauthorizedHandler,
} from "./client.ts";
import { tokens } from "./tokens.ts";

const expired = {
  status: 401,
  body: { detail: "Токен недействителен или просрочен", code: "token_not_valid" },
};

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe("api", () => {
  it("sends the bearer token and parses the answer with the contract schema", async () => {
    tokens.save("A1", "R1");
    const calls = mockFetch({ "GET /api/things/": () => ({ status: 200, body: { n: 1 } }) });
    await expect(api("/things/", { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 1 });
    expect(calls[0]?.headers.authorization).toBe("Bearer A1");
  });

  it("refreshes an expired access token once and repeats the call", async () => {
    tokens.save("old", "R1");
    const calls = mockFetch({
      "GET /api/things/": ({ headers }) =>
        headers.authorization === "Bearer new" ? { status: 200, body: {} } : expired,
      "POST /api/token/refresh/": ({ body }) =>
        (body as { refresh: string }).refresh === "R1" ? { status: 200, body: { access: "new" } } : expired,
    });
    await expect(api("/things/", { schema: ZEmptySchema })).resolves.toEqual({});
    expect(tokens.access()).toBe("new");
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/things/",
      "POST /api/token/refresh/",
      "GET /api/things/",
    ]);
  });

  it("when the refresh fails too, clears both tokens and hands over to the 401 handler", async () => {
    tokens.save("old", "R-bad");
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({ "GET /api/things/": () => expired, "POST /api/token/refresh/": () => expired });
    await expect(api("/things/")).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect([tokens.access(), tokens.refresh()]).toEqual([null, null]);
  });

  it("shares one refresh between calls that fail at the same time", async () => {
    tokens.save("old", "R1");
    const calls = mockFetch({
      "GET /api/a/": ({ headers }) =>
        headers.authorization === "Bearer new" ? { status: 200, body: {} } : expired,
      "POST /api/token/refresh/": () => ({ status: 200, body: { access: "new" } }),
    });
    await Promise.all([api("/a/"), api("/a/"), api("/a/")]);
    expect(calls.filter((c) => c.url === "/api/token/refresh/")).toHaveLength(1);
  });

  it("turns an error answer into ApiError with the server's Russian detail and field errors", async () => {
    mockFetch({
      "POST /api/things/": () => ({
        status: 400,
        body: { detail: "Некорректные данные", errors: { name: ["Обязательное поле"] } },
      }),
    });
    const error = await api("/things/", { method: "POST", body: {} }).catch((e) => e);
    expect(error).toMatchObject({
      status: 400,
      detail: "Некорректные данные",
      errors: { name: ["Обязательное поле"] },
    });
  });

  it("reports an answer of the wrong shape instead of passing it on", async () => {
    mockFetch({ "GET /api/things/": () => ({ status: 200, body: [1, 2] }) });
    const error = await api("/things/", { schema: z.object({ n: z.number() }) }).catch((e) => e);
    expect(error).toMatchObject({ detail: "Сервер вернул пустой ответ или неверный формат данных" });
  });

  it("says the server is unreachable when fetch itself fails", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(api("/things/")).rejects.toMatchObject({ status: 0, detail: "Нет связи с сервером" });
  });
});

describe("downloadFile", () => {
  it("saves the file under the name from content-disposition", async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response("xlsx-bytes", {
            status: 200,
            headers: {
              "content-disposition": `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent("Заказы_2026-11-22.xlsx")}`,
            },
          }),
      ),
    );
    await expect(downloadFile("/sales/report/", "report.xlsx")).resolves.toBe("Заказы_2026-11-22.xlsx");
    expect(clicked).toEqual(["Заказы_2026-11-22.xlsx"]);
  });

  it.each([
    [403, "Доступ запрещен"],
    [404, "Файл не найден"],
    [500, "Ошибка сервера"],
    [502, "Не удалось скачать отчет"],
  ])("answers %i with the spec's text", async (status, text) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status })),
    );
    await expect(downloadFile("/reports/x/", "report_1")).rejects.toMatchObject({ detail: text });
  });

  it("answers 401 with «Ошибка авторизации» and ends the session", async () => {
    tokens.save("A1", "R1");
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ detail: "Нужна авторизация" }), { status: 401 })),
    );
    await expect(downloadFile("/reports/x/", "report_1")).rejects.toMatchObject({
      status: 401,
      detail: "Ошибка авторизации",
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("gives up after 60 s with «Превышено время ожидания»", async () => {
    vi.useFakeTimers();
    try {
      // A server that never answers: only the abort signal ends the call.
      vi.stubGlobal(
        "fetch",
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise<Response>((_, reject) =>
              init.signal?.addEventListener("abort", () =>
                reject(new DOMException("The operation was aborted.", "AbortError")),
              ),
            ),
        ),
      );
      const result = downloadFile("/reports/x/", "report_1").catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(DOWNLOAD_TIMEOUT_MS - 1);
      const settled = await Promise.race([result, Promise.resolve("pending")]);
      expect(settled).toBe("pending");
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toMatchObject({ status: 0, detail: "Превышено время ожидания" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads the plain filename when there is no UTF-8 form", () => {
    expect(filenameFrom('attachment; filename="report_7.xlsx"')).toBe("report_7.xlsx");
    expect(filenameFrom(null)).toBeUndefined();
  });
});
