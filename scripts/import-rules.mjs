// The import rules of the server and the web, checked by `npm run check` (scripts/check-imports.mjs) and tested
// in scripts/import-rules.test.mjs. Biome's restricted imports match an import's text, not the file it names,
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
  ["jobs", "services.ts"],
  ["app.ts", "background.ts"],
  ["main.ts"],
];

/**
 * The back-office's floors under web/src, from the ground up: the fetch client, pure helpers, shared widgets,
 * the session and the notices, the features, and the shell (router, layout, sections) with the entry.
 */
export const WEB_FLOORS = [
  ["api"],
  ["lib"],
  ["ui"],
  ["session", "notices"],
  ["features"],
  ["app", "main.tsx"],
];

/**
 * The Telegram Mini App (web/src/miniapp/) is a second page with its own fetch client (a client's token, not
 * staff's), no MUI and no router: of the rest of web/src it may use only lib/'s pure helpers, and nothing
 * outside it imports it.
 */
export const MINIAPP = { dir: "miniapp", mayImport: ["lib"] };

/**
 * Which area of the web owns which API paths (longest prefix first wins): only that area's `api.ts` calls them,
 * under its own query keys, so one invalidation reaches every screen that shows the data. Another area that
 * shows it uses the owner's hooks. `session` is web/src/session/session.ts.
 */
export const API_OWNERS = {
  "/token/": "session",
  "/users/whoiam/": "session",
  "/users/": "accounts",
  "/profiles/": "clients",
  "/storehouse/market-status/": "market",
  "/storehouse/market-schedules/": "market",
  "/storehouse/time-intervals/": "market",
  "/storehouse/": "catalogue",
  "/messaging/to-clients/": "messaging",
  "/messaging/claims/": "messaging",
  // The bot's texts (/messaging/start/, /messaging/end/, …) are edited on the market's settings screen.
  "/messaging/": "market",
  "/sales/": "orders",
  "/reports/": "reports",
  // «Открытие маркета» is a screen of its own, for those who run the market, not a tab of the statistics.
  "/statistics/opening/": "opening",
  "/statistics/": "statistics",
  "/dashboard/": "statistics",
  "/bot/preview/": "bot-preview",
  // The staff screens' live stream, read by the fetch client's own floor (web/src/api/live.ts).
  "/live/": "live",
};

/**
 * Rooms of pure rules: no database, no I/O, so they can be read and tested as plain functions. A file there may
 * import its own room and the packages named, and anything else only as a type (erased when compiled); a
 * statement needing a rule imports the rule, never the other way round.
 */
export const PURE_ROOMS = [{ dir: "server/src/modules/ordering/rules", mayImport: ["@wholesale/contract"] }];

/** The API client's functions that send a request; the rest of it (ApiError, apiUrl, …) any file may use. */
const CLIENT_CALLS = new Set(["api", "downloadFile", "refreshAccessToken", "openStream"]);

const IMPORT = /(?:^|\n)\s*(?:import|export)\s([^;]*?)\sfrom\s*["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;
/** `import "./x.ts"`: run for its effects, and as much an arrow between files as any other import. */
const SIDE_EFFECT_IMPORT = /(?:^|\n)\s*import\s*["'](\.{1,2}\/[^"']+)["']/g;
/** Every import of a package or a file, relative or not, with its clause (none for a side-effect import). */
const ANY_IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:([^;]*?)\sfrom\s*)?["']([^"']+)["']/g;

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

/** Every relative import of a file: static ones with their import clause, and lazy `import()` ones. */
function importsOf(source) {
  const found = [];
  for (const [, clause, specifier] of source.matchAll(IMPORT)) found.push({ clause, specifier });
  for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) found.push({ clause: "", specifier });
  for (const [, specifier] of source.matchAll(SIDE_EFFECT_IMPORT)) found.push({ clause: "", specifier });
  return found;
}

/** A feature's page (`ClientsPage.tsx`): what the shell's sections show, each loaded as a chunk of its own. */
const isPage = (path) => /Page\.tsx$/.test(path);

/** The names a clause takes, as [imported, local]; none for `import type` or a type-only name. */
function importedNames(clause) {
  if (/^type\s/.test(clause.trim())) return [];
  const braces = /\{([^}]*)\}/.exec(clause);
  if (!braces) return clause.includes("*") ? [["*", "*"]] : [];
  return braces[1]
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "" && !name.startsWith("type "))
    .map((name) => {
      const [imported, local = imported] = name.split(/\s+as\s+/);
      return [imported, local];
    });
}

/** The floor of a file under `base` (its first folder or its own name there), or null outside. */
function floorIn(floors, base, path) {
  const rel = relative(base, path);
  if (rel.startsWith("..")) return null;
  const top = rel.split(sep)[0];
  const floor = floors.findIndex((names) => names.includes(top));
  return floor === -1 ? null : floor;
}

