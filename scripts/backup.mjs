// `npm run backup` and `npm run restore -- <file>`: builds the server if needed, then runs its backup
// command line (server/src/backup/cli.ts) with the arguments given.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildServerIfStale } from "./build-server.mjs";

const root = new URL("..", import.meta.url).pathname;
buildServerIfStale(root);
const result = spawnSync(process.execPath, [join(root, "server/dist/backup.js"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
