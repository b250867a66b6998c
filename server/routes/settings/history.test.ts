/**
 * A history check of the conditional writes (RFC 9110 §13.1.1, server/lib/versions.ts): many people edit a few
 * records at once, each reading a record, pausing a little and writing a change with the If-Match it read, as the
 * portal's forms do. Afterwards the recorded history must be one a single writer at a time could have made:
 *
 * - per record the accepted writes form one chain: the first was based on the version read before the run, each
 *   next one on the version the previous one answered, versions strictly rising, none shared;
 * - every refused write answered 412, based on a version another accepted write had already used, and changed
 *   nothing (a 412 that moved the version would break the chain or the final version);
 * - every read saw a state some accepted write answered (or the first one), with that state's data;
 * - the final stored state is the last accepted write's, field by field.
 *
 * Records: the customer data of three customers and two persons' rights in Maasikas OÜ. Customer managers: staff
 * (kristi, any customer) and Maasikas OÜ's main administrator (mari, only its records). On SQLite one in-process app;
 * on PostgreSQL (`npm run test:server:pg`) two real server processes on one database, each request sent to either.
 * The pauses and choices come from a seeded generator: the seed is printed, HISTORY_SEED=<seed> repeats a run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EnterpriseUsersAnswer,
  RepresentedCustomer,
  type SaveCommand,
} from '../../../domain/represented-settings/contract.js';
import { emptyPostgresDatabase } from '../../db/dialect.js';
import { testDatabaseUrl } from '../../env.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { Browser, ready, startPortal, stopPortal, type PortalProcess } from '../../test/processes.js';

const CLIENTS = 20;
const EDITS = 50;
/** the longest pause between a read and its write, and between two edits (ms) */
const PAUSE = 4;

const MAASIKAS = 'EPEE11000015';
const CUSTOMERS = [MAASIKAS, 'EPEE11000026', 'EPEE11000049'];
const PERSONS = ['EE37503124229', 'EE49004170227'];
const ROLES = [101, 102, 103];

type Who = 'kristi' | 'mari';
interface Answer {
  status: number;
  etag: string | null;
  body: string;
}
/** One signed-in browser: its requests may go to any process. */
interface Session {
  get(url: string): Promise<Answer>;
  post(url: string, body: unknown, ifMatch?: string): Promise<Answer>;
}

interface RecordKind<State> {
  key: string;
  /** may this person edit it */
  editors: Who[];
  read(s: Session): Promise<{ etag: string; state: State }>;
  /** the next state this write makes, from the state read; `n` makes it unique in the run */
  change(state: State, n: number, rnd: () => number): State;
  write(s: Session, state: State, ifMatch: string): Promise<Answer>;
}

/** mulberry32: a small seeded generator, so that a failing history can be replayed */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const versionOf = (etag: string) => {
  const m = /^"(\d+)"$/.exec(etag);
  if (!m) throw new Error(`not a strong entity-tag: ${etag}`);
  return Number(m[1]);
};
const expectOk = (a: Answer, what: string) => {
  if (a.status !== 200) throw new Error(`${what} answered ${a.status}: ${a.body}`);
  if (!a.etag) throw new Error(`${what} answered no ETag`);
  return a.etag;
};

/** A customer's data: the fields a write changes are the phone and the homepage. */
type CustomerState = { phone: string | null; homepage: string | null; body: Record<string, unknown> };
function customerRecord(id: string): RecordKind<CustomerState> {
  return {
    key: `customer ${id}`,
    editors: id === MAASIKAS ? ['kristi', 'mari'] : ['kristi'],
    async read(s) {
      const res = await s.post('/api/settings/get', { value: id });
      const etag = expectOk(res, `settings/get ${id}`);
      const c = RepresentedCustomer.parse(JSON.parse(res.body));
      const body = {
        id: c.id,
        name: c.name,
        permissionNoCheckPersonalCode: c.permissionNoCheckPersonalCode,
        email: c.email ?? 'info@example.ee',
        phone: c.phone ?? '',
        homepage: c.homepage,
        eShop: c.eShop,
        ...(c.vatNrExists ? { vatNr: c.vatNr } : {}),
      };
      return { etag, state: { phone: c.phone, homepage: c.homepage, body } };
    },
    change(state, n) {
      const phone = `+372 5${String(n).padStart(6, '0')}`;
      const homepage = `https://h${n}.example.ee`;
      return { phone, homepage, body: { ...state.body, phone, homepage } };
    },
    write: (s, state, ifMatch) => s.post('/api/settings', state.body, ifMatch),
  };
}

