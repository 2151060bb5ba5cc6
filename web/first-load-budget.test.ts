import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BUNDLE_REPORT, type ChunkReport } from "./vite-bundle-report.ts";

/**
 * What a page of the build makes the browser download before anything runs: its entry script and every chunk
 * the entry imports statically (the modulepreloads), gzip-compressed as the server sends them. A budget here
 * fails `npm test` when a change pulls more into the first screen (as zod and the contract once crept back
 * into the login screen through a menu badge).
 */
const BUDGETS = [
  { page: "index.html", screen: "the back-office's login screen", kB: 180 },
  // Opened inside Telegram on phones, often on mobile data at market opening (issue 20).
  { page: "app/index.html", screen: "the Telegram Mini App", kB: 120 },
];

/** What the login screen is allowed to carry: anything else in its first load is named as having grown it. */
const FIRST_LOAD_PACKAGES =
  /^(react|react-dom|react-router|scheduler|react-is|react-transition-group|@mui\/[^/]+|@emotion\/[^/]+|stylis|notistack|goober|clsx|hoist-non-react-statics|@babel\/runtime|@popperjs\/core|prop-types|vite\/.+)$/;
const FIRST_LOAD_SOURCES =
  /^web\/src\/(app|api|session|notices\/notify|miniapp|lib\/(money|use-debounced)|ui\/FullScreenLoader|features\/auth)/;

const dist = join(import.meta.dirname, "dist");
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

function firstLoad(page: string) {
  const report = JSON.parse(readFileSync(join(dist, BUNDLE_REPORT), "utf8")) as ChunkReport[];
  const html = readFileSync(join(dist, page), "utf8");
  const entries = [...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
  const files = new Set<string>();
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (files.has(file)) continue;
    files.add(file);
    queue.push(...(report.find((chunk) => chunk.file === file)?.imports ?? []));
  }
  const modules = new Map<string, number>();
  let gzip = 0;
  for (const file of files) {
    gzip += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    for (const [name, bytes] of Object.entries(report.find((c) => c.file === file)?.modules ?? {}))
      modules.set(name, (modules.get(name) ?? 0) + bytes);
  }
  return { files: [...files], gzip, modules };
}

describe.each(BUDGETS)("the first load of $page", ({ page, screen, kB: budget }) => {
  it(`stays within ${budget} kB gzip`, () => {
    if (!existsSync(join(dist, BUNDLE_REPORT))) throw new Error("Build the web app first: npm run build");
    const { files, gzip, modules } = firstLoad(page);
    const largest = [...modules].sort((a, b) => b[1] - a[1]);
    const outsiders = largest.filter(
      ([name]) => !FIRST_LOAD_PACKAGES.test(name) && !FIRST_LOAD_SOURCES.test(name),
    );
    const named = (list: [string, number][]) => list.map(([n, b]) => `${n} (${kB(b)} kB)`).join(", ");
    const verdict = [
      `${screen} downloads ${kB(gzip)} kB gzip of JavaScript first (${files.join(", ")}), budget ${budget} kB.`,
      outsiders.length
        ? `Not meant for this screen (make them lazy): ${named(outsiders.slice(0, 15))}.`
        : "Nothing in it is foreign to this screen.",
      `Largest modules, before compression: ${named(largest.slice(0, 10))}.`,
    ].join("\n");
    expect(gzip / 1024, verdict).toBeLessThanOrEqual(budget);
  });
});
