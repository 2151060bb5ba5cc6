/**
 * A prepared list's send in a process of its own, for tests that kill it (SIGKILL) between the send's lines:
 * `node --import tsx list-send-process.ts` with DATABASE_URL (PostgreSQL) or PGLITE_DIR (an embedded database on
 * disk), CLIENT_ID, KEY and HOLD_AFTER. The send's statements that add lines run until HOLD_AFTER of them have,
 * then the next one waits for ever and the process prints "held".
 */
import { type Database, openPglite, openPostgres } from "../db/client.ts";
import { systemClock } from "../lib/clock.ts";
import { createOrderingService } from "../modules/ordering/index.ts";
import { createPreparedListService } from "../modules/prepared-list/index.ts";
import { holdStatements } from "./hold-statements.ts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database: Database = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL, { max: 3 })
  : await openPglite(env("PGLITE_DIR"));
const hold = holdStatements(database.db, /insert into "prepared_list_applied"/, {
  after: Number(env("HOLD_AFTER")),
});
hold.held.then(() => console.log("held"));
await createPreparedListService({
  db: database.db,
  clock: systemClock,
  ordering: createOrderingService({ db: database.db, clock: systemClock }),
}).send(Number(env("CLIENT_ID")), env("KEY"));
console.log("sent whole");
