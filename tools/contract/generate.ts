/**
 * `npm run contract`: writes the portal API's OpenAPI 3.1 document (server/contract/openapi.ts, generated from the
 * zod schemas) to docs/openapi.json, for people and tools that read it in the repository.
 * `npm run contract:check` (`--check`): exits 1 when docs/openapi.json is not what the schemas give now.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiText } from '../../server/contract/openapi.js';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/openapi.json');
const text = openApiText();
const shown = path.relative(process.cwd(), file);

if (process.argv.includes('--check')) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current !== text) {
    console.error(`✗ ${shown} is ${current === null ? 'missing' : 'stale'}: run npm run contract`);
    process.exit(1);
  }
  console.log(`✓ ${shown} is current`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${shown} (${Buffer.byteLength(text)} bytes)`);
}
