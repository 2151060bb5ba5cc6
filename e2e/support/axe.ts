import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ImpactValue, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The WCAG success criteria the app answers to (A and AA of 2.0, 2.1 and 2.2), touch targets included. */
const RUN_OPTIONS: RunOptions = {
  runOnly: {
    type: "tag",
    values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"],
  },
  rules: { "target-size": { enabled: true } },
  resultTypes: ["violations"],
};

const BLOCKING: ImpactValue[] = ["critical", "serious"];

/** One broken rule on one element, as a failing test names it: the rule, the element, what is wrong. */
export type AxeViolation = { rule: string; impact: ImpactValue; selector: string; summary: string };

/**
 * axe-core run in the page as it stands (or only in the part `within` selects, such as an open dialog): the
 * critical and serious violations, one per element. The source
 * goes in through the DevTools protocol rather than a `<script>` tag because the app's Content-Security-Policy
 * refuses inline scripts, as it should.
 */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ({ options, within }) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(
        within ? { include: [within] } : document,
        options,
      ),
    { options: RUN_OPTIONS as unknown as Record<string, unknown>, within },
  );
  return results.violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => BLOCKING.includes(node.impact ?? violation.impact ?? null))
      .map((node) => ({
        rule: violation.id,
        impact: node.impact ?? violation.impact ?? null,
        selector: node.target.map(String).join(" >> "),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, " ").trim(),
      })),
  );
}

/** The violations as lines a test failure shows: rule, element and what is wrong, one per element. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.rule} (${v.impact}) at ${v.selector}: ${v.summary}`);
}
