import {
  PREPARED_LIST_MAX_LINES,
  type TPasteApplied,
  type TPasteLine,
  type TPasteMatch,
  type TPreparedList,
  ZPasteAppliedSchema,
  ZPasteMatchSchema,
} from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { modifications, preparedListLines, priceTiers } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { blockedBy, terminateBackend } from "../../test/postgres-admin.ts";
import { waitFor } from "../../test/wait.ts";
import { orderingCacheCaughtUp } from "../ordering/index.ts";
import { LIST_LOCK } from "./list-lines.ts";

/**
 * «Вставить список»: a pasted text read line by line (what was read, what was not and why), matched to the
 * catalogue, and the chosen lines added to the list in one go, adding to what it holds; the list's cap holds
 * whatever adds run at once.
 */
let t: TestApp;
let rub: number;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set("2026-03-10T07:00:00Z");
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
});
afterAll(() => t.close());

async function clientCalls({ dryRun = false }: { dryRun?: boolean } = {}) {
  const client = await seedClient(t.db, { allowedPrice: true });
  const token = await t.app.tokens.signClient({
    clientId: client.id,
    telegramId: client.telegramId ?? 0,
    dryRun,
  });
  const call = async (options: InjectOptions) => {
    await orderingCacheCaughtUp(t.db);
    return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
  };
  return { client, call };
}

/**
 * `count` modifications of one product of a brand named `brand` (a name no other test uses), each in stock and
 * priced 600 ₽ from 1, 540 ₽ from 10: made in two statements, as a list's hundred lines need a hundred of them.
 */