/** A person's rights in Maasikas OÜ: the OSS role and the end of its validity. */
type RightsState = { roleId: number | null; end: string | null; command: SaveCommand };
const dmy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
function rightsRecord(fgid: string): RecordKind<RightsState> {
  return {
    key: `rights of ${fgid} in ${MAASIKAS}`,
    editors: ['kristi', 'mari'],
    async read(s) {
      const res = await s.get(`/api/enterprise/users/clientapp/OSS/${MAASIKAS}`);
      if (res.status !== 200) throw new Error(`the rights list answered ${res.status}: ${res.body}`);
      const row = EnterpriseUsersAnswer.parse(JSON.parse(res.body)).list.find((u) => u.userId === fgid)!;
      const command: SaveCommand = {
        userId: fgid,
        userCode: fgid.slice(2),
        country: 'EE',
        domain: 'EE',
        firstName: row.firstName ?? '',
        lastName: row.lastName ?? '',
        customerId: MAASIKAS,
        admin: false,
        email: row.email ?? 'someone@example.ee',
        roles: {},
      };
      return { etag: row.version!, state: { roleId: row.roleId, end: row.end, command } };
    },
    change(state, n, rnd) {
      const roleId = ROLES[Math.floor(rnd() * ROLES.length)];
      // a validity of its own for every write: from 2026 to a day some years on
      const end = dmy(new Date(Date.UTC(2030, 0, 1 + n)));
      const role = { validity: 'LIMITED' as const, categoryId: null, roleId, begin: '01.01.2026', end };
      return { roleId, end, command: { ...state.command, roles: { OSS: role } } };
    },
    write: (s, state, ifMatch) => s.post('/api/user/role/edit', state.command, ifMatch),
  };
}

interface Write {
  client: number;
  record: string;
  ifMatch: string;
  value: unknown;
  status: number;
  etag: string | null;
  sent: number;
  answered: number;
}
interface Read {
  record: string;
  etag: string;
  value: unknown;
}

const records: RecordKind<unknown>[] = [
  ...CUSTOMERS.map((id) => customerRecord(id) as RecordKind<unknown>),
  ...PERSONS.map((fgid) => rightsRecord(fgid) as RecordKind<unknown>),
];
/** the part of a state the check compares */
const fieldsOf = (state: unknown) => {
  const { body: _body, command: _command, ...fields } = state as Record<string, unknown>;
  return fields;
};

// ---- the server: one in-process app (SQLite) or two processes on one PostgreSQL database --------------------------

const server = testDatabaseUrl();
let t: TestApp | null = null;
let tmp = '';
let dropDatabase: (() => Promise<void>) | null = null;
const portals: PortalProcess[] = [];
let signIn: (who: Who, rnd: () => number) => Promise<Session>;

beforeAll(async () => {
  if (!server) {
    t = await makeTestApp();
    signIn = async (who) => {
      const c = await t!.login(who);
      const answer = (r: Awaited<ReturnType<typeof c.get>>): Answer => ({
        status: r.statusCode,
        etag: r.headers.etag ?? null,
        body: r.body,
      });
      return {
        get: async (url) => answer(await c.get(url)),
        post: async (url, body, ifMatch) =>
          answer(await c.post(url, body, ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } })),
      };
    };
    return;
  }
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-history-'));
  const database = await emptyPostgresDatabase(server);
  dropDatabase = () => database.drop();
  // the first one prepares the database, so that the two do not race to seed it while the clock runs
  for (const name of ['A', 'B']) {
    const p = await startPortal(name, tmp, { DATABASE_URL: database.url, DATA_DIR: path.join(tmp, `data-${name}`) });
    portals.push(p);
    await ready(p);
  }
  signIn = async (who, rnd) => {
    const b = new Browser();
    await b.login(portals[0].base, who);
    const base = () => portals[Math.floor(rnd() * portals.length)].base;
    const answer = (r: Awaited<ReturnType<typeof b.get>>): Answer => ({
      status: r.status,
      etag: r.headers.get('etag'),
      body: r.text,
    });
    return {
      get: async (url) => answer(await b.get(`${base()}${url}`)),
      post: async (url, body, ifMatch) =>
        answer(
          await b.request(`${base()}${url}`, {
            method: 'POST',
            json: body,
            headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
          }),
        ),
    };
  };
}, 150_000);

