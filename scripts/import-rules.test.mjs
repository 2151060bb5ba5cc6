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

  it("reads an import made for its effects alone as any other", () => {
    write(root, "server/src/modules/sales/orders.ts", 'import "../stock/stock-moves.ts";\n');
    write(root, "server/src/lib/setup.ts", 'import "../bot/keyboard.ts";\n');
    expect(importViolations(root).sort()).toEqual([
      "server/src/lib/setup.ts imports ../bot/keyboard.ts: a lower layer (lib,config.ts) reaches up into bot",
      "server/src/modules/sales/orders.ts imports ../stock/stock-moves.ts: import modules/stock/index.ts instead (the module's entry point)",
    ]);
  });

  it("keeps the ordering rules pure: their own room and the contract, anything else as types only", () => {
    const rules = "server/src/modules/ordering/rules";
    write(root, "server/src/modules/ordering/statements/read.ts", "export const read = 1;\n");
    write(root, `${rules}/price.ts`, "export const price = 1;\n");
    write(
      root,
      `${rules}/limits.ts`,
      'import { price } from "./price.ts";\nimport { roundMoney } from "@wholesale/contract";\n' +
        'import type { Db } from "../../../db/client.ts";\nimport { type Tx } from "../../../db/client.ts";\n' +
        "export const limit = [price, roundMoney];\n",
    );
    write(root, `${rules}/limits.test.ts`, 'import { sql } from "drizzle-orm";\nexport const t = sql;\n');
    expect(importViolations(root)).toEqual([]);
    write(
      root,
      `${rules}/weighing.ts`,
      'import { sql } from "drizzle-orm";\nimport { read } from "../statements/read.ts";\n' +
        'import { readFile } from "node:fs";\nimport "../../../lib/clock.ts";\nexport const w = [sql, read, readFile];\n',
    );
    expect(importViolations(root).map((p) => p.split(":")[0])).toEqual([
      `${rules}/weighing.ts imports drizzle-orm`,
      `${rules}/weighing.ts imports ../statements/read.ts`,
      `${rules}/weighing.ts imports node`,
      `${rules}/weighing.ts imports ../../../lib/clock.ts`,
    ]);
  });
});

