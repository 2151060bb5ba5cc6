// Builds the server when its bundle is missing or older than its sources: for `npm start` and the backup
// commands, which run the bundle.
import { spawnSync } from "node:child_process";
import { isStale } from "./staleness.mjs";

/** Runs an npm command in `root`; its failure ends this script with the same status. */
export function npmRun(root, args) {
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildServerIfStale(root) {
  if (isStale(root, "server/dist/main.js", ["server/src", "contract/src"]))
    npmRun(root, ["run", "build", "-w", "server"]);
}
