import type { TClient, TMiniAppCatalogue, TMiniAppQuote, TMiniAppSession } from "@wholesale/contract";
import { inject } from "vitest";
import { launchData } from "../../server/src/test/launch-data.ts";
import { apiCall } from "./browser.ts";

/** The client's Mini App token, from launch data signed as Telegram signs it when the page opens. */
export async function miniAppToken(client: Pick<TClient, "telegram_id">): Promise<string> {
  const initData = launchData(client.telegram_id ?? 0, {
    botToken: inject("botToken"),
    authDate: new Date(),
  });
  const session = await apiCall<TMiniAppSession>("", "POST", "/app/session/", { init_data: initData });
  if (session.status !== "client") throw new Error(`no Mini App session: ${JSON.stringify(session)}`);
  return session.token;
}

/**
 * One unit of an item of the demo catalogue the client can order now, added through the Mini App's API at the
 * price it quotes, as the page adds it. `pick`: the first such item, or the last (the browser tests share the
 * demo client: miniapp.test.ts orders the first and reads its line as a new one).
 */
export async function addOneThroughMiniApp(token: string, pick: "first" | "last"): Promise<void> {
  const { items } = await apiCall<TMiniAppCatalogue>(token, "GET", "/app/catalogue/?page=1");
  const orderable = items.filter((i) => i.stock === "in_stock" && i.from_quantity === 1 && i.price !== null);
  const item = pick === "first" ? orderable[0] : orderable.at(-1);
  if (!item) throw new Error("no orderable modification in the demo catalogue");
  const quote = await apiCall<TMiniAppQuote>(token, "POST", "/app/quote/", {
    modification: item.id,
    quantity: 1,
  });
  await apiCall(token, "POST", "/app/positions/", {
    modification: item.id,
    quantity: 1,
    price_kopecks: quote.price_kopecks,
  });
}
