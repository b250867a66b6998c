/**
 * Vite plugin: precompressed copies of the built portal. After the build writes its folder, every
 * JS, CSS, HTML, SVG and JSON file over 1 kB gets a brotli (quality 11) and a gzip (level 9) copy beside it
 * (`x.js.br`, `x.js.gz`), which the server sends as they are (@fastify/static `preCompressed`, server/app.ts):
 * the strongest compression, paid once at build time instead of per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
/** smaller files gain too little to be worth a second request header's worth of bytes */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]),
    ),
  );
  return nested.flat();
}

async function compressedSince(file: string, mtimeMs: number): Promise<boolean> {
  const copies = await Promise.all([`${file}.br`, `${file}.gz`].map((f) => stat(f).catch(() => null)));
  return copies.every((c) => c !== null && c.mtimeMs >= mtimeMs);
}

/** Writes `.br` and `.gz` beside every compressible file of `dir` over MIN_BYTES; returns how many files. */
async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const { size, mtimeMs } = await stat(file);
      if (size <= MIN_BYTES) return;
      // a kept build's file (tools/build/keep-builds.ts) already has its copies
      if (await compressedSince(file, mtimeMs)) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            [constants.BROTLI_PARAM_MODE]: file.endsWith('.json')
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      count++;
    }),
  );
  return count;
}

export function precompressed(): Plugin {
  let outDir = 'dist';
  let log = (_line: string) => {};
  return {
    name: 'epit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (line) => config.logger.info(line);
    },
    async closeBundle() {
      const n = await precompress(outDir);
      log(`precompressed ${n} files in ${path.relative(process.cwd(), outDir) || '.'} (brotli 11, gzip 9)`);
    },
  };
}
