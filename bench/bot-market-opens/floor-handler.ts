import pg from "pg";
import type { Step } from "../lib/step.ts";

/** The statements of a floor tap, by the name each is prepared under in the prepared variant. */
const TAKE_STOCK = {
  name: "floor_take_stock",
  text: "update modifications set quantity = quantity - $2 where id = $1 and quantity >= $2 returning quantity",
};
const DAY_ORDER = {
  name: "floor_day_order",
  text: `with found as (select id from orders where client_id = $1 and opened_on = $2 order by id limit 1),
    made as (insert into orders (client_id, client_type, opened_on) select $1, 3, $2
      where not exists (select 1 from found) returning id)
    select id from found union all select id from made`,
};
const INSERT_POSITION = {
  name: "floor_insert_position",
  text: `insert into order_positions (order_id, modification_id, modification_name, price, quantity, currency_id)
    values ($1, $2, $3, $4, $5, $6)`,
};

/**
 * BENCH_VIA=floor: what a tap costs the database and nothing else, the measure the app's paths are held to.
 * One transaction per tap with pg alone on a pool of the bench's size: the conditional stock UPDATE
 * (none taken: rolled back and refused), the client's order of the day reused or inserted, the position INSERT,
 * commit. No HTTP, no framework, no rule beyond the stock; the same scratch database, schema and triggers as
 * the app's paths. As pg is used plainly, each statement is parsed and planned on every call; `prepared`
 * (BENCH_VIA=floor-prepared) names each statement so that a connection plans it once, as the app's
 * PreparingClient does: the stricter reference.
 */
export async function floorHandler(
  databaseUrl: string,
  poolSize: number,
  { prepared }: { prepared: boolean },
) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: "-c TimeZone=UTC" });
  pool.on("error", () => {});
  const setup = await pool.query<{ id: number; name: string; currency: number }>(
    `select m.id, b.name || ' ' || p.name || ' ' || m.name as name,
       (select currency_id from price_tiers t where t.modification_id = m.id limit 1) as currency
     from modifications m join products p on p.id = m.product_id join brands b on b.id = p.brand_id`,
  );
  const modifications = new Map(setup.rows.map((r) => [r.id, r]));
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
  const statement = ({ name, text }: { name: string; text: string }, values: unknown[]) =>
    prepared ? { name, text, values } : { text, values };

  const handle = async ({ clientId, modificationId, quantity, price }: Step) => {
    const modification = modifications.get(modificationId);
    if (!modification) throw new Error(`no modification ${modificationId}`);
    const client = await pool.connect();
    try {
      await client.query("begin");
      const taken = await client.query(statement(TAKE_STOCK, [modificationId, quantity]));
      if (taken.rowCount === 0) {
        await client.query("rollback");
        return { accepted: false };
      }
      const order = await client.query<{ id: number }>(statement(DAY_ORDER, [clientId, day]));
      await client.query(
        statement(INSERT_POSITION, [
          order.rows[0]?.id,
          modificationId,
          modification.name,
          price,
          quantity,
          modification.currency,
        ]),
      );
      await client.query("commit");
      return { accepted: true };
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  return Object.assign(handle, { close: () => pool.end() });
}
