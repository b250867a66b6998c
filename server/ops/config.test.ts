/**
 * Configuration checked at start (server/env.ts, server/start.ts): a setting that cannot be used stops the process
 * with one line naming the variable, what it holds and what is allowed, and a non-zero exit, before anything is
 * opened. One real `server/main.ts` per kind of setting (a port, a URL, a number, a path, a file), then the rules of
 * the rest through loadEnv. The processes start once, in the SQLite run (`npm run test:unit`): nothing here depends
 * on the database, which is never opened.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, testDatabaseUrl } from '../env.js';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'epit-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The messages of the JSON lines a start wrote (server/ops/startup-log.ts): every line must be one. */
const messages = (text: string): string[] =>
  text.trim()
    ? text
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { msg: string }).msg)
    : [];

/** `npm start` with `env` on top of a clean test environment: its exit code and what it wrote. */
function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        RUN_MODE: 'test',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'data'),
        DIST_DIR: tmp,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr });
    });
  });
}

const noPem = path.join(tmp, 'not-a-certificate.pem');
const aFile = path.join(tmp, 'a-file');
writeFileSync(noPem, 'hello\n');
writeFileSync(aFile, 'not a folder\n');

// the settings are checked before any database is opened: once, in the SQLite run of the server tests
describe.skipIf(testDatabaseUrl())('a bad setting stops npm start with one line and exit status 1', () => {
  const cases: [kind: string, env: Record<string, string>, line: string][] = [
    ['a port', { PORT: '70000' }, 'PORT is "70000"; allowed: a port number from 1 to 65535'],
    [
      'a URL',
      { MID_URL: 'ftp://mid.example' },
      'MID_URL is "ftp://mid.example"; allowed: an absolute http:// or https:// address',
    ],
    ['a number', { DRAIN_SECONDS: 'soon' }, 'DRAIN_SECONDS is "soon"; allowed: a whole number from 0 to 3600'],
    [
      'a path (a file where a folder belongs)',
      { DATA_DIR: aFile },
      `DATA_DIR is "${aFile}"; allowed: a folder (or a path where one may be made)`,
    ],
    [
      'a path (a folder that is not there)',
      { SIGNING_TRUST_DIR: path.join(tmp, 'no-such-folder') },
      `SIGNING_TRUST_DIR is "${path.join(tmp, 'no-such-folder')}"; allowed: a folder that exists, holding the trusted CA certificates`,
    ],
    [
      'a file',
      { MID_TLS_CERTS: noPem },
      `MID_TLS_CERTS is "${noPem}"; allowed: PEM files (comma-separated) with the certificates to pin, readable by this user (${noPem} holds no PEM certificate)`,
    ],
    [
      'live run mode without SMTP_URL and without MAIL=off',
      { RUN_MODE: 'live', PUBLIC_ORIGIN: 'https://portal.example' },
      'SMTP_URL is required in live run mode: set it and MAIL_FROM (e.g. SMTP_URL=smtp://user:password@mail.example:587 MAIL_FROM=portal@example.ee), or set MAIL=off to run without mail',
    ],
  ];
  it.each(cases)(
    '%s',
    async (_kind, env, line) => {
      const run = await start(env);
      expect(run.code).toBe(1);
      expect(messages(run.stderr)).toEqual([`cannot start: ${line}`]);
      expect(run.stdout).toBe('');
    },
    40_000,
  );
});

// a live start checks its trust folder and its build after the database is ready (server/start.ts, server/main.ts)
describe.skipIf(testDatabaseUrl())('a live start: the trust folder and the build', () => {
  const live = (dir: string, env: Record<string, string>) =>
    start({
      RUN_MODE: 'live',
      PUBLIC_ORIGIN: 'https://portal.example',
      MAIL: 'off',
      DATA_DIR: path.join(tmp, dir),
      ...env,
    });
  it('refuses a trust folder holding the demo CA, whose key is published', async () => {
    const run = await live('live-demo-ca', { SIGNING_TRUST_DIR: 'server/trust' });
    expect(run.code).toBe(1);
    expect(messages(run.stderr)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^cannot start: SIGNING_TRUST_DIR ${path.join(root, 'server/trust')} trusts the demo CA \\(.*EPIT Demo.*\\), whose key is published with the code: remove it from that folder$`,
        ),
      ),
    ]);
  }, 40_000);
  it('warns in one line of an empty trust folder, and refuses to start without a build', async () => {
    const empty = path.join(tmp, 'empty-trust');
    mkdirSync(empty);
    const run = await live('live-no-build', { SIGNING_TRUST_DIR: empty });
    expect(run.code).toBe(1);
    expect(messages(run.stderr)).toEqual([
      `warning: SIGNING_TRUST_DIR ${empty} holds no CA certificate: every signature is refused until the signers' CA chains are put there (docs/deployment.md)`,
      `cannot start: DIST_DIR is "${tmp}"; allowed: a folder holding the portal's build: run \`npm run build\` first`,
    ]);
    expect(run.stdout).toContain('seeded with reference data only (live run mode: no demo people)');
  }, 40_000);
});

