import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedModification, seedProduct } from "../../../db/factories/catalogue.ts";
import { seedClient } from "../../../db/factories/clients.ts";
import {
  exclusives,
  preparedListApplied,
  preparedListLines,
  preparedListSends,
} from "../../../db/schema/index.ts";
import { MAX_QUANTITY } from "../rules/limits.ts";
import { type OrderingFixture, orderingFixture } from "../test-fixture.ts";
import { LineAlreadyApplied } from "../types.ts";
import { batchStatement, KEPT_BATCH_SHAPES } from "./add-lines.ts";

/**
 * The ordering service's adds of a prepared list's lines (add-lines.ts), below the send that calls them: each
 * line answered as a tap would be, whichever way it went (with others in one statement, or alone).
 */
let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture();
});
afterAll(() => f.close());

const plain = (values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(f.db, {
    quantity: 100,
    ...values,
    tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
  });

/** A send's record for the client, as send-list.ts makes it: the lines' records point at it. */
async function sendOf(clientId: number) {
  const [send] = await f.db
    .insert(preparedListSends)
    .values({ clientId, key: crypto.randomUUID(), lines: [] })
    .returning({ id: preparedListSends.id });
  if (!send) throw new Error("no send");
  return send.id;
}

const lineOf = (
  sendId: number,
  place: number,
  modificationId: number,
  quantity: number,
  line: number | null = null,
) => ({
  modificationId,
  quantity,
  confirmedPrice: 100,
  applies: { sendId, place, line },
});

/** A line of the client's list, as the Mini App puts it there. */
async function listLineOf(clientId: number, modificationId: number, quantity: number, place: number) {
  const [line] = await f.db
    .insert(preparedListLines)
    .values({ clientId, modificationId, quantity, confirmedPrice: 100, place })
    .returning({ id: preparedListLines.id });
  if (!line) throw new Error("no line");
  return line.id;
}

/** The lines' outcomes of an addPositions that was not refused whole. */
async function added(...args: Parameters<OrderingFixture["service"]["addPositions"]>) {
  const done = await f.service.addPositions(...args);
  if (!done.ok) throw new Error(`refused whole: ${done.code}`);
  return done.lines;
}

describe("a prepared list's lines added in order", () => {
  it("refuses a quantity no add takes as a tap is refused, and adds the lines around it", async () => {
    const client = await seedClient(f.db);
    const [a, b, c] = [await plain(), await plain(), await plain()];
    const send = await sendOf(client.id);
    const results = await added(client.id, [
      lineOf(send, 0, a.id, 2),
      lineOf(send, 1, b.id, MAX_QUANTITY + 1),
      lineOf(send, 2, c.id, 3),
    ]);
    expect(results.map((r) => (r instanceof LineAlreadyApplied ? "applied" : r.ok || r.code))).toEqual([
      true,
      "bad_quantity",
      true,
    ]);
    expect([await f.stockOf(a.id), await f.stockOf(b.id), await f.stockOf(c.id)]).toEqual([98, 100, 97]);
  });

  it("adds an exclusive line alone, after the lines before it that its allowance counts", async () => {
    const client = await seedClient(f.db);
    const product = await seedProduct(f.db);
    const regular = await plain({ productId: product.id });
    const exclusive = await plain({ productId: product.id, exclusive: true });
    await f.db.insert(exclusives).values({ modificationId: exclusive.id, quantity: 50, ratio: 0.5 });
    const other = await plain();
    const send = await sendOf(client.id);
    // 6 regular units allow 3 exclusive ones: the exclusive line is judged on the regular line written.
    const results = await added(client.id, [
      lineOf(send, 0, regular.id, 6),
      lineOf(send, 1, exclusive.id, 3),
      lineOf(send, 2, other.id, 1),
    ]);
    expect(results.map((r) => !(r instanceof LineAlreadyApplied) && r.ok)).toEqual([true, true, true]);
    expect(await f.poolOf(exclusive.id)).toBe(47);
  });

  it("answers a line recorded already as such and adds the others once", async () => {
    const client = await seedClient(f.db);
    const [a, b] = [await plain(), await plain()];
    const send = await sendOf(client.id);
    const first = await added(client.id, [lineOf(send, 0, a.id, 2)]);
    expect(first.map((r) => !(r instanceof LineAlreadyApplied) && r.ok)).toEqual([true]);
    // The send again from its first line: the first is recorded, the second is new.
    const again = await added(client.id, [lineOf(send, 0, a.id, 2), lineOf(send, 1, b.id, 4)]);
    expect(again[0]).toBeInstanceOf(LineAlreadyApplied);
    expect(again[1]).toMatchObject({ ok: true, position: { quantity: 4 } });
    expect([await f.stockOf(a.id), await f.stockOf(b.id)]).toEqual([98, 96]);
    expect(
      await f.db.select().from(preparedListApplied).where(eq(preparedListApplied.sendId, send)),
    ).toHaveLength(2);
  });
});

describe("a list's line, whatever sends it", () => {
  it("is added once: a second send of the same line, under another key, finds it recorded and off the list", async () => {
    const client = await seedClient(f.db);
    const [a, b] = [await plain(), await plain()];
    const lineA = await listLineOf(client.id, a.id, 2, 1);
    const lineB = await listLineOf(client.id, b.id, 3, 2);
    const first = await sendOf(client.id);
    // The first send is cut off after its first line.
    const cut = await added(client.id, [lineOf(first, 0, a.id, 2, lineA)]);
    expect(cut.map((r) => !(r instanceof LineAlreadyApplied) && r.ok)).toEqual([true]);
    const listed = await f.db
      .select({ id: preparedListLines.id })
      .from(preparedListLines)
      .where(eq(preparedListLines.clientId, client.id));
    expect(listed.map((l) => l.id)).toEqual([lineB]);
    // A second send, under a new key, of both lines as it copied them.
    const second = await sendOf(client.id);
    const again = await added(client.id, [
      lineOf(second, 0, a.id, 2, lineA),
      lineOf(second, 1, b.id, 3, lineB),
    ]);
    expect(again[0]).toBeInstanceOf(LineAlreadyApplied);
    expect(again[1]).toMatchObject({ ok: true, position: { quantity: 3 } });
    expect([await f.stockOf(a.id), await f.stockOf(b.id)]).toEqual([98, 97]);
    expect(
      await f.db.select().from(preparedListLines).where(eq(preparedListLines.clientId, client.id)),
    ).toEqual([]);
  });

  it("grown since the send copied it, keeps what was not sent as a line of its own", async () => {
    const client = await seedClient(f.db);
    const [a, b] = [await plain(), await plain()];
    // The send copied 2 and 3 units; a paste then added 5 to each line.
    const lineA = await listLineOf(client.id, a.id, 7, 1);
    const lineB = await listLineOf(client.id, b.id, 8, 2);
    const send = await sendOf(client.id);
    // Both in one statement, then one alone (a send of one line goes through the tap's statement): each keeps
    // the rest.
    await added(client.id, [lineOf(send, 0, a.id, 2, lineA), lineOf(send, 1, b.id, 3, lineB)]);
    const c = await plain();
    const lineC = await listLineOf(client.id, c.id, 6, 3);
    await added(client.id, [lineOf(await sendOf(client.id), 0, c.id, 2, lineC)]);
    const left = await f.db
      .select({
        id: preparedListLines.id,
        modificationId: preparedListLines.modificationId,
        quantity: preparedListLines.quantity,
      })
      .from(preparedListLines)
      .where(eq(preparedListLines.clientId, client.id))
      .orderBy(preparedListLines.place);
    expect(left.map((l) => [l.modificationId, l.quantity])).toEqual([
      [a.id, 5],
      [b.id, 5],
      [c.id, 4],
    ]);
    expect(left.map((l) => l.id)).not.toContain(lineA);
    expect(left.map((l) => l.id)).not.toContain(lineB);
    expect(left.map((l) => l.id)).not.toContain(lineC);
    expect([await f.stockOf(a.id), await f.stockOf(b.id), await f.stockOf(c.id)]).toEqual([98, 97, 98]);
    // What was left is a line like any other: another send adds it.
    const again = await added(client.id, [lineOf(await sendOf(client.id), 0, a.id, 5, left[0]?.id ?? 0)]);
    expect(again[0]).toMatchObject({ ok: true, position: { quantity: 7 } });
  });

  it("goes with the others of its send as one change of the client's pace, however many they are", async () => {
    const client = await seedClient(f.db);
    const send = await sendOf(client.id);
    const lines = [];
    for (let place = 0; place < 40; place++) lines.push(lineOf(send, place, (await plain()).id, 1));
    const results = await added(client.id, lines);
    expect(results.filter((r) => !(r instanceof LineAlreadyApplied) && r.ok)).toHaveLength(40);
    // One change of the allowance spent: a tap right after is still within it.
    const tap = await f.service.addPosition(client.id, (await plain()).id, 1, 100);
    expect(tap.ok).toBe(true);
  });
});

describe("the batch statements kept", () => {
  it("keeps a bounded number of shapes: a shape met after them is built for its call", () => {
    // Ten-line shapes told apart by their lines' kinds, the base-4 digits of i counted down from the last: mostly
    // grown and restricted lines, which no other test's list has (the kept shapes are the worker's, shared).
    const shapeOf = (i: number): Parameters<typeof batchStatement>[0] => ({
      order: "touch",
      lines: Array.from({ length: 10 }, (_, line) => {
        const kind = Math.floor((4 ** 10 - 1 - i) / 4 ** line) % 4;
        return { position: kind % 2 === 1 ? "grow" : "insert", restricted: kind >= 2 };
      }),
    });
    const shapes = Array.from({ length: KEPT_BATCH_SHAPES + 1 }, (_, i) => shapeOf(i));
    const kept = shapes.map((shape) => {
      const built = batchStatement(shape);
      return batchStatement(shape) === built;
    });
    const keptCount = kept.filter(Boolean).length;
    expect(keptCount).toBeLessThanOrEqual(KEPT_BATCH_SHAPES);
    // The first shapes are kept until the bound is reached, the later ones built on every call.
    expect(kept).toEqual(shapes.map((_, i) => i < keptCount));
    expect(kept.at(-1)).toBe(false);
  });
});
