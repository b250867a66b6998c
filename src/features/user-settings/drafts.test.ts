import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepDraft, takeDraft, wipeDrafts } from './drafts';

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

describe('user-settings drafts (session expiry)', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the typed values of one tab and person, once', () => {
    keepDraft('edit', 'EE48709050218', { mobile: '+37255577777', firstName: 'Mari' });
    expect(takeDraft('edit', 'EE49004170227')).toBeNull();
    expect(takeDraft('edit', 'EE48709050218')).toEqual({ mobile: '+37255577777', firstName: 'Mari' });
    expect(takeDraft('edit', 'EE48709050218')).toBeNull();
  });

  it('never keeps a password', () => {
    keepDraft('password', 'EE48709050218', { username: 'mari.m', password: 'Secret123', repeat: 'Secret123' });
    expect(storage.getItem('epit.user-settings.draft.password.EE48709050218')).not.toContain('Secret123');
    expect(takeDraft('password', 'EE48709050218')).toEqual({ username: 'mari.m' });
  });

  it('wipes every draft, and nothing else, on logout', () => {
    storage.setItem('other', 'x');
    keepDraft('edit', 'EE1', { a: 1 });
    keepDraft('preferences', 'EE2', { b: 2 });
    wipeDrafts();
    expect(storage.length).toBe(1);
    expect(storage.getItem('other')).toBe('x');
  });

  it('ignores a broken draft', () => {
    storage.setItem('epit.user-settings.draft.edit.EE1', '{oops');
    expect(takeDraft('edit', 'EE1')).toBeNull();
  });
});
