/**
 * `npm run build:server` (part of `npm run build`): the server's TypeScript compiled once, at build time, into
 * build/server/ (esbuild, ES modules for Node 20), so a production process runs plain JavaScript with `node` and
 * starts without compiling anything (`npm run serve`; docs/deployment.md). `npm start` and `npm run dev` keep running
 * the TypeScript through tsx.
 *
 * - The packages are bundled too, but for better-sqlite3 (native code) and swagger-ui-dist (files served as they are):
 *   resolving and loading some 600 package files at start cost about as much CPU as the rest of the start
 *   (measured: about 1.4 s of CPU to /ready with the packages left outside, 0.75 s bundled, 3 s through tsx). A
 *   bundled package has no `__dirname`: pino's transports (worker threads), which the portal does not use, need it.
 * - Tracing (server/ops/tracing.ts) patches no module as it loads (which a bundle would defeat): its packages are
 *   bundled like the rest, into a chunk loaded only with OTEL_EXPORTER_OTLP_ENDPOINT set.
 * - Code splitting keeps the server's dynamic imports lazy: the settings are checked before the rest of the server is
 *   loaded (server/start.ts), so a refusal still comes at once.
 * - Source files find their neighbours by `import.meta.url` (the demo seed, the simulators' certificates, the terms'
 *   PDFs, the repository's root): in each one it is replaced by the source file's own address, computed from the
 *   bundle's at run time, so those reads are the same files in the checkout whichever chunk the code lands in. The
 *   build folder must therefore stay where it is built, beside the sources it was built from.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_BUILD_DIR = path.join(root, 'build/server');

/** every output file is directly in outDir (no chunk subfolder), so one relative path from it reaches each source */
const sourceAddresses = (outDir: string): Plugin => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const fromOut = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

export async function buildServer(outDir = SERVER_BUILD_DIR): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts' },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // native code (better-sqlite3), pg's optional native driver, and a package read as files (swagger-ui-dist)
    external: ['better-sqlite3', 'pg-native', 'swagger-ui-dist'],
    sourcemap: 'linked',
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [sourceAddresses(outDir)],
    // the bundled CommonJS packages require Node's own modules
    banner: {
      js: "import { createRequire as __epitRequire } from 'node:module'; const require = __epitRequire(import.meta.url);",
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t = performance.now();
  await buildServer();
  console.log(
    `[build] the server, bundled, in ${path.relative(root, SERVER_BUILD_DIR)}/ (${Math.round(performance.now() - t)} ms)`,
  );
}
