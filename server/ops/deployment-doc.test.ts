/**
 * docs/deployment.md shows operators the files of deploy/ (the nginx configuration the tests and the rolling-restart
 * bench run, the systemd unit, the log rotation): each block marked `file:` must be that file as it is, so the
 * example is the tested one. The blocks marked `run:` are run by `npm run check:deployment`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docBlocks, runBlock } from './deployment-doc.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('docs/deployment.md', () => {
  const blocks = docBlocks();
  it('shows deploy/ files as they are: the settings, the systemd unit, nginx and its log rotation', () => {
    const files = blocks.filter((b) => b.kind === 'file').map((b) => b.name);
    expect(files.sort()).toEqual([
      'deploy/epit.logrotate',
      'deploy/epit.nginx.conf',
      'deploy/epit@.service',
      'deploy/portal.env',
    ]);
    for (const b of blocks.filter((x) => x.kind === 'file'))
      expect(b.text, b.name).toBe(readFileSync(path.join(root, b.name), 'utf8'));
  });
  it('has each step the install check runs, once', () => {
    for (const step of ['postgres', 'pg-hba', 'install', 'settings', 'trust', 'first-staff'])
      expect(runBlock(step, blocks)).not.toBe('');
  });
});
