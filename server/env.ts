/**
 * The one reader of process.env (architecture guide: "env.ts is the one reader of process.env").
 * Everything else receives an `Env` value, so tests build their own with `loadEnv({})` or `testEnv()`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type RunMode = 'test' | 'live' | 'dev';

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  runMode: RunMode;
  /** e.g. 'https://portal.example' — when unset the origin is taken from the request's Host header */
  publicOrigin: string | null;
  roleRequestTimeout: number;
  debug: boolean;
  /** absolute path of the project root (one level above server/) */
  rootDir: string;
  /** absolute path of the built portal */
  distDir: string;
  appVersion: string;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function appVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
    );
  } catch {
    return '0.0.0';
  }
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value);
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const runMode = (source.RUN_MODE ?? 'test') as RunMode;
  if (!['test', 'live', 'dev'].includes(runMode))
    throw new Error(`RUN_MODE must be test, live or dev, got "${runMode}"`);
  const origin = source.PUBLIC_ORIGIN?.replace(/\/+$/, '') || null;
  return {
    port: int(source.PORT, 8080, 'PORT'),
    host: source.HOST || '0.0.0.0',
    dataDir: path.resolve(rootDir, source.DATA_DIR || './data'),
    runMode,
    publicOrigin: origin,
    roleRequestTimeout: int(source.ROLE_REQUEST_TIMEOUT, 10_000, 'ROLE_REQUEST_TIMEOUT'),
    debug: bool(source.DEBUG),
    rootDir,
    distDir: path.resolve(rootDir, source.DIST_DIR || 'dist'),
    appVersion: appVersion(),
  };
}

/** An Env for tests: defaults, never the real process.env. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return { ...loadEnv({}), ...overrides };
}
