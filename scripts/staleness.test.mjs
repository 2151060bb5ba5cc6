import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStale } from "./staleness.mjs";

// The web app's sources mix folders and single files (web/index.html): the check must handle both.
const SOURCES = ["web/src", "web/index.html"];
const OUTPUT = "web/dist/index.html";

function touch(root, path, secondsAgo) {
  const file = join(root, path);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, path);
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, time, time);
}

describe("start script's staleness check", () => {
  let root;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "staleness-"));
    touch(root, "web/src/main.tsx", 300);
    touch(root, "web/src/app/App.tsx", 300);
    touch(root, "web/index.html", 300);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("builds when the output is missing", () => {
    expect(isStale(root, OUTPUT, SOURCES)).toBe(true);
  });

  it("does not rebuild when the output is newer than every source, on every run", () => {
    touch(root, OUTPUT, 100);
    expect(isStale(root, OUTPUT, SOURCES)).toBe(false);
    expect(isStale(root, OUTPUT, SOURCES)).toBe(false);
  });

  it("rebuilds when a source file in a folder, or a single source file, is newer than the output", () => {
    touch(root, OUTPUT, 100);
    touch(root, "web/src/app/App.tsx", 10);
    expect(isStale(root, OUTPUT, SOURCES)).toBe(true);

    touch(root, OUTPUT, 5);
    expect(isStale(root, OUTPUT, SOURCES)).toBe(false);
    touch(root, "web/index.html", 1);
    expect(isStale(root, OUTPUT, SOURCES)).toBe(true);
  });

  it("ignores dist and node_modules inside a source folder", () => {
    touch(root, OUTPUT, 100);
    touch(root, "web/src/node_modules/x.js", 1);
    touch(root, "web/src/dist/y.js", 1);
    expect(isStale(root, OUTPUT, SOURCES)).toBe(false);
  });
});
