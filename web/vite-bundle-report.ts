import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** What one JavaScript chunk of the build holds: the budget test names the modules that grew a first load. */
export type ChunkReport = {
  file: string;
  imports: string[];
  /** Bytes each source module takes in the chunk, before compression: node_modules packages by name. */
  modules: Record<string, number>;
};

/** Under the build's metadata folder, which the server does not serve (hidden files are never served). */
export const BUNDLE_REPORT = ".vite/bundle-report.json";

/** A module id as a reader knows it: the package for a dependency, the path under the repository otherwise. */
function owner(id: string): string {
  if (id.startsWith("\0")) return id.slice(1);
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (inPackage?.[1]) return inPackage[1];
  const inRepo = /\/((?:web|contract)\/.+)$/.exec(id.split("?")[0] ?? id);
  return inRepo?.[1] ?? id;
}

/** Writes `dist/.vite/bundle-report.json`: every JavaScript chunk, its static imports and the modules in it. */
export function bundleReport(): Plugin {
  let outDir = "dist";
  return {
    name: "wholesale-bundle-report",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle(_, bundle) {
      const chunks: ChunkReport[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          const name = owner(id);
          modules[name] = (modules[name] ?? 0) + info.renderedLength;
        }
        chunks.push({ file: output.fileName, imports: output.imports, modules });
      }
      const file = join(outDir, BUNDLE_REPORT);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(chunks));
    },
  };
}
