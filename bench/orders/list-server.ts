// One server of the orders-list bench, in its own process, on a database the bench filled: `app` (the whole
// application from buildApp; prints a staff token with its port) or `reference` (bare Fastify answering the
// same page as one hand-written statement that builds its JSON in PostgreSQL, sent as the text it returns:
// no auth, no parsing, no response schema). Reads ORDERS_DATABASE_URL; listens on 127.0.0.1 on a free port.
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../../server/src/app.ts";
import { openPostgres } from "../../server/src/db/client.ts";
import { seedAccount } from "../../server/src/db/factories/accounts.ts";
import { businessDay } from "../../server/src/lib/business-time.ts";
import { systemClock } from "../../server/src/lib/clock.ts";

const kind = process.argv[2];
const url = process.env.ORDERS_DATABASE_URL;
if (!url) throw new Error("ORDERS_DATABASE_URL is not set");

/** The page of `GET /api/sales/orders/?client_type=…&limit=…&offset=…` (a day, a type), as one statement. */
const REFERENCE_PAGE = `
with heads as (
  select o.id, o.client_id, o.client_type, o.opened_on, o.opened_at, c.nickname, c.organization_name, c.offline,
    c.client_type as current_client_type, t.id as transportation_id, t.name as transportation_name
  from orders o join clients c on c.id = o.client_id left join transportations t on t.id = c.transportation_id
  where o.opened_on = $1 and o.client_type = $2
  order by o.opened_at desc, o.id desc limit $3 offset $4
)
select json_build_object(
  'count', (select count(*) from orders where opened_on = $1 and client_type = $2),
  'next', null, 'previous', null,
  'results', coalesce((select json_agg(json_build_object(
    'id', h.id, 'owner', h.client_id,
    'client', json_build_object('id', h.client_id, 'nickname', h.nickname, 'organization_name', h.organization_name,
      'offline', h.offline, 'client_type', h.current_client_type),
    'client_type', h.client_type,
    'transportation', case when h.transportation_id is null then null
      else json_build_object('id', h.transportation_id, 'name', h.transportation_name) end,
    'status', coalesce((select (array['added', 'sent_to_collect', 'collected'])[1 + min(case p.status
      when 'added' then 0 when 'sent_to_collect' then 1 else 2 end)] from order_positions p where p.order_id = h.id),
      'added'),
    'opened_on', h.opened_on,
    'opened_at', to_char(h.opened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'positions', coalesce((select json_agg(json_build_object('id', p.id, 'order', p.order_id,
        'modification', p.modification_id, 'modification_name', p.modification_name,
        'addition_name', p.addition_name, 'price', p.price, 'quantity', p.quantity, 'status', p.status,
        'currency', p.currency_id, 'currency_sign', cu.sign,
        'sent_to_collect_at', to_char(p.sent_to_collect_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'collected_at', to_char(p.collected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by p.id)
      from order_positions p join currencies cu on cu.id = p.currency_id where p.order_id = h.id), '[]'),
    'total', coalesce((select json_agg(json_build_object('currency', s.currency_id, 'currency_sign', s.sign,
        'amount', s.amount) order by s.currency_id)
      from (select p.currency_id, cu.sign, sum(p.price * p.quantity) as amount
        from order_positions p join currencies cu on cu.id = p.currency_id where p.order_id = h.id
        group by p.currency_id, cu.sign) s), '[]')
  ) order by h.opened_at desc, h.id desc) from heads h), '[]')
)::text as page`;

async function listen(): Promise<{ port: number; token?: string; close: () => Promise<void> }> {
  if (kind === "app") {
    const database = await openPostgres(url as string);
    const app = await buildApp({
      db: database.db,
      clock: systemClock,
      jwtSecret: "o".repeat(48),
      webDist: null,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const office = await seedAccount(database.db, {
      username: `bench-list-${process.pid}`,
      password: "bench-password-1",
      role: "office",
    });
    const token = await app.tokens.sign({ userId: office.id, version: office.tokenVersion, type: "access" });
    const address = app.server.address();
    return {
      port: typeof address === "object" && address ? address.port : 0,
      token,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }
  if (kind === "reference") {
    const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c TimeZone=UTC" });
    const app = Fastify();
    app.get<{ Querystring: { client_type?: string; limit?: string; offset?: string } }>(
      "/api/sales/orders/",
      async (request, reply) => {
        const { rows } = await pool.query({
          name: "page", // prepared once per connection, as the app's pool does
          text: REFERENCE_PAGE,
          values: [
            businessDay(new Date()),
            Number(request.query.client_type ?? 3),
            Number(request.query.limit ?? 20),
            Number(request.query.offset ?? 0),
          ],
        });
        return reply.type("application/json; charset=utf-8").send(rows[0].page);
      },
    );
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    return {
      port: typeof address === "object" && address ? address.port : 0,
      close: async () => {
        await app.close();
        await pool.end();
      },
    };
  }
  throw new Error(`unknown server kind: ${kind}`);
}

const server = await listen();
process.stdout.write(`${JSON.stringify({ port: server.port, token: server.token })}\n`);
process.once("SIGTERM", () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
