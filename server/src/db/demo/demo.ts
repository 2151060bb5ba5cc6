import { positionName, roundMoney } from "@wholesale/contract";
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { addDays, businessDay, startOfBusinessDay } from "../../lib/business-time.ts";
import { hashPassword } from "../../lib/passwords.ts";
import type { Db } from "../client.ts";
import {
  accessRules,
  accounts,
  additions,
  botTexts,
  brands,
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  claims,
  clientGroups,
  clientMessages,
  clients,
  collectionGroupClients,
  collectionGroups,
  currencies,
  marketScheduleGroups,
  marketSchedules,
  modifications,
  orderPositions,
  orders,
  organizations,
  priceTiers,
  products,
  registrationRequests,
  timeIntervals,
  transportations,
} from "../schema/index.ts";
import { createRandom, type Random } from "./random.ts";
import { BRANDS, CITIES, CLAIM_TEXTS, FIRST_NAMES, LAST_NAMES, PRODUCT_KINDS, SHOP_WORDS } from "./words.ts";

export type DemoScale = { clients: number; days: number; ordersPerDay: number; productsPerBrand: number };
export const DEMO_SCALE: DemoScale = { clients: 200, days: 30, ordersPerDay: 20, productsPerBrand: 10 };

export const DEMO_STAFF = [
  { username: "office", role: "office" },
  { username: "storehouse", role: "storehouse" },
  { username: "seller", role: "seller" },
  { username: "manager.anna", role: "office" },
] as const;

const CHUNK = 2000;

/** Runs one insert statement per chunk of rows and collects what the statements return. */
async function inChunks<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

async function insertAll<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<void> {
  await inChunks(rows, async (chunk) => {
    await db.insert(table).values(chunk);
    return [];
  });
}

/** True when the database holds no business data yet (accounts alone do not count). */
export async function isEmptyForDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(brands);
  const [c] = await db.select({ n: count() }).from(clients);
  return (row?.n ?? 0) === 0 && (c?.n ?? 0) === 0;
}

/**
 * Fills an empty database with a realistic, deterministic wholesale business: staff of every role,
 * catalogue with price tiers, clients and their groupings, `days` days of orders up to `now`, claims,
 * messages, market schedules and the bot texts. Benchmarks call it with a larger scale.
 */
export async function seedDemo(
  db: Db,
  {
    now,
    password,
    scale = DEMO_SCALE,
    seed = 20261122,
  }: { now: Date; password: string; scale?: DemoScale; seed?: number },
) {
  const rnd = createRandom(seed);
  const today = businessDay(now);

  const passwordHash = await hashPassword(password);
  const staff = await db
    .insert(accounts)
    .values(
      DEMO_STAFF.map((s) => ({
        username: s.username,
        passwordHash,
        isOffice: s.role === "office",
        isStorehouse: s.role === "storehouse",
        isSeller: s.role === "seller",
      })),
    )
    .onConflictDoNothing()
    .returning();

  const [rub, usd] = await db
    .insert(currencies)
    .values([
      { name: "Рубль", sign: "₽" },
      { name: "Доллар", sign: "$" },
    ])
    .returning();
  if (!rub || !usd) throw new Error("demo: currencies were not created");

  const catalogue = await seedCatalogue(db, rnd, scale, { rub: rub.id, usd: usd.id });
  const audience = await seedAudience(
    db,
    rnd,
    scale,
    staff.map((s) => s.id),
  );
  await seedOrders(db, rnd, scale, { now, today, catalogue, clients: audience.orderingClients });
  await seedMessagingAndMarket(db, rnd, {
    now,
    today,
    clientIds: audience.allClientIds,
    groups: audience.groupIds,
    directions: audience.directionIds,
  });

  return {
    staff: staff.map((s) => s.username),
    modifications: catalogue.length,
    clients: audience.allClientIds.length,
  };
}

type CatalogueItem = { id: number; name: string; small: number; large: number; currencyId: number };

