/**
 * Fuzzing: fast-check drives every POST and every parameterised GET route of the API (read from the
 * running app) with generated bad input: wrong types, missing and extra fields, very long and unicode strings,
 * control characters, SQL and HTML metacharacters, a huge body, broken JSON and repeated parameters; as a
 * signed-in staff member (who passes most privilege checks, so the input reaches the handler) and as an ordinary
 * person. A refusal is always a 4xx with serviceErrorMessage, never a 5xx or a stack trace, and changes nothing in
 * the database: a count of changed rows around each request (SQLite's total_changes(), a trigger-fed counter on
 * PostgreSQL) and a snapshot of every table (row count and content hash) around each route; server/test/db-snapshot.ts.
 * Runs on SQLite (`npm run test:unit`) and on PostgreSQL (`npm run test:server:pg`).
 * Seeded: a failure prints its seed and path, and `fc.assert(..., { seed, path })` replays it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../test/helpers.js';
import { makeTestApp } from '../test/helpers.js';
import { changeCounter, installChangeCounter, snapshotDiff, snapshotTables } from '../test/db-snapshot.js';
import { registeredRoutes, type RegisteredRoute } from './route-list.js';

const SEED = 20261123;
// 1,000 per route on SQLite. The PostgreSQL pass (tools/pg/server-tests) replays the first FUZZ_RUNS of
// the same seeded sequence to catch dialect differences (a NUL in text, say) within the CI time budget.
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);

const NASTY = [
  "' OR '1'='1' --",
  '"; DROP TABLE persons; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '\u0000',
  '\u0007\u001b[2J',
  '\u202eevil',
  '\uFEFF',
  '𝕏🙂',
  'Robert\u0000; SELECT *',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'null',
  'undefined',
  '-1',
  '1e309',
  'EE48709050218',
  'EPEE11000015',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 10 }),
  fc.constantFrom(...NASTY),
  fc.string({ minLength: 2_000, maxLength: 6_000 }),
);
const FIELDS = ['value', 'id', 'customerId', 'email', 'username', 'password', 'customer', 'mobileNr', 'key', 'term'];
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 3 }),
);
const HUGE = JSON.stringify({ value: 'x'.repeat(1_100_000) });

/** One generated request body: JSON of any shape, broken JSON, a huge body, or a form. */
const body = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), value, { maxKeys: 5 })
      .map((o) => ({ type: 'application/json', payload: JSON.stringify(o) })),
  },
  { weight: 2, arbitrary: value.map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('{', '{"value":', '[1,2', '{"a":1}}', 'nul', '\u0000', '{"__proto__":{"x":1}}')
      .map((p) => ({ type: 'application/json', payload: p })),
  },
  { weight: 1, arbitrary: text.map((p) => ({ type: 'text/plain', payload: p })) },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 }), { maxKeys: 3 })
      .map((o) => ({ type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(o).toString() })),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'application/json', payload: HUGE }) },
);

/** A query string: nothing, repeated names, odd names and values. */
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.constantFrom(...FIELDS, 'fgid', 'locale', 'target'), text, { maxKeys: 3 })
    .map((o) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, v.slice(0, 500)])).toString()),
  fc
    .tuple(fc.constantFrom(...FIELDS, 'fgid', 'locale'), text, text)
    .map(([k, a, b]) => `${k}=${encodeURIComponent(a.slice(0, 200))}&${k}=${encodeURIComponent(b.slice(0, 200))}`),
);

// SQLite's and PostgreSQL's (pg) error names and wording included: a database message is an internal detail too
const STACK =
  /\n\s+at |node_modules|\.tsx?:\d+|TypeError|ReferenceError|SqliteError|DatabaseError|violates .* constraint|syntax error at or near/;

let t: TestApp;
const clients: Record<'kristi' | 'mari', Client | null> = { kristi: null, mari: null };
async function client(who: 'kristi' | 'mari'): Promise<Client> {
  if (!clients[who]) {
    clients[who] = await t.login(who);
    counted = null;
  }
  return clients[who];
}

/** The count after the last refused request, when nothing has written since (no answered request, no login). */
let counted: number | null = null;
const totalChanges = () => changeCounter(t.db);
// sessions change by design (last_seen_at): their rows are compared without it
const dump = () => snapshotTables(t.db, { sessions: ['last_seen_at'] });

/** fast-check's report of a failed property, each line cut short (a counterexample may hold a 1 MB body). */
function failureText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? [`cause: ${err.cause.message}`] : [];
  return [...err.message.split('\n'), ...cause]
    .filter((line) => line.trim() && !line.startsWith('Hint:'))
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .join(' | ');
}

