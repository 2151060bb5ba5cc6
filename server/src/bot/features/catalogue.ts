import { confirmedPriceOf } from "@wholesale/contract";
import { Composer, InlineKeyboard } from "grammy";
import {
  type ModificationView,
  type PositionResult,
  positionLine,
  type Quote,
  type Refusal,
} from "../../modules/ordering/index.ts";
import {
  addData,
  availableData,
  brandsData,
  type CardOrigin,
  cardData,
  modificationsData,
  productsData,
  quantityData,
  searchData,
  typedQuantityData,
} from "../callback-data/catalogue.ts";
import { isPressOf, onPress } from "../callback-data/factory.ts";
import type { BotContext } from "../context.ts";
import {
  addedKeyboard,
  brandsKeyboard,
  cardKeyboard,
  catalogueKeyboard,
  confirmKeyboard,
  modificationsKeyboard,
  openCatalogueKeyboard,
  productsKeyboard,
  type RefusalOffer,
  searchKeyboard,
} from "../keyboards/catalogue.ts";
import { mainMenuKeyboard } from "../keyboards/main-menu.ts";
import { texts } from "../texts.ts";
import { cardText, confirmText, marketClosedText } from "../views/catalogue.ts";
import { show } from "./show.ts";
import { canTryAnother, parseQuantity } from "./typed-number.ts";

/** /market, the catalogue (brands → products → modifications → card → quantity → confirm) and search. */
export const catalogue = new Composer<BotContext>();

async function openMarket(ctx: BotContext): Promise<void> {
  ctx.session.step = { kind: "idle" };
  if (!ctx.market.open) return showClosed(ctx);
  // With the Mini App configured, the entry text offers it; the menu under the input field stays as it was.
  const entry = await ctx.services.texts.latest("entry");
  await ctx.reply(entry, {
    reply_markup: ctx.deps.webAppUrl ? openCatalogueKeyboard(ctx.deps.webAppUrl) : mainMenuKeyboard(),
  });
  await showBrands(ctx, 1);
}
catalogue.command("market", openMarket);
catalogue.hears(texts.menu.market, openMarket);

async function showBrands(ctx: BotContext, page: number): Promise<void> {
  const brands = await ctx.ordering.listBrands(ctx.clientId, page);
  await show(ctx, brands.items.length ? texts.chooseBrand : texts.emptyCatalogue, brandsKeyboard(brands));
}

/** Browsing while the market is closed for the client answers when it next opens, instead of lists. */
async function showClosed(ctx: BotContext): Promise<void> {
  ctx.session.step = { kind: "idle" };
  const text = marketClosedText(ctx.market);
  if (ctx.callbackQuery) await show(ctx, text, new InlineKeyboard());
  else await ctx.reply(text, { reply_markup: mainMenuKeyboard() });
}

/** Every catalogue button is acknowledged first, so the client's button stops spinning whatever follows. */
const buttons = catalogue.on("callback_query:data", async (ctx, next) => {
  ctx.session.step = { kind: "idle" };
  await next();
});

const browsing = isPressOf(
  brandsData,
  productsData,
  modificationsData,
  searchData,
  cardData,
  quantityData,
  typedQuantityData,
);
buttons.filter(browsing, async (ctx, next) => {
  if (ctx.market.open) return next();
  await ctx.answerCallbackQuery();
  await showClosed(ctx);
});

buttons.use(
  onPress(brandsData, async (ctx, { page }) => {
    await ctx.answerCallbackQuery();
    await showBrands(ctx, page);
  }),
);

buttons.use(
  onPress(productsData, async (ctx, { brandId, page }) => {
    await ctx.answerCallbackQuery();
    const products = await ctx.ordering.listProducts(ctx.clientId, brandId, page);
    await show(
      ctx,
      products.items.length ? texts.chooseProduct : texts.emptyList,
      productsKeyboard(brandId, products),
    );
  }),
);

buttons.use(
  onPress(modificationsData, async (ctx, { productId, page }) => {
    await ctx.answerCallbackQuery();
    const list = await ctx.ordering.listModifications(ctx.clientId, productId, page);
    await show(
      ctx,
      list.items.length ? texts.chooseModification : texts.emptyList,
      modificationsKeyboard(productId, list),
    );
  }),
);

buttons.use(
  onPress(searchData, async (ctx, { page }) => {
    await ctx.answerCallbackQuery();
    await showSearch(ctx, ctx.session.search ?? "", page);
  }),
);

buttons.use(
  onPress(cardData, async (ctx, { modificationId, ...origin }) => {
    await ctx.answerCallbackQuery();
    await showCard(ctx, modificationId, origin);
  }),
);

buttons.use(
  onPress(quantityData, async (ctx, { modificationId, quantity, ...origin }) => {
    await ctx.answerCallbackQuery();
    await showConfirm(ctx, modificationId, origin, quantity);
  }),
);

buttons.use(
  onPress(typedQuantityData, async (ctx, typed) => {
    await ctx.answerCallbackQuery();
    ctx.session.step = { kind: "quantity", ...typed };
    await ctx.reply(texts.askQuantity);
  }),
);

/** An add answered: the position it made, or the refusal above the card with what may be done instead. */
async function answerAdd(
  ctx: BotContext,
  result: PositionResult,
  modificationId: number,
  origin: CardOrigin,
  quantity: number,
) {
  if (!result.ok) {
    await ctx.answerCallbackQuery({ text: result.message, show_alert: true });
    // A new price is shown to confirm again: nothing was added at a price the client did not see.
    if (result.code === "price_changed" && result.card && result.quote)
      return showConfirmOf(ctx, result.card, result.quote, quantity, origin, `❗ ${result.message}\n\n`);
    return showRefused(ctx, result, modificationId, origin, quantity);
  }
  await ctx.answerCallbackQuery({ text: texts.added });
  const index = result.order.positions.findIndex((p) => p.id === result.position.id);
  await show(ctx, `✅ ${texts.added}\n${positionLine(result.position, index)}`, addedKeyboard(origin));
}

