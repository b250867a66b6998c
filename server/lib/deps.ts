/** What every route can reach through `req.server.deps` (decorated on the root instance by createApp). */
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import type { Clock } from './clock.js';

export interface AppDeps {
  db: Db;
  clock: Clock;
  env: Env;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