/**
 * Routes that keep a record of each request they answer, refusals included, by design: the person look-up writes
 * every look-up to the audit log and counts it for its rate limit (server/routes/user/index.ts). Their refusals may
 * change these tables; the comparison of the route's snapshots holds every other table to "unchanged".
 */
const RECORDED: Record<string, string[]> = { 'GET /api/user/:gid': ['audit_log', 'request_counts'] };

const fill = (route: RegisteredRoute, segment: string) =>
  route.url.replace(/:(\w+)/g, () => encodeURIComponent(segment.slice(0, 3000)) || '%20');

beforeAll(async () => {
  t = await makeTestApp();
  await client('kristi');
  const mari = await client('mari');
  // the address register simulator builds its tables on first use: the stand-in of an outside service, warmed up
  // here so its one-time build is not taken for a change made by a refused request
  await mari.get('/api/address/search?term=Tartu');
  await mari.get('/api/address/1');
  await installChangeCounter(t.db);
}, 60_000);
afterAll(async () => t.close());

describe('fuzzing', () => {
  it(`every POST and parameterised GET of the API: ${RUNS} generated bad inputs each, never a 5xx, a stack trace or a change after a refusal`, async () => {
    const routes = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/') && (r.method === 'POST' || r.url.includes(':')),
    );
    const report: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      const tally = { cases: 0, refused: 0, answered: 0, serverErrors: 0, changed: 0 };
      const recorded = RECORDED[`${route.method} ${route.url}`] ?? [];
      // signed in before the dump (a fuzzed single-signout may have ended a session: the new login is no change)
      await client('kristi');
      await client('mari');
      const before = await dump();
      await fc
        .assert(
          fc.asyncProperty(
            fc.constantFrom<'kristi' | 'mari'>('kristi', 'mari'),
            text,
            query,
            body,
            async (who, segment, q, b) => {
              const c = await client(who);
              const url = `${fill(route, segment)}${q ? `?${q}` : ''}`;
              const changes = counted ?? (await totalChanges());
              counted = null;
              const headers: Record<string, string> = {
                cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
              };
              headers['x-xsrf-token'] = c.cookies.get('EPIT-XSRF-TOKEN') ?? '';
              if (route.method === 'POST') headers['content-type'] = b.type;
              const res = await t.app.inject({
                method: route.method as 'GET' | 'POST',
                url,
                headers,
                payload: route.method === 'POST' ? b.payload : undefined,
              });
              tally.cases++;
              const what = `${route.method} ${url.slice(0, 120)} as ${who} → ${res.statusCode}`;
              if (res.statusCode >= 500) {
                tally.serverErrors++;
                throw new Error(`${what}: ${res.body.slice(0, 300)}`);
              }
              if (res.statusCode === 401) clients[who] = null; // a fuzzed sign-out: next case logs in again
              if (res.statusCode < 400) {
                tally.answered++;
                return;
              }
              tally.refused++;
              let parsed: unknown;
              try {
                parsed = JSON.parse(res.body);
              } catch {
                throw new Error(`${what}: the refusal is not JSON: ${res.body.slice(0, 200)}`);
              }
              const message = (parsed as { serviceErrorMessage?: unknown }).serviceErrorMessage;
              if (typeof message !== 'string')
                throw new Error(`${what}: no serviceErrorMessage in ${res.body.slice(0, 200)}`);
              if (STACK.test(res.body))
                throw new Error(`${what}: a stack trace or internal name in ${res.body.slice(0, 300)}`);
              const after = await totalChanges();
              if (after !== changes && recorded.length === 0) {
                tally.changed++;
                throw new Error(`${what}: the database changed although the request was refused`);
              }
              counted = after;
            },
          ),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        )
        .catch((err: unknown) => failures.push(`${route.method} ${route.url}: ${failureText(err)}`));
      const differences = (tally.answered === 0 ? snapshotDiff(before, await dump()) : []).filter(
        (d) => !recorded.includes(d.slice(0, d.indexOf(':'))),
      );
      if (differences.length)
        failures.push(
          `${route.method} ${route.url}: the database differs after ${tally.cases} refusals: ${differences.join(', ')}`,
        );
      report.push(
        `${`${route.method} ${route.url}`.padEnd(62)} ${String(tally.cases).padStart(5)} cases  ${String(tally.refused).padStart(5)} 4xx  ${String(tally.answered).padStart(4)} 2xx/3xx  ${tally.serverErrors} 5xx  ${tally.changed} changed`,
      );
    }
    console.log(
      [`fuzzing, seed ${SEED}: ${routes.length} routes`, ...report, `${report.length} routes, ${RUNS} runs each`].join(
        '\n',
      ),
    );
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  }, 1_800_000);
});
