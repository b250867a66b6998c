import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { localeMachine, type LocaleEmitted, type LocaleInput } from './locale.machine';

function makeLocale(cookies: LocaleInput['cookies'] = {}) {
  const written = { language: [] as string[], domain: [] as (string | null)[] };
  const actor = createActor(
    localeMachine.provide({
      actions: {
        persistLanguage: (_, p: { language: string }) => void written.language.push(p.language),
        persistDomain: (_, p: { domain: string | null }) => void written.domain.push(p.domain),
      },
    }),
    { input: { cookies } },
  );
  const reported: LocaleEmitted[] = [];
  actor.on('*', (e) => reported.push(e));
  actor.start();
  return { actor, written, reported };
}

describe('locale machine', () => {
  it('starts from the cookies, else English and Estonia', () => {
    expect(makeLocale({ language: 'rus', domain: 'lt' }).actor.getSnapshot().context).toMatchObject({
      language: 'ru',
      domain: 'LT',
    });
    expect(makeLocale({ domain: 'xx' }).actor.getSnapshot().context).toMatchObject({ language: 'en', domain: 'EE' });
  });

  it("takes a route's language and domain, keeps only the domain in its cookie, and reports both", () => {
    const { actor, written, reported } = makeLocale({ language: 'est' });
    actor.send({
      type: 'session.routeChanged',
      routeId: '/dashboard/$domain/$language/$modalName',
      params: { domain: 'lv', language: 'lav', modalName: 'x', empty: undefined },
    });
    expect(reported.at(-1)).toEqual({ type: 'locale.resolved', language: 'lv', domain: 'LV' });
    expect(written).toEqual({ language: [], domain: ['LV'] });
    expect(actor.getSnapshot().context.params).toEqual({ domain: 'lv', language: 'lav', modalName: 'x' });
    // a route that names neither: the person's own language (the cookie) and the kept domain
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', params: {} });
    expect(reported.at(-1)).toEqual({ type: 'locale.resolved', language: 'et', domain: 'LV' });
    expect(written.domain.at(-1)).toBe(null);
  });

  it('writes a chosen language to its cookie and reports it; later routes without one keep it', () => {
    const { actor, written, reported } = makeLocale({ language: 'est', domain: 'EE' });
    actor.send({ type: 'session.languageChange', language: 'lt' });
    expect(reported).toEqual([{ type: 'locale.chosen', language: 'lt' }]);
    expect(written.language).toEqual(['lt']);
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', params: {} });
    expect(reported.at(-1)).toEqual({ type: 'locale.resolved', language: 'lt', domain: 'EE' });
  });

  it('fails loudly when a cookie write is not provided', () => {
    const actor = createActor(localeMachine, { input: { cookies: {} } });
    let error: unknown;
    actor.subscribe({ error: (e) => (error = e) });
    actor.start();
    actor.send({ type: 'session.languageChange', language: 'ru' });
    expect(String(error)).toContain('persistLanguage not provided');
  });
});
