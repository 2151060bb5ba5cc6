import type { TError, z } from "@wholesale/contract";
import { tokens } from "./tokens.ts";

/**
 * The schemas of the first calls (sign-in, the session's check, errors, the live stream), with the zod they use:
 * loaded on the first answer that needs parsing, not with the page, so the login screen's first download stays
 * small; each section's page brings the schemas it reads.
 */
export const firstCallsContract = () => import("@wholesale/contract/session");

/** A failed call: the HTTP status (0 when the server was not reached) and the server's Russian detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code?: string,
    readonly errors?: TError["errors"],
  ) {
    super(detail);
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<S extends z.ZodType | undefined> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Query;
  /** The contract schema of the response: the answer is parsed with it, never guessed. */
  schema?: S;
  signal?: AbortSignal;
  /** Sign-in and token calls go without the bearer header and without the 401 handling. */
  anonymous?: boolean;
  /**
   * False for a call made on a guess whose 401 the caller handles: no refresh, no sign-out (the session's check
   * asks for the user beside the token's verification).
   */
  handleUnauthorized?: boolean;
  /** Headers besides the bearer token and the JSON ones (a stream's `accept`, `last-event-id`). */
  headers?: Record<string, string>;
};

let onUnauthorized: () => void = () => {};
/** What happens when the session is over (the app clears it and goes to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function apiUrl(path: string, query?: Query): string {
  const base = path.startsWith("/api/") ? path : `/api${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes("?") ? "&" : "?"}${qs}` : base;
}

async function send(url: string, options: RequestOptions<z.ZodType | undefined>): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  const access = tokens.access();
  if (!options.anonymous && access) headers.authorization = `Bearer ${access}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(url, { method: options.method ?? "GET", headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "Нет связи с сервером");
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const { ZErrorSchema } = await firstCallsContract();
  const parsed = ZErrorSchema.safeParse(await response.json().catch(() => null));
  if (parsed.success)
    return new ApiError(response.status, parsed.data.detail, parsed.data.code, parsed.data.errors);
  return new ApiError(
    response.status,
    response.status >= 500 ? "Ошибка сервера" : "Не удалось выполнить запрос",
  );
}

let refreshing: Promise<boolean> | null = null;
/** Trades the refresh token for a new access token; concurrent 401s share one attempt. */
export function refreshAccessToken(): Promise<boolean> {
  const refresh = tokens.refresh();
  if (!refresh) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const response = await send(apiUrl("/token/refresh/"), {
        method: "POST",
        body: { refresh },
        anonymous: true,
      });
      if (!response.ok) return false;
      const { ZTokenRefreshResponseSchema } = await firstCallsContract();
      const { access } = ZTokenRefreshResponseSchema.parse(await response.json());
      tokens.save(access);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Sends a call with the bearer token; an expired access token is refreshed once and the call repeated.
 * On a final 401 the tokens are cleared and the user is sent to /login.
 */
async function authorizedFetch(
  url: string,
  options: RequestOptions<z.ZodType | undefined>,
): Promise<Response> {
  let response = await send(url, options);
  if (response.status === 401 && !options.anonymous && options.handleUnauthorized !== false) {
    const error = await errorOf(response.clone());
    const expired = error.code === (await firstCallsContract()).TOKEN_NOT_VALID;
    if (expired && (await refreshAccessToken())) response = await send(url, options);
    if (response.status === 401) {
      tokens.clear();
      onUnauthorized();
      throw error;
    }
  }
  return response;
}

/** Every JSON call of the web goes through here; the answer is parsed with the contract schema. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
  const response = await authorizedFetch(apiUrl(path, options.query), options);
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204 || !options.schema) return undefined as never;
  const parsed = options.schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(0, "Сервер вернул пустой ответ или неверный формат данных");
  return parsed.data as never;
}

/**
 * Opens a long answer the caller reads as it comes (the live stream's server-sent events), with the bearer
 * token: an expired token is refreshed by the same one refresh every call shares, and a session that is over
 * ends as it does for any call (an ApiError 401 after the tokens are cleared). Any other status is the
 * caller's to read.
 */
export function openStream(
  path: string,
  options: { headers: Record<string, string>; signal: AbortSignal },
): Promise<Response> {
  return authorizedFetch(apiUrl(path), options);
}

/** The file name a download's content-disposition header gives (the UTF-8 form first). */
export function filenameFrom(header: string | null): string | undefined {
  if (!header) return undefined;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

export const DOWNLOAD_TIMEOUT_MS = 60_000;

const DOWNLOAD_ERRORS: Record<number, string> = {
  401: "Ошибка авторизации",
  403: "Доступ запрещен",
  404: "Файл не найден",
  500: "Ошибка сервера",
};

/**
 * Downloads a file and hands it to the browser under the server's name (or `fallbackName`), giving up
 * after 60 seconds. Failures carry the spec's report-download texts.
 */
export async function downloadFile(path: string, fallbackName: string, query?: Query): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  try {
    const response = await authorizedFetch(apiUrl(path, query), { signal: controller.signal });
    if (!response.ok) {
      throw new ApiError(response.status, DOWNLOAD_ERRORS[response.status] ?? "Не удалось скачать отчет");
    }
    const blob = await response.blob();
    const name = filenameFrom(response.headers.get("content-disposition")) ?? fallbackName;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    return name;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") {
      throw new ApiError(0, "Превышено время ожидания");
    }
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, "Ошибка авторизации");
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, "Не удалось скачать отчет");
  } finally {
    clearTimeout(timer);
  }
}
