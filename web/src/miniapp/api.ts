import type {
  TMiniAppAdd,
  TMiniAppCard,
  TMiniAppCatalogue,
  TMiniAppChange,
  TMiniAppMarket,
  TMiniAppMe,
  TMiniAppOrder,
  TMiniAppPositionResult,
  TMiniAppQuote,
  TMiniAppRefusal,
  TMiniAppSession,
} from "@wholesale/contract";

/**
 * The Mini App's one fetch client. Types come from the contract (type imports only: zod would cost the page a
 * third of its budget, and the server validates every answer it sends with the same schemas). The client
 * token lives in memory; when it ends (401) the session is opened again with the launch data, once.
 */

/** The server refused (a rule of the ordering service, or bad input): its Russian `detail` is shown as it is. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly refusal: TMiniAppRefusal,
  ) {
    super(refusal.detail);
  }
}

/** No answer at all: the page offers «Повторить». */
export class Offline extends Error {
  constructor() {
    super("Нет связи с сервером. Проверьте интернет и повторите.");
  }
}

let token: string | null = null;
let initData = "";

async function request<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/app/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Offline();
  }
  if (response.status === 401 && token && initData && !retried) {
    const session = await openSession(initData);
    if (session.status === "client") return request(method, path, body, true);
  }
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (response.ok) return json as T;
  const refusal = json as Partial<TMiniAppRefusal> | null;
  throw new Refused(response.status, {
    detail: refusal?.detail ?? "Что-то пошло не так. Повторите попытку.",
    code: refusal?.code ?? "not_found",
    can_still: refusal?.can_still ?? null,
    quote: refusal?.quote ?? null,
  });
}

export async function openSession(data: string): Promise<TMiniAppSession> {
  initData = data;
  token = null;
  const session = await request<TMiniAppSession>("POST", "session/", { init_data: data }, true);
  if (session.status === "client") token = session.token;
  return session;
}

/** A staff preview's client token (no launch data: it is not renewed when it ends). */
export function setPreviewToken(preview: string): void {
  initData = "";
  token = preview;
}

export const api = {
  me: () => request<TMiniAppMe>("GET", "me/"),
  market: () => request<TMiniAppMarket>("GET", "market/"),
  brands: () => request<{ results: { id: number; name: string }[] }>("GET", "brands/"),
  catalogue: (query: { search?: string; brand?: number; page: number }) => {
    const params = new URLSearchParams({ page: String(query.page) });
    if (query.search) params.set("search", query.search);
    if (query.brand) params.set("brand", String(query.brand));
    return request<TMiniAppCatalogue>("GET", `catalogue/?${params}`);
  },
  card: (id: number) => request<TMiniAppCard>("GET", `modifications/${id}/`),
  quote: (modification: number, quantity: number) =>
    request<TMiniAppQuote>("POST", "quote/", { modification, quantity }),
  order: () => request<TMiniAppOrder>("GET", "order/"),
  add: (body: TMiniAppAdd) => request<TMiniAppPositionResult>("POST", "positions/", body),
  change: (id: number, body: TMiniAppChange) =>
    request<TMiniAppPositionResult>("PUT", `positions/${id}/`, body),
  remove: (id: number) => request<TMiniAppOrder>("DELETE", `positions/${id}/`),
  text: (kind: "conditions" | "warranty") => request<{ text: string }>("GET", `texts/${kind}/`),
  claim: (text: string) => request<{ detail: string }>("POST", "claims/", { text }),
};

/** Any failure as one Russian sentence for the page. */
export const messageOf = (error: unknown) =>
  error instanceof Refused || error instanceof Offline
    ? error.message
    : "Что-то пошло не так. Повторите попытку.";
