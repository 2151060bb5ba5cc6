import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { clients, marketSchedules, modifications, orderPositions } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
let modId: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  const rub = (await seedCurrency(t.db, { sign: "₽" })).id;
  productId = (await seedProduct(t.db, { brandId: (await seedBrand(t.db, { name: "Preview" })).id })).id;
  modId = (
    await seedModification(t.db, {
      productId,
      quantity: 10,
      tiers: [{ currencyId: rub, smallWholesale: 100 }],
    })
  ).id;
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

const preview = (body: object, role: "office" | "seller" = "office") =>
  t.call(role, { method: "POST", url: "/api/bot/preview/", payload: body });

describe("bot preview", () => {
  it("a new user sees the start of the registration; nothing is kept", async () => {
    const res = await preview({ client: null, dry_run: false, action: { type: "text", text: "/start" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dry_run: true,
      messages: [
        {
          kind: "send",
          text: expect.stringMatching(/^Здравствуйте!/),
          inline_keyboard: [],
          reply_keyboard: null,
        },
        { kind: "send", text: "Давайте зарегистрируемся. Как называется ваша организация?" },
      ],
    });
    for (const text of ["ООО Тест", "Тест"])
      await preview({ client: null, dry_run: true, action: { type: "text", text } });
    const phone = await preview({ client: null, dry_run: true, action: { type: "contact" } });
    const volume = phone.json().messages.at(-1);
    expect(volume.inline_keyboard[0].map((b: { text: string }) => b.text)).toEqual([
      "Малый опт",
      "Крупный опт",
    ]);
    const done = await preview({
      client: null,
      dry_run: true,
      action: { type: "callback", data: volume.inline_keyboard[0][0].data, message_id: volume.message_id },
    });
    expect(done.json().messages.map((m: { kind: string }) => m.kind)).toEqual(["edit", "send"]);
    expect(await t.db.select().from(clients)).toHaveLength(0);
  });

  it("as a client: a dry-run order is answered and rolled back; a real one is kept", async () => {
    const client = await seedClient(t.db, { allowedPrice: true });
    const market = await preview({
      client: client.id,
      dry_run: true,
      action: { type: "text", text: "Маркет" },
    });
    const brands = market.json().messages.at(-1);
    expect(brands.inline_keyboard[0][0].text).toBe("Preview");
    expect(market.json().messages[0].reply_keyboard[0].map((b: { text: string }) => b.text)).toEqual([
      "Маркет",
      "Мой заказ",
      "Мои ожидания",
    ]);
    // «✅ Подтвердить» of 2 units at the 100 ₽ the confirm screen showed (in kopecks).
    const add = { type: "callback", data: `a:${modId}:${productId}:2:10000`, message_id: brands.message_id };
    const dry = await preview({ client: client.id, dry_run: true, action: add });
    expect(dry.json()).toMatchObject({
      notice: "Добавлено в заказ.",
      messages: [{ kind: "edit", message_id: brands.message_id }],
    });
    const stock = async () =>
      (await t.db.select().from(modifications).where(eq(modifications.id, modId)))[0]?.quantity;
    expect(await stock()).toBe(10);
    await preview({ client: client.id, dry_run: false, action: add });
    expect(await stock()).toBe(8);
    expect(await t.db.select().from(orderPositions)).toHaveLength(1);
  });

  it("leaves a real client's unreachable mark alone: staff, not the client, are writing", async () => {
    const blockedAt = new Date("2026-11-19T10:00:00Z");
    const client = await seedClient(t.db, { telegramUnreachableAt: blockedAt });
    const res = await preview({
      client: client.id,
      dry_run: false,
      action: { type: "text", text: "/start" },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.telegramUnreachableAt).toEqual(blockedAt);
  });

  it("refuses a client without Telegram, bad input and roles without market.manage", async () => {
    const offline = await seedClient(t.db, { telegramId: null });
    const res = await preview({
      client: offline.id,
      dry_run: true,
      action: { type: "text", text: "/start" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("У клиента нет Telegram: бот от его имени не посмотреть");
    expect(
      (await preview({ client: 999999, dry_run: true, action: { type: "text", text: "a" } })).statusCode,
    ).toBe(404);
    expect(
      (await preview({ client: null, dry_run: true, action: { type: "text", text: " " } })).statusCode,
    ).toBe(400);
    expect(
      (await preview({ client: null, dry_run: true, action: { type: "text", text: "/start" } }, "seller"))
        .statusCode,
    ).toBe(403);
  });
});
