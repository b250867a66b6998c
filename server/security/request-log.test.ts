/**
 * The request ids the portal makes itself (server/security/request-log.ts): version 4 UUIDs as crypto.randomUUID
 * makes them, from random bytes it refills when used up. How ids reach the request line: server/ops/health.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomUuid } from './request-log.js';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('makes version 4 UUIDs in the form crypto.randomUUID writes, none twice, over several refills', () => {
    expect(randomUUID()).toMatch(V4);
    const ids = Array.from({ length: 1_000 }, () => randomUuid());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
    // random where a UUID is: each of the 30 free hex positions takes many of the 16 digits over the ids
    const digits = ids.map((id) => id.replaceAll('-', ''));
    const free = Array.from({ length: 32 }, (_, i) => i).filter((i) => i !== 12 && i !== 16);
    for (const at of free) expect(new Set(digits.map((d) => d[at])).size).toBeGreaterThan(12);
  });
});
