/**
 * The marked code blocks of docs/deployment.md, which the install check runs (tools/deployment/check.ts) and the
 * doc test compares with the files they show (server/ops/deployment-doc.test.ts), so the procedure an operator
 * reads is the one that is tested. A block is marked by an HTML comment on the line before its fence:
 *
 *   <!-- file: deploy/epit.nginx.conf -->   the block is that file of the repository, as it is
 *   <!-- run: install -->                   shell commands, run in order by the check under the step's name
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOYMENT_DOC = path.join(root, 'docs/deployment.md');

export interface DocBlock {
  kind: 'file' | 'run';
  /** the file's path, or the step's name */
  name: string;
  text: string;
}

export function docBlocks(doc = readFileSync(DEPLOYMENT_DOC, 'utf8')): DocBlock[] {
  const blocks: DocBlock[] = [];
  const marked = /^<!-- (file|run): (\S+) -->\n```[a-z]*\n([\s\S]*?)^```$/gm;
  for (const m of doc.matchAll(marked)) blocks.push({ kind: m[1] as DocBlock['kind'], name: m[2], text: m[3] });
  return blocks;
}

/** The commands of the step `name`; throws when the doc has no such step (the check would test nothing). */
export function runBlock(name: string, blocks = docBlocks()): string {
  const found = blocks.filter((b) => b.kind === 'run' && b.name === name);
  if (found.length !== 1) throw new Error(`docs/deployment.md has ${found.length} blocks marked "run: ${name}"`);
  return found[0].text;
}
