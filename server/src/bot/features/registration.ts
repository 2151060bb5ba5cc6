import { CLIENT_NAME_MAX_LENGTH, CLIENT_TYPE_SMALL } from "@wholesale/contract";
import { Composer } from "grammy";
import type { BotRegistration } from "../../modules/clients/index.ts";
import { onPress } from "../callback-data/factory.ts";
import { volumeData } from "../callback-data/registration.ts";
import { isCommand } from "../command.ts";
import type { BotContext } from "../context.ts";
import { effect } from "../effect.ts";
import { mainMenuKeyboard } from "../keyboards/main-menu.ts";
import { sharePhoneKeyboard, volumeKeyboard } from "../keyboards/registration.ts";
import type { BotStep, RegistrationDraft } from "../session-state.ts";
import { texts } from "../texts.ts";

type RegistrationField = Extract<BotStep, { kind: "registration" }>["field"];

/** `org_<id>` from an organization's invitation link. */
function organizationFromPayload(payload: string): number | null {
  const match = /^org_(\d{1,9})$/.exec(payload.trim());
  return match ? Number(match[1]) : null;
}

export const registration = new Composer<BotContext>();

/**
 * /start of someone not a client yet (or declined, applying again); a client's goes on to the client area,
 * which may refuse them. The «start» text is the clients' welcome (it sends them to the market), so a newcomer
 * gets the registration's own words instead: the greeting and the first question, or, midway, the question the
 * registration waits for, and while the request waits, that it does.
 */
registration.command("start", async (ctx, next) => {
  if (ctx.standing.kind === "client") return next();
  const organizationId = organizationFromPayload(ctx.match);
  if (ctx.standing.kind === "waiting") {
    // The link still counts while the request waits: the client is inactive, not gone.
    const { clientId } = ctx.standing;
    if (organizationId !== null)
      await effect(ctx, (tx) => ctx.services.registration.joinOrganization(clientId, organizationId, tx));
    await ctx.reply(texts.waiting, { reply_markup: { remove_keyboard: true } });
    return;
  }
  const step = ctx.session.step;
  if (step.kind === "registration") {
    // The answers so far stay; a link opened midway names the organization the request will join.
    if (organizationId !== null) ctx.session.step = { ...step, draft: { ...step.draft, organizationId } };
    await askAgain(ctx, step.field);
    return;
  }
  await ctx.reply(texts.greeting);
  await askOrganization(ctx, { organizationId });
});

/** /start of a client in good standing (behind the client area): the link, the «start» text and the menu. */
export const clientStart = new Composer<BotContext>();
clientStart.command("start", async (ctx) => {
  const organizationId = organizationFromPayload(ctx.match);
  ctx.session.step = { kind: "idle" };
  if (organizationId !== null)
    await effect(ctx, (tx) => ctx.services.registration.joinOrganization(ctx.clientId, organizationId, tx));
  await ctx.reply(await ctx.services.texts.latest("start"), { reply_markup: mainMenuKeyboard() });
});

/** Everything below answers only users who are not confirmed clients yet. */
const newcomers = registration.filter((ctx) => ctx.standing.kind !== "client");

newcomers.on("message:contact", async (ctx) => {
  const step = ctx.session.step;
  if (step.kind !== "registration" || step.field !== "phone") return answerNewcomer(ctx);
  // A shared contact of someone else is not the user's own number.
  if (ctx.message.contact.user_id !== undefined && ctx.message.contact.user_id !== ctx.from.id) {
    await ctx.reply(texts.notOwnPhone, { reply_markup: sharePhoneKeyboard() });
    return;
  }
  await takePhone(ctx, step.draft, ctx.message.contact.phone_number);
});

