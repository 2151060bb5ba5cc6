// `npm run check`'s import rules (scripts/import-rules.mjs): prints each broken rule and fails when there is one.
import { fileURLToPath } from "node:url";
import { importViolations } from "./import-rules.mjs";

const problems = importViolations(fileURLToPath(new URL("..", import.meta.url)));
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(
    `${problems.length} import rule(s) broken (scripts/import-rules.mjs says why each rule holds).`,
  );
  process.exit(1);
}