async function seedCatalogue(db: Db, rnd: Random, scale: DemoScale, currency: { rub: number; usd: number }) {
  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map((name) => ({ name, description: `Официальная продукция ${name}` })))
    .returning();

  const productSeeds = brandRows.flatMap((brand) =>
    rnd
      .sample(PRODUCT_KINDS, Math.min(scale.productsPerBrand, PRODUCT_KINDS.length))
      .map((kind) => ({ brand, kind })),
  );
  const productRows = await db
    .insert(products)
    .values(productSeeds.map(({ brand, kind }) => ({ brandId: brand.id, name: kind.name })))
    .returning();

  const modificationSeeds = productRows.flatMap((product, i) => {
    const { brand, kind } = productSeeds[i] as (typeof productSeeds)[number];
    return kind.variants.map((variant) => {
      const base = rnd.int(kind.price[0], kind.price[1]);
      const quantity = rnd.chance(0.08) ? 0 : rnd.int(5, 500);
      // A price of 1 means "not sold at this wholesale type"; availability follows the catalogue rules.
      const noLarge = rnd.chance(0.05);
      return {
        row: {
          productId: product.id,
          name: variant,
          quantity,
          quantityOnStart: quantity,
          available: quantity > 0,
          availableSmallWholesale: quantity > 0 ? (rnd.chance(0.9) ? true : null) : false,
          availableLargeWholesale: quantity > 0 && !noLarge ? (rnd.chance(0.9) ? true : null) : false,
          oneHandQuantity: rnd.chance(0.1) ? rnd.pick([5, 10, 20]) : 0,
          specifications: `${brand.name} ${kind.name}, ${variant}`,
        },
        fullName: positionName({ brand: brand.name, product: kind.name, modification: variant }),
        base,
        noLarge,
        inDollars: rnd.chance(0.1),
      };
    });
  });
  const modificationRows = await inChunks(
    modificationSeeds.map((s) => ({ ...s.row, oneHandLimited: s.row.oneHandQuantity > 0 })),
    (chunk) => db.insert(modifications).values(chunk).returning({ id: modifications.id }),
  );

  const tiers: (typeof priceTiers.$inferInsert)[] = [];
  const items: CatalogueItem[] = [];
  modificationRows.forEach(({ id }, i) => {
    const s = modificationSeeds[i] as (typeof modificationSeeds)[number];
    const currencyId = s.inDollars ? currency.usd : currency.rub;
    const small = s.inDollars ? roundMoney(s.base / 95) : s.base;
    const large = s.noLarge ? 1 : roundMoney(small * 0.88);
    const steps = rnd.pick([[1], [1, 10], [1, 10, 50]]);
    steps.forEach((quantityFrom, step) => {
      const discount = 1 - step * 0.05;
      tiers.push({
        modificationId: id,
        currencyId,
        quantityFrom,
        smallWholesale: roundMoney(small * discount),
        largeWholesale: s.noLarge ? 1 : roundMoney(large * discount),
        availableSmallWholesale: true,
        availableLargeWholesale: !s.noLarge,
      });
    });
    items.push({ id, name: s.fullName, small, large: s.noLarge ? small : large, currencyId });
  });
  await insertAll(db, priceTiers, tiers);

  const withAdditions = rnd.sample(items, Math.ceil(items.length * 0.05));
  await insertAll(
    db,
    additions,
    withAdditions.map((m) => ({
      modificationId: m.id,
      description: "Подарочная упаковка",
      smallWholesale: 50,
      largeWholesale: 40,
    })),
  );
  return items;
}