function folderUnder(dir, path) {
  const rel = relative(dir, path);
  return rel.startsWith("..") || !rel.includes(sep) ? null : rel.split(sep)[0];
}

/**
 * Every broken rule in the tree at `root`, one readable line each:
 * - server: an import from a lower floor of server/src to a higher one; an import into
 *   `server/src/modules/<name>/` from outside that module that does not name its index.ts (a module's index says
 *   what others may use; the rest is its own business), from anywhere in the repo; a circle among modules;
 * - web: the same three for web/src's floors and `features/<name>/`, where the shell may also name a feature's
 *   pages by their files (a page is a section's chunk: through the index, every section would load every other
 *   export of its feature); the Mini App's separation; the API client called only from a feature's own
 *   `api.ts`, for the paths it owns; no feature taking another's query keys.
 */
export function importViolations(root) {
  const files = ["server/src", "bench", "e2e", "scripts", "web/src", "web/test"].flatMap((d) =>
    sourceFiles(root, d),
  );
  const sources = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
  return [
    ...serverViolations(root, sources),
    ...webViolations(root, sources),
    ...pureRoomViolations(root, sources),
  ];
}

/** A clause that takes types only: `import type …`, or braces whose every name is `type X`. */
const typeOnly = (clause) =>
  clause !== undefined &&
  importedNames(clause).length === 0 &&
  !/^\s*\*/.test(clause) &&
  (/^type\s/.test(clause.trim()) || /^\{[^}]*\}$/.test(clause.trim()));

function pureRoomViolations(root, sources) {
  const problems = [];
  for (const room of PURE_ROOMS) {
    const dir = join(root, room.dir);
    for (const [file, source] of sources) {
      if (isTest(file) || relative(dir, file).startsWith("..")) continue;
      for (const [, clause, specifier] of source.matchAll(ANY_IMPORT)) {
        if (typeOnly(clause)) continue;
        const inRoom =
          specifier.startsWith(".") && !relative(dir, resolve(dirname(file), specifier)).startsWith("..");
        if (inRoom || room.mayImport.includes(specifier)) continue;
        problems.push(
          `${relative(root, file)} imports ${specifier}: ${room.dir} holds pure rules, it takes only its own room and ${room.mayImport.join(", ")} (other imports as types)`,
        );
      }
    }
  }
  return problems;
}

function serverViolations(root, sources) {
  const serverSrc = join(root, "server/src");
  const modulesDir = join(serverSrc, "modules");
  const problems = [];
  const moduleEdges = new Map();
  for (const [file, source] of sources) {
    const fromFloor = isTest(file) ? null : floorIn(FLOORS, serverSrc, file);
    const fromModule = folderUnder(modulesDir, file);
    for (const { specifier } of importsOf(source)) {
      const target = resolve(dirname(file), specifier);
      const where = `${relative(root, file)} imports ${specifier}`;
      const toFloor = floorIn(FLOORS, serverSrc, target);
      if (fromFloor !== null && toFloor !== null && toFloor > fromFloor)
        problems.push(`${where}: a lower layer (${FLOORS[fromFloor]}) reaches up into ${FLOORS[toFloor]}`);
      const toModule = folderUnder(modulesDir, target);
      if (toModule === null || toModule === fromModule) continue;
      if (target !== join(modulesDir, toModule, "index.ts"))
        problems.push(`${where}: import modules/${toModule}/index.ts instead (the module's entry point)`);
      if (fromModule !== null && !isTest(file)) addEdge(moduleEdges, fromModule, toModule);
    }
  }
  problems.push(...circles(moduleEdges, "modules"));
  return problems;
}