async function productOf(brand: string, product: string, count: number) {
  const made = await seedProduct(t.db, {
    brandId: (await seedBrand(t.db, { name: brand })).id,
    name: product,
  });
  const mods = await t.db
    .insert(modifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        productId: made.id,
        name: `вариант ${i + 1}`,
        quantity: 100,
        quantityOnStart: 100,
        available: true,
        availableSmallWholesale: true,
        availableLargeWholesale: true,
      })),
    )
    .returning({ id: modifications.id });
  await t.db.insert(priceTiers).values(
    mods.flatMap((m) => [
      { modificationId: m.id, currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
      { modificationId: m.id, currencyId: rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
    ]),
  );
  return mods;
}

const paste = (text: string) => ({ method: "POST" as const, url: "/api/app/list/paste/", payload: { text } });
/** Lines as the page sends them: `in_list` what it showed the list holding (0 unless said). */
const apply = (
  lines: { modification: number; quantity: number; price_kopecks?: number | null; in_list?: number }[],
) => ({
  method: "POST" as const,
  url: "/api/app/list/paste/apply/",
  payload: { lines: lines.map((l) => ({ price_kopecks: null, in_list: 0, ...l })) },
});
const addLine = (modification: number, quantity: number) => ({
  method: "POST" as const,
  url: "/api/app/list/lines/",
  payload: { modification, quantity, price_kopecks: 60000 },
});
const listOf = async (call: (o: InjectOptions) => Promise<LightMyRequestResponse>) =>
  (await call({ method: "GET", url: "/api/app/list/" })).json<TPreparedList>();
const quantities = (list: TPreparedList) => list.lines.map((l) => [l.modification, l.quantity]);
const linesOf = async (clientId: number) =>
  t.db
    .select({ modificationId: preparedListLines.modificationId, quantity: preparedListLines.quantity })
    .from(preparedListLines)
    .where(eq(preparedListLines.clientId, clientId));

describe("a pasted line as it was read", () => {
  it("takes no quantity that is not a whole number of 1 to 100000, and says why", async () => {
    const { call } = await clientCalls();
    await productOf("Читальный", "Чехол", 1);
    const res = await call(
      paste(
        [
          "Читальный Чехол — 999999",
          "Читальный Чехол — 0",
          "Читальный Чехол — 1e9",
          "Читальный Чехол — -5",
          "Читальный Чехол — 2,5",
          "Читальный Чехол 5",
          "Читальный Чехол — 7",
          "Читальный Чехол",
        ].join("\n"),
      ),
    );
    expect(res.statusCode).toBe(200);
    const { lines } = ZPasteMatchSchema.parse(res.json());
    const read = (l: TPasteLine) => [l.name, l.quantity, l.quantity_text, l.quantity_problem, l.note];
    expect(lines.map(read)).toEqual([
      ["Читальный Чехол", null, "999999", "Количество «999999» — больше 100000.", null],
      ["Читальный Чехол", null, "0", "Количество «0» — меньше 1.", null],
      ["Читальный Чехол", null, "1e9", "Количество «1e9» — больше 100000.", null],
      ["Читальный Чехол", null, "-5", "Количество «-5» — отрицательное число.", null],
      ["Читальный Чехол", null, "2,5", "Количество «2,5» — не целое число.", null],
      [
        "Читальный Чехол 5",
        null,
        null,
        null,
        "Число «5» в конце прочитано как часть названия. Если это количество, укажите его.",
      ],
      ["Читальный Чехол", 7, "7", null, null],
      ["Читальный Чехол", null, null, null, null],
    ]);
    // Each is still matched, so the client fixes the quantity and keeps the match.
    expect(lines.map((l) => l.status)).toEqual(Array(8).fill("matched"));
    expect(lines.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("names a line with a control character and reads the others", async () => {
    const { call } = await clientCalls();
    const [mod] = await productOf("Нулевой", "Кабель", 1);
    const res = await call(paste("Нулевой Кабель\u0000 — 3\n\nНулевой Кабель — 2"));
    expect(res.statusCode).toBe(200);
    const [bad, good] = ZPasteMatchSchema.parse(res.json()).lines;
    expect(bad).toMatchObject({
      number: 1,
      text: "Нулевой Кабель\ufffd — 3",
      status: "unreadable",
      problem: "В строке есть непечатаемые символы: она не прочитана. Перепечатайте её.",
      match: null,
    });
    expect(good).toMatchObject({
      number: 3,
      status: "matched",
      quantity: 2,
      match: { modification: mod?.id },
    });
  });

  it("reads 100 lines and counts the rest with the first one's number", async () => {
    const { call } = await clientCalls();
    // Names too short to search for: the lines cost no query, and the bound is what is looked at.
    const text = Array.from({ length: 150 }, (_, i) => `Я — ${i + 1}`).join("\n");
    const res = await call(paste(text));
    expect(res.statusCode).toBe(200);
    const body = ZPasteMatchSchema.parse(res.json());
    expect(body.lines).toHaveLength(PREPARED_LIST_MAX_LINES);
    expect(body.lines.at(-1)?.number).toBe(100);
    expect(body.not_read).toEqual({ count: 50, from_number: 101 });
  });

  it("offers every alternative page by page", async () => {
    const { call } = await clientCalls();
    const mods = await productOf("Многовариантный", "Шнур", 20);
    const res = await call(paste("Многовариантный Шнур — 2"));
    const [line] = ZPasteMatchSchema.parse(res.json()).lines;
    expect(line).toMatchObject({
      status: "ambiguous",
      alternatives_pages: 3,
      search: "Многовариантный Шнур",
    });
    const seen = line?.alternatives.map((a) => a.modification) ?? [];
    expect(seen).toHaveLength(8);
    for (const page of [2, 3]) {
      const more = await call({
        method: "GET",
        url: `/api/app/list/paste/alternatives/?search=${encodeURIComponent(line?.search ?? "")}&quantity=2&page=${page}`,
      });
      expect(more.statusCode).toBe(200);
      expect(more.json()).toMatchObject({ page, pages: 3 });
      seen.push(...more.json().alternatives.map((a: { modification: number }) => a.modification));
    }
    expect(new Set(seen)).toEqual(new Set(mods.map((m) => m.id)));
    expect(line?.alternatives[0]).toMatchObject({ price_kopecks: 60000, sold: true, in_list: 0 });
  });

  it("tells what the list holds of each candidate and prices the sum", async () => {
    const { call } = await clientCalls();
    const [mod] = await productOf("Прибавочный", "Адаптер", 1);
    if (!mod) throw new Error("no modification");
    expect((await call(addLine(mod.id, 8))).statusCode).toBe(201);
    const body: TPasteMatch = (await call(paste("Прибавочный Адаптер — 3"))).json();
    // 8 in the list and 3 pasted reach the tier from 10.
    expect(body.lines[0]?.match).toMatchObject({ modification: mod.id, in_list: 8, price_kopecks: 54000 });
    expect([body.list_lines, body.list_max_lines]).toEqual([1, 100]);
  });
});

describe("the chosen lines of a paste into the list", () => {
  it("adds to the quantity a line has in the list, and the single add still sets it", async () => {
    const { call } = await clientCalls();
    const [a, b, c] = await productOf("Складной", "Товар", 3);
    if (!a || !b || !c) throw new Error("no modifications");
    await call(addLine(a.id, 2));
    await call(addLine(b.id, 10));
    const res = await call(
      apply([
        { modification: a.id, quantity: 1, price_kopecks: 60000, in_list: 2 },
        { modification: b.id, quantity: 3, price_kopecks: 54000, in_list: 10 },
        { modification: c.id, quantity: 4, price_kopecks: 60000 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const done: TPasteApplied = ZPasteAppliedSchema.parse(res.json());
    expect(
      done.results.map((r) => (r.status === "added" ? [r.before, r.quantity, r.total] : r.status)),
    ).toEqual([
      [2, 1, 3],
      [10, 3, 13],
      [0, 4, 4],
    ]);
    expect(quantities(done.list)).toEqual([
      [a.id, 3],
      [b.id, 13],
      [c.id, 4],
    ]);
    expect(done.list.lines[1]).toMatchObject({ confirmed_price_kopecks: 54000, price_kopecks: 54000 });
    // The stepper's add is an editor: it sets the line.
    await call(addLine(a.id, 2));
    expect(quantities(await listOf(call))[0]).toEqual([a.id, 2]);
  });

  it("adds nothing to a quantity the page did not show: a list changed, or a paste sent again", async () => {
    const { call, client } = await clientCalls();
    const [a, b] = await productOf("Повторный", "Товар", 2);
    if (!a || !b) throw new Error("no modifications");
    const pasted = apply([
      { modification: a.id, quantity: 2 },
      { modification: b.id, quantity: 3 },
    ]);
    expect((await call(pasted)).statusCode).toBe(201);
    // Its answer lost, the page sends it again: nothing is added twice.
    const again = await call(pasted);
    expect(again.statusCode).toBe(201);
    expect(again.json().results).toEqual([
      expect.objectContaining({
        status: "changed",
        modification: a.id,
        in_list: 2,
        detail:
          "Список изменился: в нём 2 шт. этого товара, а не 0. Ничего не прибавлено: проверьте количество.",
      }),
      expect.objectContaining({ status: "changed", modification: b.id, in_list: 3 }),
    ]);
    // The stepper set a line after the paste was read: the paste adds to it only once the client saw it.
    await call(addLine(a.id, 5));
    const stale = await call(apply([{ modification: a.id, quantity: 1, in_list: 2 }]));
    expect(stale.json().results[0]).toMatchObject({ status: "changed", in_list: 5 });
    const seen = await call(apply([{ modification: a.id, quantity: 1, in_list: 5 }]));
    expect(seen.json().results[0]).toMatchObject({ status: "added", before: 5, total: 6 });
    expect(await linesOf(client.id)).toEqual(
      expect.arrayContaining([
        { modificationId: a.id, quantity: 6 },
        { modificationId: b.id, quantity: 3 },
      ]),
    );
  });

  it("adds up lines of one modification and answers the position once", async () => {
    const { call, client } = await clientCalls();
    const [mod] = await productOf("Тройной", "Товар", 1);
    if (!mod) throw new Error("no modification");
    const res = await call(
      apply([
        { modification: mod.id, quantity: 1 },
        { modification: mod.id, quantity: 7 },
        { modification: mod.id, quantity: 7 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().results).toEqual([
      { status: "added", modification: mod.id, name: expect.any(String), quantity: 15, before: 0, total: 15 },
    ]);
    expect(await linesOf(client.id)).toEqual([{ modificationId: mod.id, quantity: 15 }]);
  });

  it("refuses a line alone with its reason and adds the others", async () => {
    const { call } = await clientCalls();
    const [ok, gone, full, none] = await productOf("Разборчивый", "Товар", 4);
    if (!ok || !gone || !full || !none) throw new Error("no modifications");
    await call(addLine(full.id, 99_999));
    await t.db
      .update(modifications)
      .set({ availableSmallWholesale: false })
      .where(eq(modifications.id, gone.id));
    await orderingCacheCaughtUp(t.db);
    const res = await call(
      apply([
        { modification: ok.id, quantity: 2 },
        { modification: gone.id, quantity: 2 },
        { modification: full.id, quantity: 5, in_list: 99_999 },
        { modification: ok.id + 1_000_000, quantity: 1 },
        { modification: ok.id, quantity: 3 },
        { modification: none.id, quantity: -2 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const { results, list } = ZPasteAppliedSchema.parse(res.json());
    expect(
      results.map((r) => (r.status === "refused" ? [r.refusal.code, r.refusal.detail] : r.status)),
    ).toEqual([
      // The two lines of `ok` (2 and 3) are added up.
      "added",
      ["not_sold", "Этот товар сейчас не продаётся."],
      ["bad_quantity", "В списке уже 99999 шт.: вместе было бы 100004 шт., а можно не больше 100000."],
      ["not_found", "Товар не найден."],
      ["bad_quantity", "Укажите количество целым числом от 1 до 100000."],
    ]);
    expect(quantities(list)).toEqual([
      [full.id, 99_999],
      [ok.id, 5],
    ]);
  });

  it("adds nothing past the list's 100 lines and says how many fit", async () => {
    const { call, client } = await clientCalls();
    const mods = await productOf("Вместительный", "Товар", 104);
    await t.db
      .insert(preparedListLines)
      .values(
        mods
          .slice(0, 97)
          .map((m, i) => ({ clientId: client.id, modificationId: m.id, quantity: 1, place: i + 1 })),
      );
    const [held] = mods;
    const fresh = mods.slice(97);
    const over = await call(apply(fresh.slice(0, 4).map((m) => ({ modification: m.id, quantity: 1 }))));
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe(
      "В списке не больше 100 строк. Свободных мест: 3, а новых позиций выбрано: 4. Ничего не добавлено: " +
        "снимите отметку с лишних.",
    );
    expect(await linesOf(client.id)).toHaveLength(97);
    // Three new and one already there fit exactly.
    const fits = await call(
      apply([
        ...fresh.slice(0, 3).map((m) => ({ modification: m.id, quantity: 2 })),
        { modification: held?.id ?? 0, quantity: 2, in_list: 1 },
      ]),
    );
    expect(fits.statusCode).toBe(201);
    expect(fits.json().list.lines).toHaveLength(100);
    // Full, a paste may still add to the lines there.
    expect((await call(apply([{ modification: held?.id ?? 0, quantity: 1, in_list: 3 }]))).statusCode).toBe(
      201,
    );
    expect((await call(apply([{ modification: fresh[3]?.id ?? 0, quantity: 1 }]))).statusCode).toBe(409);
    const lines = await linesOf(client.id);
    expect(lines).toHaveLength(100);
    expect(lines.find((l) => l.modificationId === held?.id)?.quantity).toBe(4);
  });

  it("refuses bad input with a Russian detail and keeps the list", async () => {
    const { call, client } = await clientCalls();
    const [mod] = await productOf("Придирчивый", "Товар", 1);
    if (!mod) throw new Error("no modification");
    await call(addLine(mod.id, 2));
    const bad: InjectOptions[] = [
      apply([]),
      apply(Array.from({ length: 101 }, () => ({ modification: mod.id, quantity: 1 }))),
      apply([{ modification: mod.id, quantity: 1.5 }]),
      { method: "POST", url: "/api/app/list/paste/apply/", payload: { lines: "x" } },
      { method: "GET", url: "/api/app/list/paste/alternatives/?search=a" },
      { method: "GET", url: "/api/app/list/paste/alternatives/?search=Товар&page=0" },
    ];
    for (const options of bad) {
      const res = await call(options);
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(res.json().detail).toMatch(/[А-Яа-яЁё]/);
    }
    expect(await linesOf(client.id)).toEqual([{ modificationId: mod.id, quantity: 2 }]);
  });

  it("in a staff preview's dry run answers for real and keeps nothing", async () => {
    const { call, client } = await clientCalls({ dryRun: true });
    const [mod] = await productOf("Примерочный", "Товар", 1);
    if (!mod) throw new Error("no modification");
    const res = await call(apply([{ modification: mod.id, quantity: 3 }]));
    expect(res.statusCode).toBe(201);
    expect(quantities(res.json().list)).toEqual([[mod.id, 3]]);
    expect(await linesOf(client.id)).toEqual([]);
  });
});

describe("the list's cap with adds at once", () => {
  it("keeps 100 lines of 160 single adds at once and refuses the rest in Russian", async () => {
    const { call, client } = await clientCalls();
    const mods = await productOf("Наплывной", "Товар", 160);
    const answers = await Promise.all(mods.map((m) => call(addLine(m.id, 1))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(100);
    expect(codes.filter((c) => c === 409)).toHaveLength(60);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({ detail: "В списке не больше 100 строк." });
    expect(await linesOf(client.id)).toHaveLength(100);
  });

  it("keeps a paste whole or not at all when pastes and adds race", async () => {
    const { call, client } = await clientCalls();
    const mods = await productOf("Гоночный", "Товар", 130);
    const pastes = [0, 1, 2, 3].map((i) =>
      call(apply(mods.slice(i * 30, i * 30 + 30).map((m) => ({ modification: m.id, quantity: 1 })))),
    );
    const singles = mods.slice(120).map((m) => call(addLine(m.id, 1)));
    const [pasted, added] = [await Promise.all(pastes), await Promise.all(singles)];
    const lines = await linesOf(client.id);
    expect(lines).toHaveLength(100);
    const kept = new Set(lines.map((l) => l.modificationId));
    pasted.forEach((res, i) => {
      const own = mods.slice(i * 30, i * 30 + 30).filter((m) => kept.has(m.id)).length;
      // A paste went in whole (201) or left nothing (409).
      expect([res.statusCode, own]).toEqual(res.statusCode === 201 ? [201, 30] : [409, 0]);
    });
    // Whatever the order, three pastes (90) and the ten single adds fill it; a fourth paste never fits.
    expect(pasted.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(added.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("a paste whose database connection is lost", () => {
  it("fails cleanly with nothing added, and sent again adds each line once", async () => {
    const { call, client } = await clientCalls();
    const [a, b] = await productOf("Оборванный", "Товар", 2);
    if (!a || !b) throw new Error("no modifications");
    await call(addLine(a.id, 2));
    const pasted = apply([
      { modification: a.id, quantity: 3, in_list: 2 },
      { modification: b.id, quantity: 4 },
    ]);
    // Another connection holds the client's list: the paste waits on it, and its backend is terminated.
    const admin = new pg.Client({ connectionString: t.database.url ?? "" });
    await admin.connect();
    let lost: LightMyRequestResponse;
    try {
      await admin.query("begin");
      await admin.query("select pg_advisory_xact_lock($1::int, $2::int)", [LIST_LOCK, client.id]);
      const cutOff = call(pasted);
      const waiting = await waitFor("the paste to wait on the list's lock", async () => {
        const pids = await blockedBy(admin);
        return pids.length === 1 ? pids[0] : undefined;
      });
      await terminateBackend(admin, waiting);
      await admin.query("rollback");
      lost = await cutOff;
    } finally {
      await admin.end();
    }
    expect(lost.statusCode).toBe(503);
    expect(lost.json().detail).toBe("База данных временно недоступна. Повторите попытку.");
    expect(await linesOf(client.id)).toEqual([{ modificationId: a.id, quantity: 2 }]);

    const again = await call(pasted);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(["added", "added"]);
    const twice = await call(pasted);
    expect(twice.json().results.map((r: { status: string }) => r.status)).toEqual(["changed", "changed"]);
    expect(await linesOf(client.id)).toEqual(
      expect.arrayContaining([
        { modificationId: a.id, quantity: 5 },
        { modificationId: b.id, quantity: 4 },
      ]),
    );
  });
});