describe('the rules of every kind of setting', () => {
  // a test run mode: these are about the settings themselves, not about what live mode requires besides
  const load = (source: Record<string, string>) => loadEnv({ RUN_MODE: 'test', ...source });
  const refusal = (source: Record<string, string>) => {
    try {
      load(source);
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
    return null;
  };

  it('ports are 1 to 65535, and the metrics never share the public ports', () => {
    expect(refusal({ PORT: '0' })).toBe('PORT is "0"; allowed: a port number from 1 to 65535');
    expect(refusal({ APPS_PORT: '80.5' })).toBe('APPS_PORT is "80.5"; allowed: a port number from 1 to 65535');
    expect(refusal({ METRICS_PORT: 'x' })).toBe('METRICS_PORT is "x"; allowed: a port number from 1 to 65535');
    expect(refusal({ PORT: '8400', METRICS_PORT: '8400' })).toMatch(
      /^METRICS_PORT is "8400"; allowed: a port number other than PORT \(8400\) and APPS_PORT \(8401\)/,
    );
    expect(load({ PORT: '8400', METRICS_PORT: '8402' }).metrics).toEqual({ port: 8402, host: '127.0.0.1' });
    expect(load({}).metrics).toBeNull();
  });

  it('addresses: absolute http(s), an origin where an origin belongs, postgres:// for the database', () => {
    expect(refusal({ PUBLIC_ORIGIN: 'https://portal.example/ui' })).toMatch(
      /^PUBLIC_ORIGIN is "https:\/\/portal.example\/ui"; allowed: an http:\/\/ or https:\/\/ origin/,
    );
    expect(load({ PUBLIC_ORIGIN: 'https://portal.example/' }).publicOrigin).toBe('https://portal.example');
    expect(refusal({ REGISTRY_URL: 'registry.example' })).toBe(
      'REGISTRY_URL is "registry.example"; allowed: an absolute http:// or https:// address',
    );
    expect(refusal({ CAS_VALIDATE_URL: '/cas' })).toBe(
      'CAS_VALIDATE_URL is "/cas"; allowed: an absolute http:// or https:// address',
    );
    // the password never reaches the message (the log)
    expect(refusal({ DATABASE_URL: 'mysql://epit:secret@db/epit' })).toBe(
      'DATABASE_URL is "mysql://epit:…@db/epit"; allowed: a postgres:// or postgresql:// address',
    );
    expect(refusal({ HOST: 'not a host' })).toBe(
      'HOST is "not a host"; allowed: an IP address (0.0.0.0, 127.0.0.1, ::) or a host name',
    );
  });

  it('numbers, switches and choices', () => {
    expect(refusal({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toBe(
      'SHUTDOWN_TIMEOUT_SECONDS is "0"; allowed: a whole number from 1 to 3600',
    );
    expect(load({ DRAIN_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '3' }).shutdown).toEqual({
      drainMs: 0,
      timeoutMs: 3000,
    });
    expect(load({}).shutdown).toEqual({ drainMs: 5000, timeoutMs: 20_000 });
    expect(refusal({ SESSION_IDLE_MINUTES: '-5' })).toBe(
      'SESSION_IDLE_MINUTES is "-5"; allowed: a whole number from 1 to 525600',
    );
    expect(refusal({ DEBUG: 'maybe' })).toBe(
      'DEBUG is "maybe"; allowed: 1, true, yes or on to switch it on; 0, false, no, off or nothing for off',
    );
    expect(load({ DEBUG: 'off' }).debug).toBe(false);
    // API_DOCS unset: the reference page follows the run mode (apiDocsOn); set, it is a switch like DEBUG
    expect(refusal({ API_DOCS: 'maybe' })).toBe(
      'API_DOCS is "maybe"; allowed: 1, true, yes or on to switch it on; 0, false, no, off or nothing for off',
    );
    expect([load({}).apiDocs, load({ API_DOCS: 'no' }).apiDocs, load({ API_DOCS: 'on' }).apiDocs]).toEqual([
      null,
      'off',
      'on',
    ]);
    expect(refusal({ RUN_MODE: 'prod' })).toBe('RUN_MODE is "prod"; allowed: test, live, dev');
    expect(refusal({ ID_CARD: 'nfc' })).toBe('ID_CARD is "nfc"; allowed: software, webeid');
    expect(refusal({ CAS_SERVICES: 'https://a.example/.* (' })).toBe(
      'CAS_SERVICES is "("; allowed: regular expressions separated by spaces',
    );
  });

  it('analytics: an http(s) endpoint without a query and a whole-number site id, both or neither', () => {
    expect(load({}).analytics).toBeNull();
    expect(load({ ANALYTICS_URL: 'https://stats.example/matomo.php', ANALYTICS_SITE_ID: '3' }).analytics).toEqual({
      url: 'https://stats.example/matomo.php',
      siteId: 3,
    });
    expect(refusal({ ANALYTICS_URL: 'stats.example/matomo.php', ANALYTICS_SITE_ID: '3' })).toMatch(
      /^ANALYTICS_URL is "stats.example\/matomo.php"; allowed: the absolute http:\/\/ or https:\/\/ address of a Matomo/,
    );
    expect(refusal({ ANALYTICS_URL: 'https://stats.example/matomo.php?idsite=3', ANALYTICS_SITE_ID: '3' })).toMatch(
      /^ANALYTICS_URL is .*; allowed: .*without a query$/,
    );
    expect(refusal({ ANALYTICS_URL: 'https://stats.example/matomo.php', ANALYTICS_SITE_ID: 'site' })).toBe(
      'ANALYTICS_SITE_ID is "site"; allowed: a whole number, at least 1',
    );
    expect(refusal({ ANALYTICS_URL: 'https://stats.example/matomo.php' })).toBe(
      'ANALYTICS_SITE_ID is ""; allowed: the site id of the analytics endpoint (ANALYTICS_URL is set)',
    );
    expect(refusal({ ANALYTICS_SITE_ID: '3' })).toMatch(
      /^ANALYTICS_URL is ""; allowed: .*\(ANALYTICS_SITE_ID is set\)$/,
    );
  });

  it('mail: SMTP_URL is smtp:// or smtps:// with MAIL_FROM, MAIL=off cannot go with it; retention in whole days', () => {
    expect(load({}).mail).toEqual({ smtpUrl: null, from: null, off: false, retryMs: 30_000 });
    expect(load({ MAIL: 'off' }).mail.off).toBe(true);
    const url = 'smtps://portal%40example.ee:p%40ss@mail.example:465';
    expect(load({ SMTP_URL: url, MAIL_FROM: 'EPIT <portal@example.ee>', MAIL_RETRY_SECONDS: '5' }).mail).toEqual({
      smtpUrl: url,
      from: 'EPIT <portal@example.ee>',
      off: false,
      retryMs: 5000,
    });
    // the password never reaches the message (the log)
    expect(refusal({ SMTP_URL: 'http://portal:secret@mail.example', MAIL_FROM: 'a@example.ee' })).toMatch(
      /^SMTP_URL is "http:\/\/portal:…@mail.example"; allowed: smtp:\/\/user:password@host:port \(STARTTLS when offered\)/,
    );
    expect(refusal({ SMTP_URL: 'smtp://mail.example' })).toBe(
      'MAIL_FROM is ""; allowed: the From address of the mail, e.g. portal@example.ee (SMTP_URL is set)',
    );
    expect(refusal({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'portal' })).toBe(
      'MAIL_FROM is "portal"; allowed: one address, portal@example.ee or EPIT <portal@example.ee>',
    );
    expect(refusal({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'a@example.ee', MAIL: 'off' })).toMatch(
      /^MAIL is "off"; allowed: on, or nothing, while SMTP_URL is set/,
    );
    expect(load({}).retention).toEqual({ auditMs: 730 * 86_400_000, outboxMs: 7 * 86_400_000 });
    expect(load({ AUDIT_RETENTION_DAYS: '90', OUTBOX_RETENTION_DAYS: '1' }).retention).toEqual({
      auditMs: 90 * 86_400_000,
      outboxMs: 86_400_000,
    });
    expect(refusal({ OUTBOX_RETENTION_DAYS: '0' })).toBe(
      'OUTBOX_RETENTION_DAYS is "0"; allowed: a whole number from 1 to 3650',
    );
  });

  it('files: the pinned certificates must be readable PEM files', () => {
    const missing = path.join(tmp, 'missing.pem');
    expect(refusal({ SMART_ID_TLS_CERTS: missing })).toBe(
      `SMART_ID_TLS_CERTS is "${missing}"; allowed: PEM files (comma-separated) with the certificates to pin, readable by this user (${missing}: ENOENT)`,
    );
  });
});