async function seedAudience(db: Db, rnd: Random, scale: DemoScale, managerIds: number[]) {
  const groupRows = await db
    .insert(clientGroups)
    .values([
      { name: "Розница Москва", surcharge: 1 },
      { name: "Садовод", surcharge: 1 },
      { name: "Регионы", surcharge: 1.05 },
      { name: "VIP", surcharge: 0.97 },
      { name: "Новые клиенты", surcharge: 1.1, isActive: false },
    ])
    .returning();
  const directionRows = await db
    .insert(transportations)
    .values(
      ["Москва", "Санкт-Петербург", "Казань", "Краснодар", "Екатеринбург", "Самовывоз"].map((name, i) => ({
        name,
        isActive: i !== 4 || rnd.chance(0.5),
      })),
    )
    .returning();
  const organizationRows = await db
    .insert(organizations)
    .values([
      { name: "ООО «Восток-Трейд»", managerId: managerIds[0] ?? null },
      { name: "ИП Соколов А.В.", managerId: managerIds[2] ?? null },
      { name: "ООО «Мобайл Плюс»", managerId: managerIds[3] ?? managerIds[0] ?? null },
      { name: "ИП Гарипова Л.Р.", managerId: managerIds[2] ?? null },
    ])
    .returning();

  const clientSeeds: (typeof clients.$inferInsert)[] = [];
  for (let i = 0; i < scale.clients; i++) {
    const first = rnd.pick(FIRST_NAMES);
    const female = /[аяь]$/.test(first) && !["Илья", "Никита"].includes(first);
    const last = `${rnd.pick(LAST_NAMES)}${female ? "а" : ""}`;
    const organization = rnd.chance(0.25) ? rnd.pick(organizationRows) : undefined;
    const offline = rnd.chance(0.02);
    // The first clients cover every status the back-office shows; the rest are ordinary and active.
    const inactive = i % 17 === 3;
    clientSeeds.push({
      telegramId: offline ? null : 500_000_000 + i * 7919,
      telegramUsername: offline ? null : `${translit(first)}_${translit(last)}${i}`.toLowerCase(),
      phoneNumber: `+79${String(rnd.int(100000000, 999999999))}`,
      organizationId: organization?.id ?? null,
      organizationName:
        organization?.name ??
        (rnd.chance(0.7) ? `${rnd.pick(SHOP_WORDS)} ${rnd.pick(CITIES)}` : "Не указано"),
      nickname: `${first} ${last}`,
      offline,
      groupId: rnd.pick(groupRows).id,
      transportationId: rnd.pick(directionRows).id,
      clientType: rnd.chance(0.6) ? CLIENT_TYPE_SMALL : CLIENT_TYPE_LARGE,
      isActive: !inactive,
      banned: i % 31 === 5,
      permanentBanned: i % 53 === 7,
      suspicious: i % 29 === 11,
      allowedPrice: rnd.chance(0.8),
      allowedPriceWMarkup: rnd.chance(0.3),
      clientSmallWholesale: false,
      clientLargeWholesale: false,
    });
  }
  const clientRows = await inChunks(clientSeeds, (chunk) =>
    db.insert(clients).values(chunk).returning({
      id: clients.id,
      clientType: clients.clientType,
      isActive: clients.isActive,
      banned: clients.banned,
      permanentBanned: clients.permanentBanned,
    }),
  );
  await insertAll(
    db,
    accessRules,
    clientRows.map((c, i) => ({
      clientId: c.id,
      totalLimit: i % 9 === 0 ? 150000 : null,
      bannedBrands: i % 13 === 0 ? ["JBL"] : [],
      allPrices: i % 11 === 0 ? ["Baseus", "Hoco"] : [],
    })),
  );
  const inactiveIds = clientRows.filter((c) => !c.isActive).map((c) => c.id);
  await insertAll(
    db,
    registrationRequests,
    inactiveIds.slice(0, 8).map((clientId) => ({ clientId })),
  );

  const collection = await db
    .insert(collectionGroups)
    .values([
      { name: "Утренняя сборка", startCollectTime: "09:00" },
      { name: "Дневная сборка", startCollectTime: "13:00" },
      { name: "Вечерняя сборка", startCollectTime: "17:30", isActive: false },
    ])
    .returning();
  const activeIds = clientRows.filter((c) => c.isActive).map((c) => c.id);
  await insertAll(
    db,
    collectionGroupClients,
    collection.flatMap((g, i) =>
      rnd.sample(activeIds, 4 + i * 3).map((clientId) => ({ collectionGroupId: g.id, clientId })),
    ),
  );

  return {
    allClientIds: clientRows.map((c) => c.id),
    orderingClients: clientRows
      .filter((c) => c.isActive && !c.permanentBanned && c.clientType !== null)
      .map((c) => ({ id: c.id, clientType: c.clientType as number })),
    groupIds: groupRows.map((g) => g.id),
    directionIds: directionRows.map((d) => d.id),
  };
}

async function seedOrders(
  db: Db,
  rnd: Random,
  scale: DemoScale,
  ctx: {
    now: Date;
    today: string;
    catalogue: CatalogueItem[];
    clients: { id: number; clientType: number }[];
  },
) {
  for (let back = scale.days - 1; back >= 0; back--) {
    const day = addDays(ctx.today, -back);
    const dayStart = startOfBusinessDay(day).getTime();
    const dayOrders = rnd
      .sample(ctx.clients, Math.min(scale.ordersPerDay, ctx.clients.length))
      .map((client) => {
        // Orders come in between 08:00 and 20:00 Moscow time; today's are spread over the part of that
        // window that has passed, so they never lie in the future.
        const offset = rnd.int(0, 12 * 3600) * 1000;
        const windowStart = Math.min(dayStart + 8 * 3600_000, ctx.now.getTime() - 3600_000);
        const windowEnd = Math.min(dayStart + 20 * 3600_000, ctx.now.getTime() - 60_000);
        const openedAt = new Date(windowStart + (offset / (12 * 3600_000)) * (windowEnd - windowStart));
        return {
          clientId: client.id,
          clientType: client.clientType,
          openedOn: day,
          openedAt,
          updatedAt: openedAt,
        };
      });
    const orderRows = await inChunks(dayOrders, (chunk) =>
      db
        .insert(orders)
        .values(chunk)
        .returning({ id: orders.id, clientType: orders.clientType, openedAt: orders.openedAt }),
    );
    const positions: (typeof orderPositions.$inferInsert)[] = [];
    for (const order of orderRows) {
      for (const item of rnd.sample(ctx.catalogue, rnd.int(2, 8))) {
        // Today's positions are in every state of collection; earlier days have been collected.
        const status =
          back > 0 ? "collected" : rnd.pick(["added", "added", "sent_to_collect", "collected"] as const);
        const sentAt = status === "added" ? null : new Date(order.openedAt.getTime() + 30 * 60_000);
        positions.push({
          orderId: order.id,
          modificationId: item.id,
          modificationName: item.name,
          price: order.clientType === CLIENT_TYPE_LARGE ? item.large : item.small,
          quantity: rnd.pick([1, 2, 3, 5, 10, 10, 20, 50]),
          currencyId: item.currencyId,
          status,
          createdAt: order.openedAt,
          sentToCollectAt: sentAt,
          collectedAt: status === "collected" ? sentAt : null,
        });
      }
      // Clients sometimes order the same item again later in the day: today's first order repeats its last
      // line, which the order history shows as one line with the quantities summed.
      const last = positions.at(-1);
      if (back === 0 && order === orderRows[0] && last)
        positions.push({ ...last, quantity: last.quantity + 1 });
    }
    await insertAll(db, orderPositions, positions);
  }
}

