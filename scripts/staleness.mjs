// Decides whether a build output is older than its sources. Kept apart from start.mjs so a test can run
// it on a temporary tree without starting anything.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The newest modification time under a source: a folder is walked, a single file is read directly. */
export function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when `output` is missing or any of `sources` (folders or files, relative to `root`) is newer. */
export function isStale(root, output, sources) {
  const outputPath = join(root, output);
  if (!existsSync(outputPath)) return true;
  const built = statSync(outputPath).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}
