// Bundles the server into dist/main.js, and beside it the worker it starts and the backup command line
// (the contract's TypeScript sources included; npm packages stay external), and copies the migrations there.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@wholesale/"));

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/main.ts",
    // Read by lib/xlsx-reader/read-sheet-off-thread.ts, which finds it beside main.js.
    "xlsx-sheet-worker": "src/lib/xlsx-reader/sheet-worker.ts",
    // `npm run backup` and `npm run restore` (scripts/backup.mjs).
    backup: "src/backup/cli.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
console.log("server built: server/dist/main.js");
