// `npm start`: builds the server and the web app when their output is missing or older than their
// sources, then runs the server, which serves both the API and the web app on one port.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(join(root, dir)) > built);
}

function run(args) {
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale(join(root, "server/dist/main.js"), ["server/src", "contract/src"]))
  run(["run", "build", "-w", "server"]);
if (isStale(join(root, "web/dist/index.html"), ["web/src", "web/index.html", "contract/src"]))
  run(["run", "build", "-w", "web"]);

const server = spawnSync(process.execPath, ["--enable-source-maps", join(root, "server/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
});
process.exit(server.status ?? 0);
