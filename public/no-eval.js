// Loaded by index.html before the portal's modules: zod 4 compiles object parsers with `new Function` unless told not
// to, and decides so when a schema is made, at module load. The portal's Content-Security-Policy has no 'unsafe-eval',
// so the attempt would be reported as a violation. Without eval zod parses the same.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
