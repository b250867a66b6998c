/**
 * The conformance kit leaves no operation of the document out silently: each has a call (or a reason to skip it)
 * in calls.ts, or is asked by the sign-on; and it finds the sign-on form of the reference CAS and of an Apereo CAS.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationsOf } from '../../server/contract/keys.js';
import type { OpenApiDocument } from '../../server/contract/openapi.js';
import { CALLS, SIGN_ON_ROUTES } from './calls.js';
import { loginForm } from './http.js';

const document = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8'),
) as OpenApiDocument;

describe('the conformance kit', () => {
  it('has a call or a reason for every operation of the document, and none for an operation it lacks', () => {
    const operations = operationsOf(document.paths).map((o) => o.key);
    const planned = [...CALLS.map((c) => c.route), ...SIGN_ON_ROUTES];
    expect(operations.filter((o) => !planned.includes(o))).toEqual([]);
    expect(planned.filter((r) => !operations.includes(r))).toEqual([]);
    expect(new Set(CALLS.map((c) => c.route)).size).toBe(CALLS.length);
    // reads never change data: everything but a GET is a write, except the POSTs that only read
    const readingPosts = ['/customer-search/', '/settings/get', '/test/enterprise', '/test/is-board-member'];
    const changing = CALLS.filter((c) => !c.write && !c.route.startsWith('GET '));
    expect(changing.map((c) => c.route).filter((r) => !readingPosts.some((p) => r.includes(p)))).toEqual([]);
  });

  it('finds the sign-on form: the one with a password field, its action and hidden fields', () => {
    // the reference CAS: one-click demo forms before and after the real one
    const reference = `<form method="post" action="/cas/login"><input type="hidden" name="demoUser" value="mari"></form>
      <form method="post" action="/cas/login?locale=en" novalidate><input type="hidden" name="service" value="http://x/api/security/callback?target=%2Fui%2F&amp;gateway=true">
      <input type="hidden" name="execution" value="e1s1-abc"><input name="username"><input type="password" name="password"></form>`;
    expect(loginForm(reference)).toEqual({
      action: '/cas/login?locale=en',
      hidden: { service: 'http://x/api/security/callback?target=%2Fui%2F&gateway=true', execution: 'e1s1-abc' },
    });
    // Apereo CAS: no action (the form posts to the page's own address), value before name, single quotes
    const apereo = `<form method='post' id='fm1'><input type='text' id='username' name='username'>
      <input type='password' id='password' name='password'><input type="hidden" value="a1b2" name="execution"/>
      <input type="hidden" name="_eventId" value="submit"/></form>`;
    expect(loginForm(apereo)).toEqual({ action: null, hidden: { execution: 'a1b2', _eventId: 'submit' } });
    expect(loginForm('<form><input name="q"></form>')).toBeNull();
  });
});
