// Every relative link in README.md and docs/*.md reaches a file of the repository, and a link to a heading
// (`file.md#heading`, `#heading`) reaches a heading that exists: the README and the design record link to each
// other, and a moved or renamed section would otherwise leave a link that leads nowhere.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Fenced blocks hold examples: no heading or link in them counts. */
const withoutFences = (text) => text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, "");

/** The text a reader sees as prose: inline code holds examples too. */
const prose = (text) => withoutFences(text).replace(/`[^`\n]*`/g, "");

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown) {
  const seen = new Map();
  const found = new Set();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .replace(/`/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    found.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return found;
}

/** Each link's target in a markdown text: `[text](target)` and `![alt](target)`, without a title. */
const linkTargets = (markdown) =>
  [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    ([, target]) => target,
  );

const documents = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** What is wrong with one link of `from`, or null when it leads somewhere. */
function brokenLink(from, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: and the like are not files
  const [path, hash] = target.split("#", 2);
  const file = path === "" ? join(root, from) : join(root, dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `${target}: no file ${relative(root, file)}`;
  if (hash === undefined || !file.endsWith(".md")) return null;
  return anchors(readFileSync(file, "utf8")).has(decodeURIComponent(hash).toLowerCase())
    ? null
    : `${target}: no heading #${hash} in ${relative(root, file)}`;
}

describe("links in the README and docs/", () => {
  it.each(documents)("%s links only to files and headings that exist", (from) => {
    const broken = linkTargets(readFileSync(join(root, from), "utf8"))
      .map((target) => brokenLink(from, target))
      .filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it("finds links and anchors as GitHub writes them", () => {
    const text = "# Sizing for the market's opening\n## `npm start` again\n## Notes\n## Notes\n";
    expect([...anchors(text)]).toEqual([
      "sizing-for-the-markets-opening",
      "npm-start-again",
      "notes",
      "notes-1",
    ]);
    expect(linkTargets("See [a](docs/a.md#x), ![b](b.png) and `[c](not-a-link.md)`.")).toEqual([
      "docs/a.md#x",
      "b.png",
    ]);
  });
});
