import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftOf } from '../../domain/drafts';
import { readDrafts, writeDrafts } from './drafts';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

describe('drafts kept over a sign-on (session expiry)', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('survive in the tab as written, and an empty list removes them', () => {
    const drafts = [{ key: 'edit:EE48709050218', values: { mobile: '+37255577777', firstName: 'Mari' } }];
    writeDrafts(drafts);
    expect(readDrafts()).toEqual(drafts);
    writeDrafts([]);
    expect(storage.length).toBe(0);
    expect(readDrafts()).toEqual([]);
  });

  it('a damaged entry reads as none', () => {
    storage.setItem('epit.drafts', '{not json');
    expect(readDrafts()).toEqual([]);
    storage.setItem('epit.drafts', JSON.stringify([{ key: 1 }, { key: 'edit:x', values: { a: 1 } }]));
    expect(readDrafts()).toEqual([{ key: 'edit:x', values: { a: 1 } }]);
  });

  it('never keeps a password', () => {
    expect(
      draftOf({ username: 'mari', password: 'secret', repeat: 'secret', currentPassword: 'old', passwordUsed: 'yes' }),
    ).toEqual({
      username: 'mari',
      passwordUsed: 'yes',
    });
  });
});
