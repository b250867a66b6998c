/**
 * docs/deployment.md shows operators the nginx configuration the tests and the rolling-restart bench run
 * (server/test/nginx.ts): the copy there must be the generated one, so the example is the tested one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { balancerConfig } from '../test/nginx.js';

describe('docs/deployment.md', () => {
  it("shows the nginx configuration the tests run, with an operator's addresses filled in", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/deployment.md'), 'utf8');
    const shown = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(shown).toBe(
      balancerConfig({
        port: 0,
        listen: '80',
        upstreams: ['10.0.0.11:8080', '10.0.0.12:8080'],
        dir: '/var/lib/epit-nginx',
      }),
    );
  });
});
