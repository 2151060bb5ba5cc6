// `npm start`: builds the server and the web app when their output is missing or older than their
// sources, then runs the server, which serves both the API and the web app on one port.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildServerIfStale, npmRun } from "./build-server.mjs";
import { isStale } from "./staleness.mjs";

const root = new URL("..", import.meta.url).pathname;

buildServerIfStale(root);
if (
  isStale(root, "web/dist/index.html", [
    "web/src",
    "web/index.html",
    "web/public",
    "web/vite.config.ts",
    "contract/src",
  ])
)
  npmRun(root, ["run", "build", "-w", "web"]);

// The server runs as a child that receives the signals sent to this script: a SIGTERM to `npm start`
// (a service manager, a container stop) must stop the server too, not orphan it on the port.
const server = spawn(process.execPath, ["--enable-source-maps", join(root, "server/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
