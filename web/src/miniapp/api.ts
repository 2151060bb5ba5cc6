import type {
  TMiniAppAdd,
  TMiniAppAdded,
  TMiniAppBrandList,
  TMiniAppCard,
  TMiniAppCatalogue,
  TMiniAppChange,
  TMiniAppFailure,
  TMiniAppMarket,
  TMiniAppMe,
  TMiniAppOrder,
  TMiniAppPositionResult,
  TMiniAppQuote,
  TMiniAppRefusal,
  TMiniAppSession,
  TPasteAlternatives,
  TPasteApplied,
  TPasteApply,
  TPasteMatch,
  TPastOrders,
  TPreparedList,
  TPreparedListAdd,
  TPreparedListChange,
  TPreparedListClosed,
  TPreparedListSend,
  TPreparedListSent,
  TRepeatedOrder,
  TRepeatOrder,
  TStockWaitAsked,
  TStockWaitList,
} from "@wholesale/contract";

/**
 * The Mini App's one fetch client. Types come from the contract (type imports only: zod would cost the page a
 * third of its budget, and the server validates every answer it sends with the same schemas). The client
 * token lives in memory; when it ends (401) the session is opened again with the launch data, once for all the
 * calls it ended, and each of them is sent again: the client never sees the token's end.
 */

/**
 * The server refused: its Russian `detail` is shown as it is. `refusal` is the ordering service's reason (with
 * what is still possible, a new quote to confirm); null for the error model's answers (bad input, a token that
 * ended, too many requests).
 */
export class Refused extends Error {
  readonly refusal: TMiniAppRefusal | null;
  constructor(
    readonly status: number,
    failure: TMiniAppFailure,
  ) {
    super(failure.detail);
    // The contract's two shapes: a refusal always carries `can_still` (null or not), the error model never.
    this.refusal = "can_still" in failure ? failure : null;
  }
}

const SOMETHING_WRONG = "Что-то пошло не так. Повторите попытку.";

/** A failed answer's body as the contract declares it; anything else (a proxy's page) is a generic failure. */
function failureOf(text: string): TMiniAppFailure {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && typeof (body as { detail?: unknown }).detail === "string")
      return body as TMiniAppFailure;
  } catch {
    // Not JSON: not the server's answer.
  }
  return { detail: SOMETHING_WRONG };
}

/** No answer at all: the page offers «Повторить». */
export class Offline extends Error {
  constructor() {
    super("Нет связи с сервером. Проверьте интернет и повторите.");
  }
}

/** A staff preview's token is not renewed (there is no launch data): the preview is opened again. */
const PREVIEW_ENDED = "Просмотр закончился: откройте каталог из предпросмотра бота ещё раз.";

let token: string | null = null;
let initData = "";
/** The session being opened again, which every call the old token failed waits for. */
let renewal: Promise<void> | null = null;

/**
 * Opens the session again from the launch data. A failure is the session's own answer in the client's words
 * (launch data too old: «Откройте каталог из чата с ботом ещё раз»; no longer a client: why), never the
 * staff's «Токен недействителен».
 */
function renewSession(): Promise<void> {
  renewal ??= openSession(initData)
    .then((session) => {
      if (session.status !== "client") throw new Refused(403, { detail: session.detail });
    })
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

async function request<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
  if (renewal && path !== "session/") await renewal.catch(() => undefined);
  // The session is opened with the launch data alone.
  const sent = path === "session/" ? null : token;
  let response: Response;
  try {
    response = await fetch(`/api/app/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(sent ? { authorization: `Bearer ${sent}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Offline();
  }
  if (response.status === 401 && sent && initData && !retried) {
    // Calls sent with the ended token share one renewal; one that fails after it was renewed just goes again.
    if (token === sent || renewal) await renewSession();
    return request(method, path, body, true);
  }
  if (response.status === 401 && sent && !initData) throw new Refused(401, { detail: PREVIEW_ENDED });
  const text = await response.text();
  if (!response.ok) throw new Refused(response.status, failureOf(text));
  return (text ? JSON.parse(text) : null) as T;
}

export async function openSession(data: string): Promise<TMiniAppSession> {
  initData = data;
  const session = await request<TMiniAppSession>("POST", "session/", { init_data: data }, true);
  token = session.status === "client" ? session.token : null;
  return session;
}

/** A staff preview's client token (no launch data: it is not renewed when it ends). */
export function setPreviewToken(preview: string): void {
  initData = "";
  token = preview;
}

function catalogueParams(query: { search?: string; brand?: number; page: number }) {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.search) params.set("search", query.search);
  if (query.brand) params.set("brand", String(query.brand));
  return params;
}

