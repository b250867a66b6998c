/**
 * `npm run conformance -- --api <url> --cas <url> --user <name> --password <secret> [--writes]`
 *
 * Checks a backend against the portal's API document (docs/openapi.json): signs in through the given CAS as the
 * portal does, calls every read-only endpoint the user may use, and holds each answer against the document. One line
 * per call (PASS, FAIL with the first difference, SKIP with why) and the totals; exit status 1 on any failure.
 *
 *   --api <url>            the API base, as config.json apiUrl resolves (e.g. https://portal.example/api)
 *   --cas <url>            the single sign-on base the backend sends browsers to (e.g. https://sso.example/cas)
 *   --user, --password     a person who can sign in there
 *   --writes               also the calls that change data; each writes back what it read. A test backend only
 *   --ticket-check <url>   the CAS ticket check of spec 1 §7 (default {cas}/ticket-check; `none`: the CAS has none)
 *   --ui <url>             where the portal is served, to check its config.json too (e.g. https://portal.example/ui)
 *   --document <file>      the API document (default docs/openapi.json of this repository)
 *   --timeout <ms>         per call (default 60000: the signing checks may wait that long, spec 1 §7)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { OpenApiDocument } from '../../server/contract/openapi.js';
import { runConformance, type Line } from './kit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run conformance -- --api <url> --cas <url> --user <name> --password <secret> [--writes]`,
  );
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      api: { type: 'string' },
      cas: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      writes: { type: 'boolean', default: false },
      'ticket-check': { type: 'string' },
      ui: { type: 'string' },
      document: { type: 'string', default: path.join(root, 'docs/openapi.json') },
      timeout: { type: 'string', default: '60000' },
    },
    strict: true,
  }).values;
} catch (err) {
  usage(err instanceof Error ? err.message : String(err));
}
const { api, cas, user, password } = args;
if (!api || !cas || !user || password === undefined) usage('--api, --cas, --user and --password are required');
for (const [name, url] of [
  ['--api', api],
  ['--cas', cas],
  ['--ui', args.ui ?? 'http://'],
]) {
  if (!/^https?:\/\//.test(url)) usage(`${name} must be an http(s) address, got ${url}`);
}
const document = JSON.parse(readFileSync(args.document, 'utf8')) as OpenApiDocument;
const ticketCheck =
  args['ticket-check'] === 'none' ? null : (args['ticket-check'] ?? `${cas.replace(/\/+$/, '')}/ticket-check`);

console.log(
  `conformance of ${api} (sign-on ${cas}) as ${user}${args.writes ? ', with writes' : ''}, against ${path.relative(process.cwd(), args.document) || args.document} (${document.info.version as string})`,
);
const width = 56;
const totals = await runConformance(
  {
    api,
    cas,
    user,
    password,
    writes: args.writes,
    ticketCheck,
    ui: args.ui ?? null,
    document,
    timeoutMs: Number(args.timeout),
  },
  (line: Line) => console.log(`${line.outcome.padEnd(4)}  ${line.call.padEnd(width)}  ${line.detail}`),
);
const calls = totals.passed + totals.failed + totals.skipped;
console.log(`conformance: ${calls} calls: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed ? 1 : 0);
