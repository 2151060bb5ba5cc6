import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREPARED_PER_CONNECTION, PreparingClient } from "./prepared-client.ts";

const prepared = async (client: PreparingClient): Promise<string[]> => {
  const { rows } = await client.query("select statement from pg_prepared_statements");
  return rows.map((r: { statement: string }) => r.statement);
};

describe.runIf(process.env.TEST_DB === "postgres")("a connection that prepares its statements", () => {
  const client = new PreparingClient({ connectionString: process.env.TEST_DATABASE_URL });
  beforeAll(async () => {
    await client.connect();
    await client.query("create temporary table prepared_probe (id int primary key, name text)");
    await client.query("insert into prepared_probe values (1, 'один'), (2, 'два')");
  });
  afterAll(() => client.end());

  it("prepares a parameterised statement once and answers each call with its own values", async () => {
    const text = "select name from prepared_probe where id = $1";
    expect((await client.query(text, [1])).rows).toEqual([{ name: "один" }]);
    expect((await client.query({ text, values: [2] })).rows).toEqual([{ name: "два" }]);
    expect((await prepared(client)).filter((s) => s === text)).toHaveLength(1);
    expect(await prepared(client)).not.toContain("select pg_backend_pid()");
    await client.query("select pg_backend_pid()");
    expect(await prepared(client)).not.toContain("select pg_backend_pid()");
  });

  it("keeps working when the table it reads changes", async () => {
    const text = "select id, name from prepared_probe where id = $1";
    await client.query(text, [1]);
    await client.query("alter table prepared_probe add column note text");
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, name: "два" }]);
  });

  it("holds at most its cap of statements and runs the rest unnamed", async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
      const { rows } = await client.query(`select $1::int + ${i} as n`, [1]);
      expect(rows[0]?.n).toBe(i + 1);
    }
    expect(await prepared(client)).toHaveLength(PREPARED_PER_CONNECTION);
  });
});
