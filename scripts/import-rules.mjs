// The server's import rules, checked by `npm run check` (scripts/check-imports.mjs) and tested in
// scripts/import-rules.test.mjs. Biome's restricted imports match an import's text, not the file it names,
// so a sibling module's `../ordering/stock.ts` and the bot's `../../modules/ordering/stock.ts` could not be
// told apart from allowed imports; these rules resolve each import to its file first.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The server's floors, from the ground up: a file may import its own floor and the ones below, never above
 * (a module reaching into the bot, the database layer into a module). Tests and test helpers stand outside.
 */
export const FLOORS = [
  ["lib", "config.ts"],
  ["db"],
  ["http", "backup"],
  ["modules"],
  ["bot"],
  ["jobs"],
  ["app.ts"],
  ["main.ts"],
];

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s*["'](\.{1,2}\/[^"']+)["']/g;

function sourceFiles(root, dir) {
  const found = [];
  const walk = (d) => {
    for (const entry of readdirSync(d)) {
      if (entry === "node_modules" || entry === "dist" || entry.startsWith(".")) continue;
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs)$/.test(entry)) found.push(path);
    }
  };
  if (existsSync(join(root, dir))) walk(join(root, dir));
  return found;
}

const isTest = (path) => /\.test\.(ts|tsx|mjs)$/.test(path) || path.includes(`${sep}test${sep}`);

/** The floor of a server file (its first folder or its own name under server/src), or null outside. */
function floorOf(serverSrc, path) {
  const rel = relative(serverSrc, path);
  if (rel.startsWith("..")) return null;
  const top = rel.split(sep)[0];
  const floor = FLOORS.findIndex((names) => names.includes(top));
  return floor === -1 ? null : floor;
}

function moduleOf(modulesDir, path) {
  const rel = relative(modulesDir, path);
  return rel.startsWith("..") ? null : rel.split(sep)[0];
}

/**
 * Every broken rule in the tree at `root`, one readable line each:
 * - an import from a lower floor of server/src to a higher one;
 * - an import into `server/src/modules/<name>/` from outside that module that does not name its index.ts
 *   (a module's index says what others may use; the rest is its own business), from anywhere in the repo;
 * - a circle among modules (a imports b imports … a), which would make "lower" meaningless.
 */
export function importViolations(root) {
  const serverSrc = join(root, "server/src");
  const modulesDir = join(serverSrc, "modules");
  const problems = [];
  const moduleEdges = new Map();
  const files = ["server/src", "bench", "e2e", "scripts", "web/src"].flatMap((d) => sourceFiles(root, d));
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const fromFloor = isTest(file) ? null : floorOf(serverSrc, file);
    const fromModule = moduleOf(modulesDir, file);
    for (const [, specifier] of source.matchAll(IMPORT)) {
      const target = resolve(dirname(file), specifier);
      const where = `${relative(root, file)} imports ${specifier}`;
      const toFloor = floorOf(serverSrc, target);
      if (fromFloor !== null && toFloor !== null && toFloor > fromFloor)
        problems.push(`${where}: a lower layer (${FLOORS[fromFloor]}) reaches up into ${FLOORS[toFloor]}`);
      const toModule = moduleOf(modulesDir, target);
      if (toModule === null || toModule === fromModule) continue;
      if (target !== join(modulesDir, toModule, "index.ts"))
        problems.push(`${where}: import modules/${toModule}/index.ts instead (the module's entry point)`);
      if (fromModule !== null && !isTest(file)) {
        const edges = moduleEdges.get(fromModule) ?? new Set();
        edges.add(toModule);
        moduleEdges.set(fromModule, edges);
      }
    }
  }
  problems.push(...moduleCircles(moduleEdges));
  return problems;
}

function moduleCircles(edges) {
  const circles = [];
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") {
      circles.push(
        `modules import each other in a circle: ${[...path.slice(path.indexOf(name)), name].join(" → ")}`,
      );
      return;
    }
    state.set(name, "open");
    for (const next of edges.get(name) ?? []) visit(next, [...path, name]);
    state.set(name, "done");
  };
  for (const name of [...edges.keys()].sort()) visit(name, []);
  return circles;
}
