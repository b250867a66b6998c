/**
 * The project's markdown stays true to the tree it describes: every relative link and anchor resolves, the README's
 * folder map names every top-level folder and every folder of server/, and the files the README, the walk-through
 * (docs/follow-one-flow.md) and the departures from the spec (docs/spec-departures.md) name exist. A moved file or a
 * new folder fails here, with the line to change.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The project's files: tracked or new, never ignored (so a local dist/ or data/ counts for nothing). */
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((f) => f && existsSync(path.join(root, f)));

/** The markdown written by hand: visualizations/ is generated and checked by `npm run viz:check`. */
const markdown = tracked.filter((f) => f.endsWith('.md') && !f.startsWith('visualizations/'));

const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '``');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}[ \t]+(.*)$/gm)) {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Relative links of a markdown file (outside code) that do not resolve: a missing file or a missing anchor. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of withoutCode(read(file)).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [pathPart, anchor] = target.split('#');
    const resolved = pathPart ? path.resolve(path.dirname(path.join(root, file)), pathPart) : path.join(root, file);
    if (!existsSync(resolved)) broken.push(`${target} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor))
      broken.push(`${target} (no heading with that anchor)`);
  }
  return broken;
}

/** Repository paths named in code spans (`src/…`), leaving out patterns such as `machines/<flow>.model.ts`. */
function namedPaths(file: string): string[] {
  const top = /^(?:\.ci|bench|docs|locales|machines|public|server|src|tests|tools|visualizations)\//;
  return [...read(file).matchAll(/`([^`\s]+)`/g)].map(([, p]) => p).filter((p) => top.test(p) && !/[<>{}*…|]/.test(p));
}

/** The lines of the README's folder map (the code block under "## Folders"). */
function folderMap(): string[] {
  const section = /^## Folders\n([\s\S]*?)^## /m.exec(read('README.md'))?.[1] ?? '';
  return (/```\n([\s\S]*?)```/.exec(section)?.[1] ?? '').split('\n');
}

const folders = (prefix: string) =>
  [
    ...new Set(
      tracked
        .filter((f) => f.startsWith(prefix))
        .map((f) => f.slice(prefix.length).split('/'))
        .filter((parts) => parts.length > 1)
        .map((parts) => parts[0]),
    ),
  ].sort();

describe('the markdown', () => {
  it.each(markdown)('%s: every relative link and anchor resolves', (file) => {
    expect(brokenLinks(file), 'links to fix in this file').toEqual([]);
  });

  it('knows anchors as GitHub makes them', () => {
    const anchors = anchorsOf('# A\n## The portal: `/ui/config.json`\n### Signing (Mobile-ID, ID-card)\n## A\n');
    expect([...anchors]).toEqual(['a', 'the-portal-uiconfigjson', 'signing-mobile-id-id-card', 'a-1']);
  });
});

describe("the README's folder map", () => {
  const map = folderMap();

  it('names every top-level folder on a line of its own', () => {
    const named = map.filter((l) => /^\S/.test(l)).map((l) => l.split('/')[0]);
    expect(
      folders('').filter((d) => !named.includes(d)),
      'folders to add to the map',
    ).toEqual([]);
  });

  it('names every folder of server/ on a line of its own', () => {
    const named = map.filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim().split('/')[0]);
    expect(
      folders('server/').filter((d) => !named.includes(d)),
      'server/ folders to add to the map',
    ).toEqual([]);
  });
});

describe('the files the guide names', () => {
  it.each(['README.md', 'docs/follow-one-flow.md', 'docs/spec-departures.md'])(
    '%s: every path in a code span exists',
    (file) => {
      const paths = namedPaths(file);
      expect(paths.length).toBeGreaterThan(5);
      expect(
        paths.filter((p) => !existsSync(path.join(root, p))),
        'moved or gone: say where it is now',
      ).toEqual([]);
    },
  );

  it('the README stays a guide: at most 250 lines', () => {
    expect(read('README.md').split('\n').length - 1).toBeLessThanOrEqual(250);
  });
});
