import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const serverDir = new URL("../..", import.meta.url).pathname;
const migrations = join(serverDir, "src/db/migrations");

// The schema's TypeScript and the committed migrations must agree: generating from the schema into a copy
// of the migrations must add nothing. Once is enough, so it runs with the PGlite suite only.
describe.runIf(process.env.TEST_DB !== "postgres")("migrations", () => {
  it("are up to date with the schema (drizzle-kit generate adds nothing)", () => {
    const out = mkdtempSync(join(tmpdir(), "migrations-"));
    try {
      cpSync(migrations, out, { recursive: true });
      const config = join(out, "drizzle.config.json");
      writeFileSync(
        config,
        // drizzle-kit reads `out` relative to the working directory, even when it is absolute.
        JSON.stringify({
          dialect: "postgresql",
          schema: "src/db/schema/index.ts",
          out: relative(serverDir, out),
        }),
      );
      const before = readdirSync(out).sort();
      const log = execFileSync("npx", ["drizzle-kit", "generate", `--config=${config}`], {
        cwd: serverDir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(log).toContain("No schema changes");
      expect(readdirSync(out).sort(), log).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