buttons.use(
  onPress(addData, async (ctx, { modificationId, productId, quantity, price }) => {
    const confirmed = confirmedPriceOf(price);
    const result = await ctx.ordering.addPosition(ctx.clientId, modificationId, quantity, confirmed);
    await answerAdd(ctx, result, modificationId, { productId, page: 1 }, quantity);
  }),
);

buttons.use(
  onPress(availableData, async (ctx, { modificationId, productId, quantity, price }) => {
    const confirmed = confirmedPriceOf(price);
    const result = await ctx.ordering.addAvailable(ctx.clientId, modificationId, quantity, confirmed);
    await answerAdd(ctx, result, modificationId, { productId, page: 1 }, quantity);
  }),
);

async function showCard(ctx: BotContext, modificationId: number, origin: CardOrigin): Promise<void> {
  const view = await ctx.ordering.getModification(ctx.clientId, modificationId);
  if (!view) {
    await showBrands(ctx, 1);
    return;
  }
  await show(ctx, cardText(view), cardKeyboard(view, origin));
}

/**
 * A refusal above the card (drawn from what the refused call read, when it did), whose amounts are what may
 * be ordered instead, with the refusal's own way on for the `asked` units: what a limit of the client's own
 * still allows, added in one tap at its price, or «Взять сколько есть» when the stock holds fewer; `hint` says
 * what the client may do next.
 */
async function showRefused(
  ctx: BotContext,
  refusal: Refusal,
  modificationId: number,
  origin: CardOrigin,
  asked: number,
  hint?: string,
) {
  if (refusal.code === "market_closed") return showClosed(ctx);
  const view = refusal.card ?? (await ctx.ordering.getModification(ctx.clientId, modificationId));
  const text = `❗ ${refusal.message}${hint ? `\n${hint}` : ""}${view ? `\n\n${cardText(view)}` : ""}`;
  const offer = view ? await offerOf(ctx, refusal, modificationId, asked) : undefined;
  await show(ctx, text, view ? cardKeyboard(view, origin, offer) : catalogueKeyboard());
}

async function offerOf(
  ctx: BotContext,
  refusal: Refusal,
  modificationId: number,
  asked: number,
): Promise<RefusalOffer | undefined> {
  if (refusal.takeAvailable && refusal.quote)
    return { kind: "available", quantity: asked, quote: refusal.quote };
  if (!refusal.canStill || refusal.canStill <= 0) return undefined;
  const allowed = await ctx.ordering.previewAdd(ctx.clientId, modificationId, refusal.canStill);
  return allowed.ok ? { kind: "allowed", quantity: refusal.canStill, quote: allowed.quote } : undefined;
}

/** The confirm screen of a quote (`above` it, why it is shown again): nothing is added before ✅. */
function showConfirmOf(
  ctx: BotContext,
  card: ModificationView,
  quote: Quote,
  quantity: number,
  origin: CardOrigin,
  above = "",
) {
  return show(
    ctx,
    `${above}${confirmText(card, quantity, quote)}`,
    confirmKeyboard(card.id, origin, quantity, quote),
  );
}

/** A chosen quantity, judged by the ordering service before the confirm screen: refused at once if it must be. */
async function showConfirm(ctx: BotContext, modificationId: number, origin: CardOrigin, quantity: number) {
  const preview = await ctx.ordering.previewAdd(ctx.clientId, modificationId, quantity);
  if (preview.ok) return showConfirmOf(ctx, preview.card, preview.quote, quantity, origin);
  await showRefused(ctx, preview, modificationId, origin, quantity);
}

async function showSearch(ctx: BotContext, text: string, page: number): Promise<void> {
  const found = await ctx.ordering.searchModifications(ctx.clientId, text, page);
  const title = found.items.length
    ? `Найдено по запросу «${text}»:`
    : `По запросу «${text}» ничего не найдено.`;
  await show(ctx, title, searchKeyboard(found));
}

/**
 * A typed quantity after «Другое количество», judged before the confirm screen. One another number can
 * mend (over the stock or a limit, below the first tier, over the service's maximum) is refused at once with
 * the card's amounts, and the chat waits for another number.
 */
export const typedQuantity = new Composer<BotContext>();
typedQuantity.on("message:text", async (ctx, next) => {
  const step = ctx.session.step;
  if (step.kind !== "quantity") return next();
  if (!ctx.market.open) return showClosed(ctx);
  const quantity = parseQuantity(ctx.message.text);
  if (quantity === null) return void (await ctx.reply(texts.badQuantity));
  const { modificationId, ...origin } = step;
  const preview = await ctx.ordering.previewAdd(ctx.clientId, modificationId, quantity);
  if (!preview.ok && canTryAnother(preview))
    return showRefused(ctx, preview, modificationId, origin, quantity, texts.retryQuantity);
  ctx.session.step = { kind: "idle" };
  if (preview.ok) return showConfirmOf(ctx, preview.card, preview.quote, quantity, origin);
  await showRefused(ctx, preview, modificationId, origin, quantity);
});

/** Any other typed text searches the modifications. */
export const search = new Composer<BotContext>();
search.on("message:text", async (ctx) => {
  if (!ctx.market.open) return showClosed(ctx);
  const text = ctx.message.text.trim().slice(0, 100);
  ctx.session.search = text;
  await showSearch(ctx, text, 1);
});
