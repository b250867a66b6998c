import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { sessionMachine } from './session.machine';
import { localeMachine } from './locale.machine';
import { logoutMachine, type LogoutLogic } from './logout.machine';
import { SYSTEM_ID } from '../domain/system-ids';
import { signedInContext, signedOutContext } from '../tests/support/fixtures/contexts';
import type { Language, SimpleUserContext, UserContext } from '../domain/contract';
import type { RouteFacts } from '../domain/navigation/rules';

/** what the routes these tests enter declare (their staticData in src/routes/) */
const facts = (routeId: string): RouteFacts =>
  routeId === '/'
    ? { component: 'index', access: 'public' }
    : routeId.startsWith('/user-add/edit/')
      ? { component: 'user-add-edit', access: 'public', simpleContext: true }
      : { component: 'epit-dashboard', access: 'protected' };

/** The locale with cookie writes that do nothing (the tests that do not look at the cookies). */
const quietLocale = localeMachine.provide({ actions: { persistLanguage: () => {}, persistDomain: () => {} } });
/** The logout the session spawned, while it is logging out (null before, and after it failed). */
const logoutOf = (actor: ActorRefFrom<typeof sessionMachine>) => actor.getSnapshot().context.logout;
/** The session's loader of the logout's chunk, here at once with the given logic. */
const loaded = (logic: LogoutLogic) => fromPromise<LogoutLogic, void>(() => Promise.resolve(logic));

function makeSession(
  opts: {
    context?: UserContext;
    fail?: Error;
    signout?: () => Promise<string>;
    cookies?: { language?: string; domain?: string };
    /** the sign-on service's answer to the ticket check */
    ticket?: boolean;
  } = {},
) {
  const calls = {
    loadUserContext: 0,
    loadSimpleContext: 0,
    postLanguage: [] as string[],
    persistLanguage: [] as string[],
    persistDomain: [] as (string | null)[],
    resetSessionStorage: 0,
    redirect: [] as string[],
    ossLogout: [] as string[],
    checkTicket: 0,
  };
  const machine = sessionMachine.provide({
    actors: {
      loadUserContext: fromPromise(() => {
        calls.loadUserContext++;
        return opts.fail ? Promise.reject(opts.fail) : Promise.resolve(opts.context ?? signedInContext);
      }),
      loadSimpleContext: fromPromise<SimpleUserContext, void>(() => {
        calls.loadSimpleContext++;
        return Promise.resolve({ uiLanguages: [] });
      }),
      postLanguage: fromPromise<void, { language: Language }>(({ input }) => {
        calls.postLanguage.push(input.language);
        return Promise.resolve();
      }),
      locale: localeMachine.provide({
        actions: {
          persistLanguage: (_, p: { language: string }) => void calls.persistLanguage.push(p.language),
          persistDomain: (_, p: { domain: string | null }) => void calls.persistDomain.push(p.domain),
        },
      }),
      checkTicket: fromPromise<boolean, void>(() => {
        calls.checkTicket++;
        return Promise.resolve(opts.ticket ?? false);
      }),
      loadLogout: loaded(
        logoutMachine.provide({
          actors: {
            singleSignout: fromPromise(() =>
              opts.signout ? opts.signout() : Promise.resolve('/cas/logout?service=x'),
            ),
            fetchOssLogout: fromPromise(({ input }: { input: { url: string } }) => {
              calls.ossLogout.push(input.url);
              return Promise.resolve();
            }),
          },
          actions: {
            resetSessionStorage: () => void calls.resetSessionStorage++,
            redirect: (_, p: { url: string }) => void calls.redirect.push(p.url),
          },
        }),
      ),
    },
  });
  const actor = createActor(machine, { input: { cookies: opts.cookies ?? {} } });
  const emitted: { type: string }[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, calls, emitted };
}

