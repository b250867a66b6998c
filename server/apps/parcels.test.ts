/**
 * The private package service's demo page (server/apps/parcels/): where user-settings/service-urls sends a private
 * person's LOGISTICS. It is on the applications' origin, signs its visitor on silently through CAS like the
 * applications, and greets them by name in the address's language.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAppsWorld, type AppsWorld } from './test-kit.js';

let w: AppsWorld;
beforeEach(async () => {
  w = await makeAppsWorld();
});
afterEach(async () => w.close());

const text = (html: string, testid: string) =>
  new RegExp(`data-testid="${testid}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe('the private package service', () => {
  it('anna follows her package-private address from service-urls and sees the page with her name', async () => {
    const b = w.browser();
    await b.signIn('anna');
    const urls = (await b.get(`${w.portalOrigin}/api/user-settings/service-urls`)).json<{
      value: Record<string, string>;
    }>().value;
    expect(Object.keys(urls)).toEqual(['EE', 'LV', 'LT']);
    // on the applications' origin, not the portal's
    expect(urls.EE).toMatch(new RegExp(`^${w.appsOrigin}/parcels/ee/[a-z]{2}/private$`));
    const { res, url } = await b.follow(urls.EE);
    expect(url).toBe(urls.EE);
    expect(res.statusCode).toBe(200);
    expect(text(res.body, 'app-user')).toBe('Anna Ivanova');
    expect(res.body).toContain('data-testid="parcels-private" data-domain="EE"');
    // its own session: the next visit needs no sign-on
    expect(b.cookie('PARCELS-SESSION')).toBeTruthy();
    expect((await b.get(urls.LV)).statusCode).toBe(200);
  });

  it('speaks the address\u2019s language and names the country', async () => {
    const b = w.browser();
    await b.signIn('anna');
    const page = async (path: string) => (await b.follow(`${w.appsOrigin}${path}`)).res.body;
    const en = await page('/parcels/lv/en/private');
    expect(en).toContain('<html lang="en">');
    expect(text(en, 'app-name')).toBe('Package service for private customers');
    expect(text(en, 'parcels-country')).toBe('Latvia');
    const et = await page('/parcels/ee/et/private');
    expect(text(et, 'app-name')).toBe('Pakiteenus eraisikule');
    expect(text(et, 'parcels-country')).toBe('Eesti');
    for (const [lang, country] of [
      ['ru', 'Литва'],
      ['lv', 'Lietuva'],
      ['lt', 'Lietuva'],
    ] as const) {
      const html = await page(`/parcels/lt/${lang}/private`);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(text(html, 'parcels-country')).toBe(country);
    }
  });

  it('without a sign-on session the visitor is told to sign in; an unknown country or language is not found', async () => {
    const b = w.browser();
    const { res } = await b.follow(`${w.appsOrigin}/parcels/ee/en/private`);
    expect(res.body).toContain('data-testid="app-signedOut"');
    expect(res.body).not.toContain('data-testid="app-user"');
    const signedIn = w.browser();
    await signedIn.signIn('anna');
    expect((await signedIn.get(`${w.appsOrigin}/parcels/fi/en/private`)).statusCode).toBe(404);
    expect((await signedIn.get(`${w.appsOrigin}/parcels/ee/de/private`)).statusCode).toBe(404);
  });
});
