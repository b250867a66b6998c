/**
 * Every page the server renders names the portal's icon inline (ICON_LINK), so no browser asks /favicon.ico, which
 * nothing serves, and logs its 404: the sign-on page, the simulator console, and the demo applications' pages on
 * their own origin (a person who opens one at the top level, as the logistics link does, saw that error).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAppsWorld, type AppsWorld } from '../apps/test-kit.js';
import { ICON_LINK } from './html.js';

let w: AppsWorld;
beforeEach(async () => {
  w = await makeAppsWorld();
});
afterEach(async () => w.close());

describe('the icon of the server-rendered pages', () => {
  it('is in the head of the sign-on page, the simulator console and the demo applications', async () => {
    const b = w.browser();
    const pages = [`${w.portalOrigin}/cas/login`, `${w.portalOrigin}/sim/`, `${w.appsOrigin}/`];
    await b.signIn('mari');
    const urls = (await b.get(`${w.portalOrigin}/api/user-settings/service-urls`)).json<{
      value: Record<string, string>;
    }>().value;
    pages.push(urls.EE, `${w.appsOrigin}/oss/login?guid=EPEE11000015&lang=en`);
    for (const url of pages) {
      const { res } = await b.follow(url);
      expect(res.statusCode, url).toBe(200);
      const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)?.[1] ?? '';
      expect(head, url).toContain(ICON_LINK);
    }
    expect(ICON_LINK).toMatch(/^<link rel="icon" href="data:image\/svg\+xml,[^"]+">$/);
  });
});