describe('session machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads nothing until the first route change, then the full context; a principal means signed in', async () => {
    const { actor, calls } = makeSession();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls.loadUserContext).toBe(0);
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard'), params: {} });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('settled'));
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.userContext?.epitPrincipal?.representative.firstName).toBe('Mari');
    actor.send({
      type: 'session.routeChanged',
      routeId: '/user-settings/edit/',
      route: facts('/user-settings/edit/'),
      params: {},
    });
    expect(calls.loadUserContext).toBe(1);
  });

  it('is signed out when the context has no principal, and when the API answers 401', async () => {
    const a = makeSession({ context: signedOutContext });
    a.actor.send({ type: 'session.routeChanged', routeId: '/', route: facts('/') });
    await waitFor(a.actor, (s) => s.hasTag('settled'));
    expect(a.actor.getSnapshot().matches('signedOut')).toBe(true);

    const b = makeSession({ fail: Object.assign(new Error('no session'), { status: 401 }) });
    b.actor.send({ type: 'session.routeChanged', routeId: '/', route: facts('/') });
    await waitFor(b.actor, (s) => s.hasTag('settled'));
    expect(b.actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('ends in contextFailed on a server error and retries on the next route change', async () => {
    const { actor, calls } = makeSession({ fail: Object.assign(new Error('boom'), { status: 500 }) });
    actor.send({ type: 'session.routeChanged', routeId: '/', route: facts('/') });
    await waitFor(actor, (s) => s.hasTag('settled'));
    expect(actor.getSnapshot().matches('contextFailed')).toBe(true);
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.hasTag('settled'));
    expect(calls.loadUserContext).toBe(2);
  });

  it('loads only the simple context for user-add-edit, and the full one when leaving it', async () => {
    const { actor, calls } = makeSession();
    actor.send({
      type: 'session.routeChanged',
      routeId: '/user-add/edit/$key',
      route: facts('/user-add/edit/$key'),
      params: { key: 'abc' },
    });
    await waitFor(actor, (s) => s.hasTag('settled'));
    expect(actor.getSnapshot().matches('simpleContext')).toBe(true);
    expect(calls).toMatchObject({ loadSimpleContext: 1, loadUserContext: 0 });
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.hasTag('settled'));
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('takes language from the route param, then the cookie, then eng; domain from param, cookie, else EE', () => {
    const { actor } = makeSession({ cookies: { language: 'rus', domain: 'xx' } });
    expect(actor.getSnapshot().context).toMatchObject({ language: 'ru', domain: 'EE' });
    actor.send({
      type: 'session.routeChanged',
      routeId: '/dashboard/$domain/$language/$modalName',
      route: facts('/dashboard/$domain/$language/$modalName'),
      params: { domain: 'lv', language: 'lav', modalName: 'x' },
    });
    expect(actor.getSnapshot().context).toMatchObject({ language: 'lv', domain: 'LV' });
    const plain = makeSession();
    expect(plain.actor.getSnapshot().context).toMatchObject({ language: 'en', domain: 'EE' });
  });

  it('writes the language cookie always but posts changeLanguage only when signed in', async () => {
    const out = makeSession({ context: signedOutContext });
    out.actor.send({ type: 'session.routeChanged', routeId: '/', route: facts('/') });
    await waitFor(out.actor, (s) => s.hasTag('settled'));
    out.actor.send({ type: 'session.languageChange', language: 'lt' });
    expect(out.actor.getSnapshot().context.language).toBe('lt');
    expect(out.calls.persistLanguage).toEqual(['lt']);
    expect(out.calls.postLanguage).toEqual([]);

    const inn = makeSession();
    inn.actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(inn.actor, (s) => s.matches('signedIn'));
    inn.actor.send({ type: 'session.languageChange', language: 'ru' });
    await vi.runAllTimersAsync();
    expect(inn.calls.persistLanguage).toEqual(['ru']);
    expect(inn.calls.postLanguage).toEqual(['ru']);
    // the next route change without a language param keeps the chosen language (cookie updated)
    inn.actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    expect(inn.actor.getSnapshot().context.language).toBe('ru');
  });

  it('logs out: emits the event, resets session storage, signs out, redirects, and fetches the OSS logout URL', async () => {
    const { actor, calls, emitted } = makeSession({ cookies: { language: 'est', domain: 'EE' } });
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    expect(emitted.map((e) => e.type)).toContain('session.loggedOut');
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(calls.resetSessionStorage).toBe(1);
    expect(calls.redirect).toEqual(['/cas/logout?service=x']);
    expect(calls.ossLogout).toEqual(['/apps/oss/logout']);
    expect(actor.getSnapshot().context.userContext).toBeNull();
  });

  it("never fetches another application's logout URL as the OSS one (spec 1 §4 Logout)", async () => {
    const periodicalsOnly = {
      ...signedInContext,
      applications: [{ name: 'PERIODICALS', customParameters: { logoutUrl: '/apps/periodicals/logout' } }],
    };
    const { actor, calls } = makeSession({ context: periodicalsOnly, cookies: { language: 'est', domain: 'EE' } });
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(calls.redirect).toEqual(['/cas/logout?service=x']);
    expect(calls.ossLogout).toEqual([]);
  });

  it('redirects only after the OSS logout GET has finished (spec 1 §4 Logout)', async () => {
    let finishOss: () => void = () => {};
    const redirects: string[] = [];
    const machine = sessionMachine.provide({
      actors: {
        loadUserContext: fromPromise(() => Promise.resolve(signedInContext)),
        locale: quietLocale,
        loadLogout: loaded(
          logoutMachine.provide({
            actors: {
              singleSignout: fromPromise<string, { locale: string }>(() => Promise.resolve('/cas/logout?service=y')),
              fetchOssLogout: fromPromise<void, { url: string }>(() => new Promise<void>((r) => (finishOss = r))),
            },
            actions: { resetSessionStorage: () => {}, redirect: (_, p: { url: string }) => void redirects.push(p.url) },
          }),
        ),
      },
    });
    const actor = createActor(machine, { input: { cookies: {} } }).start();
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches({ loggingOut: 'running' }));
    await waitFor(logoutOf(actor)!, (s) => s.matches({ loggingOut: { signout: 'answered' } }));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(redirects).toEqual([]);
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    finishOss();
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(redirects).toEqual(['/cas/logout?service=y']);
  });

  it('redirects after 3000 ms when the OSS logout GET never answers', async () => {
    const redirects: string[] = [];
    const machine = sessionMachine.provide({
      actors: {
        loadUserContext: fromPromise(() => Promise.resolve(signedInContext)),
        locale: quietLocale,
        loadLogout: loaded(
          logoutMachine.provide({
            actors: {
              singleSignout: fromPromise<string, { locale: string }>(() => Promise.resolve('/cas/logout?service=z')),
              fetchOssLogout: fromPromise<void, { url: string }>(() => new Promise<void>(() => {})),
            },
            actions: { resetSessionStorage: () => {}, redirect: (_, p: { url: string }) => void redirects.push(p.url) },
          }),
        ),
      },
    });
    const actor = createActor(machine, { input: { cookies: {} } }).start();
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches({ loggingOut: 'running' }));
    await waitFor(logoutOf(actor)!, (s) => s.matches({ loggingOut: { signout: 'answered' } }));
    await vi.advanceTimersByTimeAsync(2_990);
    expect(redirects).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(redirects).toEqual(['/cas/logout?service=z']);
  });

  it('passes the locale {lang}_{domain} to single sign-out and warns with error.server when it fails', async () => {
    let locale = '';
    const machine = sessionMachine.provide({
      actors: {
        loadUserContext: fromPromise(() => Promise.resolve(signedInContext)),
        locale: quietLocale,
        loadLogout: loaded(
          logoutMachine.provide({
            actors: {
              singleSignout: fromPromise<string, { locale: string }>(({ input }) => {
                locale = input.locale;
                return Promise.reject(new Error('down'));
              }),
              fetchOssLogout: fromPromise<void, { url: string }>(() => Promise.resolve()),
            },
            actions: { resetSessionStorage: () => {}, redirect: () => {} },
          }),
        ),
      },
    });
    const actor = createActor(machine, { input: { cookies: { language: 'lit', domain: 'LT' } } });
    const toasts: unknown[] = [];
    actor.on('toast.show', (e) => toasts.push(e.toast));
    actor.start();
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(locale).toBe('lt_LT');
    expect(toasts).toEqual([{ toastType: 'warning', messageKey: 'error.server' }]);
  });

  it('loads the logout at Log out; when its code cannot load, or single sign-out fails, a later click tries again', async () => {
    const signouts: string[] = [];
    const answers = [Promise.reject(new Error('down')), Promise.resolve('/cas/logout?service=w')];
    const logout = logoutMachine.provide({
      actors: {
        singleSignout: fromPromise<string, { locale: string }>(({ input }) => {
          signouts.push(input.locale);
          return answers.shift()!;
        }),
        fetchOssLogout: fromPromise<void, { url: string }>(() => Promise.resolve()),
      },
      actions: { resetSessionStorage: () => {}, redirect: () => {} },
    });
    let loads = 0;
    const machine = sessionMachine.provide({
      actors: {
        loadUserContext: fromPromise(() => Promise.resolve(signedInContext)),
        locale: quietLocale,
        // the first import fails (the chunk did not arrive), the next ones give the logout
        loadLogout: fromPromise<LogoutLogic, void>(() =>
          ++loads === 1 ? Promise.reject(new Error('chunk')) : Promise.resolve(logout),
        ),
      },
    });
    const actor = createActor(machine, { input: { cookies: {} } });
    const toasts: unknown[] = [];
    actor.on('toast.show', (e) => toasts.push(e.toast));
    actor.start();
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    // nothing of the logout before the person clicks Log out
    expect(loads).toBe(0);
    expect(logoutOf(actor)).toBeNull();
    const logOut = async () => {
      actor.send({ type: 'session.logout' });
      await waitFor(actor, (s) => !s.matches('loggingOut'));
    };
    await logOut(); // the chunk does not load
    expect(signouts).toEqual([]);
    await logOut(); // single sign-out fails
    expect(toasts).toEqual([
      { toastType: 'warning', messageKey: 'error.server' },
      { toastType: 'warning', messageKey: 'error.server' },
    ]);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    // the failed logout is stopped: nothing runs under its systemId until the next click
    expect(logoutOf(actor)).toBeNull();
    expect(actor.system.get(SYSTEM_ID.logout)).toBeUndefined();
    await logOut();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(loads).toBe(3);
    expect(signouts).toEqual(['en_EE', 'en_EE']);
  });

  it('takes a replaced context (changeRepresented, dead-application poll) and re-derives signed in/out', async () => {
    const { actor } = makeSession();
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.contextReplaced', userContext: signedOutContext });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('throws loudly when an effect is not provided', async () => {
    // only the context loader is missing here (the route's cookie effect is given, it runs first)
    const actor = createActor(sessionMachine.provide({ actors: { locale: quietLocale } }), {
      input: { cookies: {} },
    });
    actor.subscribe({ error: () => {} });
    actor.start();
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard') });
    await waitFor(actor, (s) => s.hasTag('settled'));
    expect(actor.getSnapshot().context.error?.message).toContain('loadUserContext not provided');
  });

  it('keeps a domain named by the route in EPIT-DOMAIN, and later routes resolve to it; a route language is not kept', async () => {
    const { actor, calls } = makeSession({ cookies: { language: 'est' } });
    actor.send({
      type: 'session.routeChanged',
      routeId: '/dashboard/$domain/$language/$modalName',
      route: facts('/dashboard/$domain/$language/$modalName'),
      params: { domain: 'lv', language: 'lv', modalName: 'x' },
    });
    await waitFor(actor, (s) => s.hasTag('settled'));
    expect(calls.persistDomain.at(-1)).toBe('LV');
    expect(actor.getSnapshot().context.language).toBe('lv');
    actor.send({ type: 'session.routeChanged', routeId: '/dashboard', route: facts('/dashboard'), params: {} });
    expect(actor.getSnapshot().context.domain).toBe('LV');
    // the person's own language (the cookie) applies again where the route names none
    expect(actor.getSnapshot().context.language).toBe('et');
    expect(calls.persistLanguage).toEqual([]);
    // a domain that is not EE, LV or LT: nothing is written, and it resolves to EE
    actor.send({
      type: 'session.routeChanged',
      routeId: '/dashboard/$domain/$language/$modalName',
      route: facts('/dashboard/$domain/$language/$modalName'),
      params: { domain: 'xx', modalName: 'x' },
    });
    expect(calls.persistDomain.at(-1)).toBe(null);
    expect(actor.getSnapshot().context.domain).toBe('EE');
  });
});