describe("the web's import rules", () => {
  let root;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "import-rules-web-"));
    write(root, "web/src/api/client.ts", "export const api = () => {};\nexport class ApiError {}\n");
    write(root, "web/src/lib/money.ts", "export const money = 1;\n");
    write(
      root,
      "web/src/ui/Button.tsx",
      'import { money } from "../lib/money.ts";\nexport const Button = money;\n',
    );
    write(root, "web/src/notices/notify.tsx", "export const notify = 1;\n");
    write(root, "web/src/session/session.ts", 'import { api } from "../api/client.ts";\napi("/token/");\n');
    write(
      root,
      "web/src/api/live.ts",
      'import { openStream } from "./client.ts";\nexport const open = () => openStream("/live/", {});\n',
    );
    write(
      root,
      "web/src/features/clients/api.ts",
      'import { api } from "../../api/client.ts";\nexport const clientKeys = {};\n' +
        `export const useGroups = (on) => api(on ? "/profiles/groups/" : \`/profiles/\${on}/\`, {});\n`,
    );
    write(root, "web/src/features/clients/index.ts", 'export { clientKeys, useGroups } from "./api.ts";\n');
    write(root, "web/src/features/clients/ClientsPage.tsx", "export default function ClientsPage() {}\n");
    write(
      root,
      "web/src/features/market/SchedulesCard.tsx",
      'import { useGroups } from "../clients/index.ts";\nimport { notify } from "../../notices/notify.tsx";\n' +
        "export const SchedulesCard = [useGroups, notify];\n",
    );
    write(
      root,
      "web/src/app/sections.tsx",
      'export const page = () => import("../features/clients/ClientsPage.tsx");\n',
    );
    write(
      root,
      "web/src/miniapp/App.tsx",
      'import { money } from "../lib/money.ts";\nexport const App = money;\n',
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("passes floors kept, features used through their index and pages loaded by the shell", () => {
    expect(importViolations(root)).toEqual([]);
  });

  it("refuses an import up a floor, from a widget into the notices or a feature into the shell", () => {
    write(
      root,
      "web/src/ui/Download.tsx",
      'import { notify } from "../notices/notify.tsx";\nexport { notify };\n',
    );
    write(
      root,
      "web/src/features/market/title.ts",
      'import { page } from "../../app/sections.tsx";\nexport { page };\n',
    );
    expect(importViolations(root)).toEqual([
      "web/src/features/market/title.ts imports ../../app/sections.tsx: a lower floor (features) reaches up into app",
      "web/src/ui/Download.tsx imports ../notices/notify.tsx: a lower floor (ui) reaches up into notices",
    ]);
  });

  it("refuses reaching into another feature's files but its pages, which the shell may name", () => {
    write(
      root,
      "web/src/features/market/Picker.tsx",
      'import ClientsPage from "../clients/ClientsPage.tsx";\nexport { ClientsPage };\n',
    );
    write(
      root,
      "web/src/features/market/Picker.test.tsx",
      'import { useGroups } from "../clients/api.ts";\n',
    );
    write(root, "web/src/app/router.tsx", 'import { useGroups } from "../features/clients/api.ts";\n');
    const problems = importViolations(root);
    expect(problems).toHaveLength(3);
    expect(
      problems.every((p) =>
        p.endsWith("import features/clients/index.ts instead (the feature's entry point)"),
      ),
    ).toBe(true);
  });

  it("refuses features that import each other in a circle", () => {
    write(root, "web/src/features/market/index.ts", 'export { SchedulesCard } from "./SchedulesCard.tsx";\n');
    write(
      root,
      "web/src/features/clients/ClientDialog.tsx",
      'import { SchedulesCard } from "../market/index.ts";\nexport { SchedulesCard };\n',
    );
    expect(importViolations(root)).toEqual([
      "web/src's folders import each other in a circle: features/clients → features/market → features/clients",
    ]);
  });

  it("lets only a feature's own api.ts call the API, and only for the paths its area owns", () => {
    write(
      root,
      "web/src/features/market/api.ts",
      'import { api as call } from "../../api/client.ts";\n' +
        'export const status = () => call("/storehouse/market-status/", {});\n' +
        `export const groups = () => call(\`/profiles/groups/\${1}/\`);\n` +
        'export const nobody = () => call("/nowhere/");\n',
    );
    write(
      root,
      "web/src/features/market/SchedulesCard.tsx",
      'import { ApiError, api } from "../../api/client.ts";\nexport const card = [ApiError, api("/storehouse/market-schedules/")];\n',
    );
    write(
      root,
      "web/src/features/market/Status.tsx",
      'import { ApiError } from "../../api/client.ts";\nexport { ApiError };\n',
    );
    write(
      root,
      "web/src/features/market/Live.tsx",
      'import { openStream } from "../../api/client.ts";\nexport const live = openStream("/live/", {});\n',
    );
    expect(importViolations(root)).toEqual([
      "web/src/features/market/Live.tsx calls the API (openStream): only a feature's own api.ts does, so its query keys are the only ones",
      "web/src/features/market/SchedulesCard.tsx calls the API (api): only a feature's own api.ts does, so its query keys are the only ones",
      "web/src/features/market/api.ts calls /profiles/groups/, which clients owns: use features/clients/index.ts's hooks instead",
      "web/src/features/market/api.ts calls /nowhere/, which no area owns: add it to API_OWNERS",
    ]);
  });

  it("refuses another feature's query keys, even through its index", () => {
    write(
      root,
      "web/src/features/market/api.ts",
      'import { clientKeys } from "../clients/index.ts";\nexport const keys = clientKeys;\n',
    );
    expect(importViolations(root)).toEqual([
      "web/src/features/market/api.ts imports ../clients/index.ts: clientKeys are clients's own query keys; use its hooks instead",
    ]);
  });

  it("keeps the Mini App apart: it uses lib/ alone, and nothing imports it", () => {
    write(
      root,
      "web/src/miniapp/Sheet.tsx",
      'import { useGroups } from "../features/clients/index.ts";\nexport { useGroups };\n',
    );
    write(
      root,
      "web/src/miniapp/Button.tsx",
      'import { Button } from "../ui/Button.tsx";\nexport { Button };\n',
    );
    write(
      root,
      "web/src/features/market/Preview.tsx",
      'import { App } from "../../miniapp/App.tsx";\nexport { App };\n',
    );
    expect(importViolations(root)).toEqual([
      "web/src/features/market/Preview.tsx imports ../../miniapp/App.tsx: the Mini App is a page of its own; nothing imports it",
      "web/src/miniapp/Button.tsx imports ../ui/Button.tsx: the Mini App uses only lib/ of the back-office",
      "web/src/miniapp/Sheet.tsx imports ../features/clients/index.ts: the Mini App uses only lib/ of the back-office",
    ]);
  });
});

describe("this repository", () => {
  it("keeps every rule", () => {
    expect(importViolations(fileURLToPath(new URL("..", import.meta.url)))).toEqual([]);
  });
});
