import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
// Below this a compressed copy saves less than the extra request headers cost.
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every text asset of the build, at the strongest levels (done once at
 * build time, not per request), so the server can send them as they are (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "wholesale-precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(join(outDir, "assets"), { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(outDir, "assets", file);
            const data = await readFile(path);
            if (data.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gz(data, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          }),
      );
    },
  };
}
