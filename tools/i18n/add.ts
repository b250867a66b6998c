/**
 * Merge translations into locales/<lang>.json (flat, sorted keys) in one quick read-modify-write,
 * so several people (and helpers) can add keys without clobbering each other's edits.
 *
 *   npx tsx tools/i18n/add.ts path/to/keys.json
 *
 * keys.json: { "some.key": { "et": "...", "en": "...", "ru": "...", "lv": "...", "lt": "..." }, ... }
 * Every key must carry all five languages; an existing key is overwritten.
 */
import { readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

const LANGS = ['et', 'en', 'ru', 'lv', 'lt'] as const;
const file = process.argv[2];
if (!file) {
  console.error('usage: tsx tools/i18n/add.ts keys.json');
  process.exit(2);
}
const incoming = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
for (const [key, texts] of Object.entries(incoming)) {
  const missing = LANGS.filter((l) => typeof texts[l] !== 'string' || texts[l].length === 0);
  if (missing.length) {
    console.error(`${key}: missing ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const lang of LANGS) {
  const path = join('locales', `${lang}.json`);
  const current = (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) as Record<string, string>;
  for (const [key, texts] of Object.entries(incoming)) current[key] = texts[lang];
  const sorted = Object.fromEntries(
    Object.keys(current)
      .sort()
      .map((k) => [k, current[k]]),
  );
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(sorted, null, 2) + '\n');
  renameSync(tmp, path);
}
console.log(`merged ${Object.keys(incoming).length} keys into ${LANGS.length} locales`);
