/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and decides so when a schema is made, at
 * module load. The portal's Content-Security-Policy has no 'unsafe-eval', so the attempt would be reported as a
 * violation; without eval zod parses the same. src/main.tsx imports this module first, so it runs before every
 * module that makes a schema (zod's own module, which only creates the shared configuration object, may run before).
 * A module of the entry rather than a script of its own in index.html: one request less before the first paint.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
