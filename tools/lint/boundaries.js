/**
 * The project's import layers as one ESLint rule (`boundaries/layers`). Each import is resolved against the
 * importing file, so `../../src/x` is caught at any depth. See docs/conventions.md "Layers".
 *
 * - machines/ imports nothing outside machines/ and domain/ but xstate and zod (and vitest in tests): machines stay
 *   pure. Their tests and model specs may also take test data and model helpers from tests/support/.
 * - domain/ (the contract and the rules the portal and the server share) imports nothing outside domain/ but zod:
 *   it is pure, so the browser and the server run the same rules.
 * - machines/, domain/ and src/ take zod as its tree-shakable build `zod/mini` (the browser never ships classic
 *   zod); the server and tests may use classic `zod`, with the same schemas.
 * - server/ imports nothing from src/, tools/ or tests/; it takes the shared contract from domain/contract.ts.
 * - server/routes/ never imports server/sim/: the portal's server reaches every outside service over HTTP.
 * - src/features/<f>/ is entered from outside only through its index.ts(x).
 * - tests/support/ (test data, model-spec helpers) is for tests: only tests, model specs, tests/ and tools/ import it.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const rel = (abs) => relative(ROOT, abs).split(sep).join('/');
const isTestFile = (file) => /\.(test|spec|model)\.tsx?$/.test(file) || /^(tests|tools|bench)\//.test(file);
const MACHINE_PACKAGES = /^(xstate|zod)(\/|$)/;
const TEST_PACKAGES = /^(vitest)(\/|$)/;
/** zod's classic build ('zod', 'zod/v4', 'zod/v3', ...); allowed in the browser's code: 'zod/mini' and its core. */
const CLASSIC_ZOD = /^zod(\/|$)/;
const BROWSER_ZOD = /^zod\/(mini|v4\/mini|v4-mini|v4\/core)$/;

function check(file, spec) {
  const relative = spec.startsWith('.');
  const target = relative ? rel(resolve(ROOT, dirname(file), spec)) : null;
  if (
    file.startsWith('domain/') &&
    relative &&
    !target.startsWith('domain/') &&
    !(isTestFile(file) && target.startsWith('tests/support/'))
  )
    return `domain/ imports nothing outside domain/ ('${spec}' is ${target})`;
  if (file.startsWith('machines/') || file.startsWith('domain/')) {
    if (
      relative &&
      !target.startsWith('machines/') &&
      !target.startsWith('domain/') &&
      !(isTestFile(file) && target.startsWith('tests/support/'))
    )
      return `machines/ imports nothing outside machines/ and domain/ ('${spec}' is ${target})`;
    if (
      !relative &&
      !MACHINE_PACKAGES.test(spec) &&
      !(isTestFile(file) && TEST_PACKAGES.test(spec)) &&
      !spec.startsWith('node:')
    )
      return `machines/ imports only xstate and zod ('${spec}')`;
    if (!relative && spec.startsWith('node:') && !isTestFile(file))
      return `machines/ imports only xstate and zod ('${spec}')`;
  }
  if (
    (file.startsWith('machines/') || file.startsWith('domain/') || file.startsWith('src/')) &&
    !isTestFile(file) &&
    CLASSIC_ZOD.test(spec) &&
    !BROWSER_ZOD.test(spec)
  )
    return `machines/ and src/ import zod as 'zod/mini' (its tree-shakable build; the browser never ships classic zod), not '${spec}'`;
  if (file.startsWith('server/') && relative && /^(src|tools|tests)\//.test(target))
    return `server/ imports nothing from src/, tools/ or tests/ ('${spec}' is ${target}); the contract is domain/contract.ts`;
  if (file.startsWith('server/routes/') && relative && target.startsWith('server/sim/'))
    return `server/routes/ reaches outside services over HTTP, never server/sim/ in-process ('${spec}')`;
  if (relative && target.startsWith('src/features/')) {
    const feature = target.split('/').slice(0, 3).join('/');
    const inside = file.startsWith(feature + '/');
    const isIndex = target === feature || target === `${feature}/index`;
    if (!inside && !isIndex) return `enter a feature through its index: import '${feature}' instead of '${target}'`;
  }
  if (relative && target.startsWith('tests/support/') && !isTestFile(file))
    return `tests/support/ is for tests; production code does not import it ('${spec}')`;
  return null;
}

const layers = {
  meta: { type: 'problem', docs: { description: 'import layers of the portal' }, schema: [] },
  create(context) {
    const file = rel(context.filename);
    const visit = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = check(file, node.source.value);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { layers } };
export { check };
