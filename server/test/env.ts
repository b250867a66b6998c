import { loadEnv, type Env } from '../env.js';

/** An Env for tests and benchmarks: the defaults of the test run mode, never the real process.env. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return { ...loadEnv({ RUN_MODE: 'test' }), ...overrides };
}