async function seedMessagingAndMarket(
  db: Db,
  rnd: Random,
  ctx: { now: Date; today: string; clientIds: number[]; groups: number[]; directions: number[] },
) {
  await db.insert(claims).values(
    CLAIM_TEXTS.map((text, i) => ({
      clientId: rnd.pick(ctx.clientIds),
      text,
      status: i % 3 === 0 ? ("reviewed" as const) : ("not_reviewed" as const),
      createdDate: new Date(ctx.now.getTime() - (i * 19 + 3) * 3600_000),
    })),
  );

  const tomorrow = startOfBusinessDay(addDays(ctx.today, 1)).getTime();
  await db.insert(clientMessages).values([
    { text: "Доброе утро! Маркет открыт, ждём ваши заказы.", sendTime: new Date(tomorrow + 9 * 3600_000) },
    {
      text: "Поступление: новые Power Bank Baseus и Anker.",
      clientType: CLIENT_TYPE_LARGE,
      sendTime: new Date(tomorrow + 11 * 3600_000),
    },
    {
      text: "Скидки на кабели Hoco до конца недели!",
      clientType: CLIENT_TYPE_SMALL,
      sendTime: new Date(tomorrow + 15 * 3600_000),
    },
    {
      text: "Напоминаем: заказы на сегодня принимаются до 18:00.",
      sendTime: new Date(ctx.now.getTime() - 86400_000),
      sent: true,
      sentAt: new Date(ctx.now.getTime() - 86400_000),
      recipients: 142,
      delivered: 138,
      failed: 1,
      unreachable: 3,
    },
    {
      text: "Машина на Казань уходит в 19:00.",
      transportationId: ctx.directions[2] ?? null,
      sendTime: new Date(ctx.now.getTime() - 2 * 86400_000),
      sent: true,
      sentAt: new Date(ctx.now.getTime() - 2 * 86400_000),
      recipients: 12,
      delivered: 12,
    },
  ]);

  // Both wholesale types on weekdays' hours with a lunch break; an early hour for the first client group;
  // an evening for large wholesale that wraps past midnight, switched off for now.
  const [main, early, evening] = await db
    .insert(marketSchedules)
    .values([
      { name: "Основное расписание", clientTypes: [CLIENT_TYPE_SMALL, CLIENT_TYPE_LARGE] },
      { name: "Ранний доступ" },
      { name: "Вечер для крупного опта", clientTypes: [CLIENT_TYPE_LARGE], isActive: false },
    ])
    .returning();
  if (!main || !early || !evening) throw new Error("demo: market schedules were not created");
  await db.insert(timeIntervals).values([
    { scheduleId: main.id, startTime: "09:00", endTime: "13:00" },
    { scheduleId: main.id, startTime: "14:00", endTime: "18:00" },
    { scheduleId: early.id, startTime: "08:00", endTime: "09:00" },
    { scheduleId: evening.id, startTime: "20:00", endTime: "01:00" },
  ]);
  const earlyGroup = ctx.groups[0];
  if (earlyGroup !== undefined) {
    await db.insert(marketScheduleGroups).values({ scheduleId: early.id, groupId: earlyGroup });
  }

  await db.insert(botTexts).values([
    {
      kind: "start",
      text: "Здравствуйте! Это бот оптового склада аксессуаров. Нажмите /market, чтобы открыть каталог.",
    },
    { kind: "entry", text: "Каталог открыт. Выберите брэнд, затем товар и количество." },
    { kind: "pre_start", text: "Через 5 минут открывается маркет. Приготовьте свои заказы!" },
    { kind: "end", text: "Маркет закрыт. Заказы переданы на сборку, спасибо!" },
    { kind: "conditions", text: "Минимальный заказ — 5 000 ₽. Доставка по направлениям по расписанию." },
    {
      kind: "warranty",
      text: "Гарантия на электронику — 14 дней с момента получения. Брак меняем бесплатно.",
    },
  ]);
}

const TRANSLIT: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};
const translit = (s: string) => [...s.toLowerCase()].map((c) => TRANSLIT[c] ?? c).join("");
