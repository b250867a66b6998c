/**
 * The applications' demo data agrees with the portal's, and the applications and the portal's routes never import
 * each other: they meet only over HTTP.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDemoData } from '../db/seed.js';
import { loadAppsDemo } from './demo-data.js';
import { s10 } from './oss/index.js';

describe('demo data of the applications', () => {
  const portal = loadDemoData();
  const apps = loadAppsDemo();
  const gids = new Set([...portal.customers.map((c) => c.jgid), ...portal.persons.map((p) => p.fgid)]);

  it('belongs to parties of the portal\u2019s demo data', () => {
    for (const gid of [
      ...Object.keys(apps.shipments),
      ...Object.keys(apps.subscriptions),
      ...Object.keys(apps.finance),
    ])
      expect(gids.has(gid), gid).toBe(true);
  });

  it('gives a finance package to exactly the customers the portal offers FINANCE for', () => {
    const withPackage = Object.entries(apps.finance)
      .filter(([, f]) => f.package)
      .map(([gid]) => gid)
      .sort();
    const portalFinance = portal.customers
      .filter((c) => c.packets.FINANCE)
      .map((c) => c.jgid)
      .sort();
    expect(withPackage).toEqual(portalFinance);
  });

  it('has shipments for every customer with an OSS packet, with valid S10 numbers', () => {
    for (const c of portal.customers.filter((x) => x.packets.OSS !== null))
      expect(apps.shipments[c.jgid]?.length ?? 0, c.name).toBeGreaterThan(0);
    for (const s of Object.values(apps.shipments).flat()) {
      const serial = Number(s.id.slice(2, 10));
      expect(s10(s.id.slice(0, 2), serial, s.id.slice(11)), s.id).toBe(s.id);
    }
    expect(s10('RR', 47312482, 'EE')).toBe('RR473124829EE'); // the UPU S10 worked example
  });
});

describe('import boundaries', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
    });
  const importsOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) =>
      path.relative(root, path.resolve(path.dirname(file), m[1])),
    );

  it('server/apps reaches the portal only over HTTP: no routes, context, CAS or portal database', () => {
    const offending = files(path.join(root, 'apps'))
      .filter((f) => !f.endsWith('test-kit.ts'))
      .flatMap((f) => importsOf(f).map((target) => `${path.relative(root, f)} → ${target}`))
      .filter((line) => /→ (routes|context|cas|db\/(index|schema|seed)|sim|app)(\/|\.js$)/.test(line));
    expect(offending).toEqual([]);
  });

  it('the portal never imports server/apps (only start.ts starts it)', () => {
    const offending = [
      ...files(path.join(root, 'routes')),
      ...files(path.join(root, 'context')),
      ...files(path.join(root, 'cas')),
    ]
      .flatMap((f) => importsOf(f).map((target) => `${path.relative(root, f)} → ${target}`))
      .filter((line) => /→ apps\//.test(line));
    expect(offending).toEqual([]);
  });
});