export const api = {
  me: () => request<TMiniAppMe>("GET", "me/"),
  market: () => request<TMiniAppMarket>("GET", "market/"),
  brands: () => request<TMiniAppBrandList>("GET", "brands/"),
  catalogue: (query: { search?: string; brand?: number; page: number }) =>
    request<TMiniAppCatalogue>("GET", `catalogue/?${catalogueParams(query)}`),
  card: (id: number) => request<TMiniAppCard>("GET", `modifications/${id}/`),
  /** What adding `quantity` would cost (the whole position's price, with what the order holds already). */
  quoteAdd: (modification: number, quantity: number) =>
    request<TMiniAppQuote>("POST", "quote/", { modification, quantity }),
  /** What a position would cost changed to `quantity` in all. */
  quoteChange: (position: number, quantity: number) =>
    request<TMiniAppQuote>("POST", "quote/", { position, quantity }),
  order: () => request<TMiniAppOrder>("GET", "order/"),
  add: (body: TMiniAppAdd) => request<TMiniAppAdded>("POST", "positions/", body),
  /** «Взять сколько есть»: `quantity` at the price seen for it, or what the stock holds when it holds fewer. */
  addAvailable: (body: TMiniAppAdd) => request<TMiniAppAdded>("POST", "positions/available/", body),
  change: (id: number, body: TMiniAppChange) =>
    request<TMiniAppPositionResult>("PUT", `positions/${id}/`, body),
  remove: (id: number) => request<TMiniAppOrder>("DELETE", `positions/${id}/`),
  text: (kind: "conditions" | "warranty") => request<{ text: string }>("GET", `texts/${kind}/`),
  claim: (text: string) => request<{ detail: string }>("POST", "claims/", { text }),

  // «Список к открытию»: the catalogue and the card under list/ are shown with the market closed too.
  list: () => request<TPreparedList>("GET", "list/"),
  listBrands: () => request<TMiniAppBrandList>("GET", "list/brands/"),
  listCatalogue: (query: { search?: string; brand?: number; page: number }) =>
    request<TMiniAppCatalogue>("GET", `list/catalogue/?${catalogueParams(query)}`),
  listCard: (id: number) => request<TMiniAppCard>("GET", `list/modifications/${id}/`),
  /** What a line of `quantity` would cost now (the line alone: the list is not the order). */
  listQuote: (modification: number, quantity: number) =>
    request<TMiniAppQuote>("POST", "list/quote/", { modification, quantity }),
  addLine: (body: TPreparedListAdd) => request<TPreparedList>("POST", "list/lines/", body),
  changeLine: (id: number, body: TPreparedListChange) =>
    request<TPreparedList>("PUT", `list/lines/${id}/`, body),
  removeLine: (id: number) => request<TPreparedList>("DELETE", `list/lines/${id}/`),
  sendList: (body: TPreparedListSend) => request<TPreparedListSent>("POST", "list/send/", body),
  paste: (text: string) => request<TPasteMatch>("POST", "list/paste/", { text }),
  /** A further page of a pasted line's candidates, priced for `quantity` with what the list holds. */
  pasteAlternatives: (query: { search: string; quantity: number; page: number }) =>
    request<TPasteAlternatives>(
      "GET",
      `list/paste/alternatives/?${new URLSearchParams({
        search: query.search,
        quantity: String(query.quantity),
        page: String(query.page),
      })}`,
    ),
  /** The chosen lines into the list, each adding to what it holds there. */
  applyPaste: (body: TPasteApply) => request<TPasteApplied>("POST", "list/paste/apply/", body),
  pastOrders: () => request<TPastOrders>("GET", "orders/"),

  // «Сообщить о поступлении» and «Мои ожидания».
  waits: () => request<TStockWaitList>("GET", "waits/"),
  askWait: (modification: number) => request<TStockWaitAsked>("POST", "waits/", { modification }),
  cancelWait: (id: number) => request<unknown>("DELETE", `waits/${id}/`),
  repeat: (id: number, body: TRepeatOrder) => request<TRepeatedOrder>("POST", `orders/${id}/repeat/`, body),
};

/**
 * A send refused whole because the market is closed for the client (ZPreparedListClosedSchema: the refusal
 * with the market and its opening time), or null for any other failure.
 */
export function closedList(error: unknown): TPreparedListClosed | null {
  if (!(error instanceof Refused) || error.refusal?.code !== "market_closed") return null;
  return "market" in error.refusal ? (error.refusal as TPreparedListClosed) : null;
}

/** Any failure as one Russian sentence for the page. */
export const messageOf = (error: unknown) =>
  error instanceof Refused || error instanceof Offline ? error.message : SOMETHING_WRONG;