newcomers.on("message:text", async (ctx) => {
  const step = ctx.session.step;
  if (step.kind !== "registration" || step.field === "volume" || isCommand(ctx.message))
    return answerNewcomer(ctx);
  const text = ctx.message.text.trim();
  if (step.field === "phone") return takePhone(ctx, step.draft, text);
  if (!text) return void (await ctx.reply(texts.empty));
  if (text.length > CLIENT_NAME_MAX_LENGTH) return void (await ctx.reply(texts.tooLong));
  if (step.field === "organization") {
    ctx.session.step = {
      kind: "registration",
      field: "nickname",
      draft: { ...step.draft, organizationName: text },
    };
    await ctx.reply(texts.askNickname);
    return;
  }
  ctx.session.step = { kind: "registration", field: "phone", draft: { ...step.draft, nickname: text } };
  await ctx.reply(texts.askPhone, { reply_markup: sharePhoneKeyboard() });
});

newcomers.use(
  onPress(volumeData, async (ctx, { clientType }) => {
    const step = ctx.session.step;
    const { organizationName, nickname, phoneNumber } = step.kind === "registration" ? step.draft : {};
    if (
      step.kind !== "registration" ||
      !organizationName ||
      !nickname ||
      !phoneNumber ||
      (clientType !== 2 && clientType !== 3)
    ) {
      await ctx.answerCallbackQuery();
      return answerNewcomer(ctx);
    }
    const registration: BotRegistration = {
      telegramId: ctx.from.id,
      telegramUsername: ctx.from.username ?? null,
      organizationId: step.draft.organizationId,
      organizationName,
      nickname,
      phoneNumber,
      clientType,
    };
    ctx.session.step = { kind: "idle" };
    await effect(ctx, (tx) => ctx.services.registration.register(registration, tx));
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(
      `${texts.askVolume} ${clientType === CLIENT_TYPE_SMALL ? texts.volume.small : texts.volume.large}`,
    );
    await ctx.reply(texts.registered, { reply_markup: { remove_keyboard: true } });
  }),
);

/**
 * Anything else from a newcomer: the registration goes on, the wait for confirmation is recalled, or a
 * declined user is told they may apply again.
 */
newcomers.use(async (ctx) => answerNewcomer(ctx));

async function answerNewcomer(ctx: BotContext): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  if (ctx.standing.kind === "waiting") {
    await ctx.reply(texts.waiting);
    return;
  }
  const step = ctx.session.step;
  if (step.kind !== "registration" && ctx.standing.kind === "declined") {
    await ctx.reply(texts.declined, { reply_markup: { remove_keyboard: true } });
    return;
  }
  if (step.kind !== "registration") return askOrganization(ctx, { organizationId: null });
  await askAgain(ctx, step.field);
}

/** The question a registration waits for, asked again. */
async function askAgain(ctx: BotContext, field: RegistrationField): Promise<void> {
  const questions = {
    organization: () => ctx.reply(texts.askOrganization),
    nickname: () => ctx.reply(texts.askNickname),
    phone: () => ctx.reply(texts.askPhone, { reply_markup: sharePhoneKeyboard() }),
    volume: () => ctx.reply(texts.askVolume, { reply_markup: volumeKeyboard() }),
  };
  await questions[field]();
}

async function askOrganization(ctx: BotContext, draft: RegistrationDraft): Promise<void> {
  ctx.session.step = { kind: "registration", field: "organization", draft };
  await ctx.reply(texts.askOrganization);
}

async function takePhone(ctx: BotContext, draft: RegistrationDraft, typed: string): Promise<void> {
  const phoneNumber = ctx.services.registration.normalizePhone(typed);
  if (!phoneNumber) {
    await ctx.reply(texts.badPhone, { reply_markup: sharePhoneKeyboard() });
    return;
  }
  ctx.session.step = { kind: "registration", field: "volume", draft: { ...draft, phoneNumber } };
  await ctx.reply(`Телефон ${phoneNumber} записан.`, { reply_markup: { remove_keyboard: true } });
  await ctx.reply(texts.askVolume, { reply_markup: volumeKeyboard() });
}
