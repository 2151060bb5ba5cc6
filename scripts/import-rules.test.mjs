import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importViolations } from "./import-rules.mjs";

function write(root, path, text) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("the server's import rules", () => {
  let root;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "import-rules-"));
    write(root, "server/src/lib/clock.ts", "export const now = () => new Date();\n");
    write(root, "server/src/modules/stock/index.ts", 'export { moveStock } from "./stock-moves.ts";\n');
    write(
      root,
      "server/src/modules/stock/stock-moves.ts",
      'import { now } from "../../lib/clock.ts";\nexport const moveStock = now;\n',
    );
    write(root, "server/src/bot/keyboard.ts", "export const keyboard = 1;\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("passes a module used through its index", () => {
    write(
      root,
      "server/src/modules/sales/orders.ts",
      'import { moveStock } from "../stock/index.ts";\nexport { moveStock };\n',
    );
    expect(importViolations(root)).toEqual([]);
  });

  it("refuses a deep import into another module, from a module or from outside", () => {
    write(
      root,
      "server/src/modules/sales/orders.ts",
      'import { moveStock } from "../stock/stock-moves.ts";\nexport { moveStock };\n',
    );
    write(
      root,
      "bench/stock.ts",
      'import { moveStock } from "../server/src/modules/stock/stock-moves.ts";\nexport { moveStock };\n',
    );
    const problems = importViolations(root);
    expect(problems).toHaveLength(2);
    expect(problems.every((p) => p.includes("modules/stock/index.ts instead"))).toBe(true);
  });

  it("refuses an import from a lower layer up into a higher one, but lets tests reach anywhere", () => {
    write(
      root,
      "server/src/modules/sales/orders.ts",
      'import { keyboard } from "../../bot/keyboard.ts";\nexport { keyboard };\n',
    );
    write(
      root,
      "server/src/modules/sales/orders.test.ts",
      'import { keyboard } from "../../bot/keyboard.ts";\n',
    );
    expect(importViolations(root)).toEqual([
      "server/src/modules/sales/orders.ts imports ../../bot/keyboard.ts: a lower layer (modules) reaches up into bot",
    ]);
  });

  it("refuses modules that import each other in a circle", () => {
    write(
      root,
      "server/src/modules/sales/index.ts",
      'import { moveStock } from "../stock/index.ts";\nexport const sell = moveStock;\n',
    );
    write(
      root,
      "server/src/modules/stock/stock-moves.ts",
      'import { sell } from "../sales/index.ts";\nexport const moveStock = sell;\n',
    );
    expect(importViolations(root)).toEqual(["modules import each other in a circle: sales → stock → sales"]);
  });

  it("holds for this repository", () => {
    expect(importViolations(fileURLToPath(new URL("..", import.meta.url)))).toEqual([]);
  });
});