function webViolations(root, sources) {
  const webSrc = join(root, "web/src");
  const featuresDir = join(webSrc, "features");
  const miniappDir = join(webSrc, MINIAPP.dir);
  const client = join(webSrc, "api/client.ts");
  const problems = [];
  const edges = new Map();
  /** The room a web file stands in for the circle check: `features/<name>`, or its first folder. */
  const topOf = (path) => relative(webSrc, path).split(sep)[0];
  const roomOf = (path) => {
    const feature = folderUnder(featuresDir, path);
    if (feature !== null) return `features/${feature}`;
    const rel = relative(webSrc, path);
    return rel.startsWith("..") ? null : rel.split(sep)[0];
  };
  for (const [file, source] of sources) {
    const test = isTest(file);
    const fromFloor = test ? null : floorIn(WEB_FLOORS, webSrc, file);
    const fromFeature = folderUnder(featuresDir, file);
    const inMiniApp = !relative(miniappDir, file).startsWith("..");
    const fromShell = floorIn(WEB_FLOORS, webSrc, file) === WEB_FLOORS.length - 1;
    for (const { clause, specifier } of importsOf(source)) {
      const target = resolve(dirname(file), specifier);
      const where = `${relative(root, file)} imports ${specifier}`;
      const toFloor = floorIn(WEB_FLOORS, webSrc, target);
      if (fromFloor !== null && toFloor !== null && toFloor > fromFloor)
        problems.push(`${where}: a lower floor (${topOf(file)}) reaches up into ${topOf(target)}`);
      const toMiniApp = !relative(miniappDir, target).startsWith("..");
      const backOffice = toFloor === null ? null : topOf(target);
      if (inMiniApp && backOffice !== null && !MINIAPP.mayImport.includes(backOffice))
        problems.push(`${where}: the Mini App uses only ${MINIAPP.mayImport.join(", ")}/ of the back-office`);
      if (toMiniApp && !inMiniApp)
        problems.push(`${where}: the Mini App is a page of its own; nothing imports it`);
      if (target === client && !test) problems.push(...clientCalls(root, file, source, clause));
      const toFeature = folderUnder(featuresDir, target);
      if (toFeature === null || toFeature === fromFeature) {
        if (!test && fromFloor !== null) addEdge(edges, roomOf(file), roomOf(target));
        continue;
      }
      const entry = join(featuresDir, toFeature, "index.ts");
      if (target !== entry && !(fromShell && isPage(target)))
        problems.push(`${where}: import features/${toFeature}/index.ts instead (the feature's entry point)`);
      const keys = importedNames(clause).filter(([name]) => name.endsWith("Keys"));
      for (const [name] of keys)
        problems.push(`${where}: ${name} are ${toFeature}'s own query keys; use its hooks instead`);
      if (!test) addEdge(edges, roomOf(file), roomOf(target));
    }
  }
  problems.push(...circles(edges, "web/src's folders"));
  return problems;
}

/**
 * A file that takes a request-sending function from the API client must be a feature's `api.ts` (or the
 * session, or the live stream's client), and each path it writes out must be one the table gives to that area.
 */
function clientCalls(root, file, source, clause) {
  const calls = importedNames(clause).filter(([name]) => name === "*" || CLIENT_CALLS.has(name));
  if (calls.length === 0) return [];
  const rel = relative(join(root, "web/src"), file).split(sep);
  const caller =
    rel.length === 3 && rel[0] === "features" && rel[2] === "api.ts"
      ? rel[1]
      : rel.join("/") === "session/session.ts"
        ? "session"
        : rel.join("/") === "api/live.ts"
          ? "live"
          : null;
  const here = relative(root, file);
  if (caller === null)
    return [
      `${here} calls the API (${calls.map(([name]) => name).join(", ")}): only a feature's own api.ts does, so its query keys are the only ones`,
    ];
  const problems = [];
  for (const [, local] of calls) {
    for (const path of pathsCalled(source, local)) {
      const owner = ownerOf(path);
      if (owner === null) problems.push(`${here} calls ${path}, which no area owns: add it to API_OWNERS`);
      else if (owner !== caller)
        problems.push(
          `${here} calls ${path}, which ${owner} owns: use ${owner === "session" ? "session/session.ts" : `features/${owner}/index.ts`}'s hooks instead`,
        );
    }
  }
  return problems;
}

function ownerOf(path) {
  const prefix = Object.keys(API_OWNERS)
    .filter((p) => path.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? null : API_OWNERS[prefix];
}

/**
 * The paths written out in the first argument of each call of `name`: every string literal in it, or a
 * template's text up to its first `${`. A path held in a variable (a file's URL from an answer) is not seen.
 */
function pathsCalled(source, name) {
  const paths = [];
  for (const match of source.matchAll(new RegExp(`(?<![\\w.])${name}\\(`, "g"))) {
    const argument = firstArgument(source, match.index + match[0].length);
    for (const [, path] of argument.matchAll(/["'`](\/[^"'`$]*)/g)) paths.push(path);
  }
  return paths;
}

/** The text from `start` to the first comma or closing parenthesis outside brackets and strings. */
function firstArgument(source, start) {
  let depth = 0;
  let quote = null;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i];
    if (quote) {
      if (c === "\\") i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{") depth += 1;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return source.slice(start, i);
      depth -= 1;
    } else if (c === "," && depth === 0) return source.slice(start, i);
  }
  return source.slice(start);
}

function addEdge(edges, from, to) {
  if (from === null || to === null || from === to) return;
  const next = edges.get(from) ?? new Set();
  next.add(to);
  edges.set(from, next);
}

function circles(edges, what) {
  const found = [];
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") {
      found.push(
        `${what} import each other in a circle: ${[...path.slice(path.indexOf(name)), name].join(" → ")}`,
      );
      return;
    }
    state.set(name, "open");
    for (const next of [...(edges.get(name) ?? [])].sort()) visit(next, [...path, name]);
    state.set(name, "done");
  };
  for (const name of [...edges.keys()].sort()) visit(name, []);
  return found;
}