afterAll(async () => {
  await t?.close();
  await Promise.all(portals.map((p) => stopPortal(p)));
  await dropDatabase?.();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 30_000);

describe('a history of concurrent conditional writes is one a single writer could have made', () => {
  it(
    `${CLIENTS} clients × ${EDITS} edits with random pauses on five records (customer data and rights)`,
    {
      timeout: 120_000,
    },
    async () => {
      const seed = Number(process.env.HISTORY_SEED ?? Date.now() % 2 ** 31);
      console.info(`history check on ${server ? 'PostgreSQL, two processes' : 'SQLite, one process'}: seed ${seed}`);

      // sign-ons one at a time (the sign-on throttle counts parallel attempts before checking them)
      const who = (i: number): Who => (i % 2 === 0 ? 'kristi' : 'mari');
      const sessions: Session[] = [];
      for (let i = 0; i < CLIENTS; i++) sessions.push(await signIn(who(i), generator(seed + 1 + i)));

      const initial = new Map<string, { etag: string; value: unknown }>();
      for (const r of records) {
        const { etag, state } = await r.read(sessions[0]);
        initial.set(r.key, { etag, value: fieldsOf(state) });
      }

      const writes: Write[] = [];
      const reads: Read[] = [];
      let n = 0;
      const started = performance.now();
      await Promise.all(
        sessions.map(async (s, client) => {
          const own = generator(seed * 31 + client);
          const mine = records.filter((r) => r.editors.includes(who(client)));
          for (let e = 0; e < EDITS; e++) {
            const record = mine[Math.floor(own() * mine.length)];
            const { etag, state } = await record.read(s);
            reads.push({ record: record.key, etag, value: fieldsOf(state) });
            await pause(own() * PAUSE);
            const next = record.change(state, ++n, own);
            const sent = performance.now();
            const res = await record.write(s, next, etag);
            writes.push({
              client,
              record: record.key,
              ifMatch: etag,
              value: fieldsOf(next),
              status: res.status,
              etag: res.etag,
              sent,
              answered: performance.now(),
            });
            if (res.status !== 200 && res.status !== 412)
              throw new Error(`${record.key}: a write answered ${res.status}: ${res.body}`);
            await pause(own() * PAUSE);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;

      const accepted = writes.filter((w) => w.status === 200).length;
      console.info(
        `history check (seed ${seed}): ${writes.length} writes in ${seconds.toFixed(1)} s, ` +
          `${accepted} accepted, ${writes.length - accepted} refused with 412`,
      );
      expect(writes).toHaveLength(CLIENTS * EDITS);
      expect(writes.every((w) => w.status === 200 || w.status === 412)).toBe(true);

      for (const r of records) {
        const start = initial.get(r.key)!;
        const mine = writes.filter((w) => w.record === r.key);
        const chain = mine.filter((w) => w.status === 200).sort((x, y) => versionOf(x.etag!) - versionOf(y.etag!));
        const refused = mine.filter((w) => w.status === 412);
        const at = `${r.key} (seed ${seed})`;

        // the accepted writes: one chain from the first version, each based on the previous one's answer
        let current = start.etag;
        for (const w of chain) {
          expect(w.ifMatch, `${at}: an accepted write was based on ${w.ifMatch}, the version then was ${current}`).toBe(
            current,
          );
          expect(versionOf(w.etag!), `${at}: versions rise`).toBeGreaterThan(versionOf(current));
          current = w.etag!;
        }
        // the refused ones: based on a version another accepted write had already taken
        for (const w of refused) {
          const taker = chain.find((c) => c.ifMatch === w.ifMatch);
          expect(
            taker,
            `${at}: a write based on ${w.ifMatch} was refused, but no write took that version`,
          ).toBeDefined();
          expect(taker!.sent, `${at}: a write was refused before the one that took its version was sent`).toBeLessThan(
            w.answered,
          );
        }
        // every read saw a state a write answered, with that write's data
        const states = new Map<string, unknown>([
          [start.etag, start.value],
          ...chain.map((w) => [w.etag!, w.value] as const),
        ]);
        for (const read of reads.filter((x) => x.record === r.key)) {
          expect(states.has(read.etag), `${at}: a read saw version ${read.etag}, which no write answered`).toBe(true);
          expect(read.value, `${at}: the data read with version ${read.etag}`).toEqual(states.get(read.etag));
        }
        // the final state is the last accepted write's, and no refused write moved the version on
        const final = await r.read(sessions[0]);
        expect(final.etag, `${at}: the final version`).toBe(current);
        expect(fieldsOf(final.state), `${at}: the final state`).toEqual(states.get(current));
      }
      expect(seconds).toBeLessThan(30);
    },
  );
});
