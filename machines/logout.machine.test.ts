import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { logoutMachine, type LogoutEmitted } from './logout.machine';

const START = { type: 'logout.start', locale: 'et_EE', ossLogoutUrl: '/apps/oss/logout' } as const;

function makeLogout(opts: { signout?: () => Promise<string>; oss?: () => Promise<void> } = {}) {
  const calls = { resetSessionStorage: 0, redirect: [] as string[], ossLogout: [] as string[], locale: [] as string[] };
  const machine = logoutMachine.provide({
    actors: {
      singleSignout: fromPromise<string, { locale: string }>(({ input }) => {
        calls.locale.push(input.locale);
        return opts.signout ? opts.signout() : Promise.resolve('/cas/logout?service=x');
      }),
      fetchOssLogout: fromPromise<void, { url: string }>(({ input }) => {
        calls.ossLogout.push(input.url);
        return opts.oss ? opts.oss() : Promise.resolve();
      }),
    },
    actions: {
      resetSessionStorage: () => void calls.resetSessionStorage++,
      redirect: (_, p: { url: string }) => void calls.redirect.push(p.url),
    },
  });
  const actor = createActor(machine);
  const reported: LogoutEmitted['type'][] = [];
  actor.on('*', (e) => reported.push(e.type));
  actor.start();
  return { actor, calls, reported };
}

describe('logout machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for Log out, then resets session storage, signs out, GETs the OSS logout URL and redirects', async () => {
    const { actor, calls, reported } = makeLogout();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls.resetSessionStorage).toBe(0);
    actor.send(START);
    expect(calls.resetSessionStorage).toBe(1);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toMatchObject({ locale: ['et_EE'], ossLogout: ['/apps/oss/logout'] });
    expect(calls.redirect).toEqual(['/cas/logout?service=x']);
    expect(reported).toEqual(['logout.done']);
  });

  it('makes no OSS request when the person has no OSS logout address', async () => {
    const { actor, calls } = makeLogout();
    actor.send({ ...START, ossLogoutUrl: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.ossLogout).toEqual([]);
    expect(calls.redirect).toEqual(['/cas/logout?service=x']);
  });

  it('redirects only once the OSS GET is over, and after OSS_LOGOUT_LIMIT at the latest', async () => {
    let finish: () => void = () => {};
    const answering = makeLogout({ oss: () => new Promise<void>((r) => (finish = r)) });
    answering.actor.send(START);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(answering.calls.redirect).toEqual([]);
    finish();
    await waitFor(answering.actor, (s) => s.status === 'done');
    expect(answering.calls.redirect).toEqual(['/cas/logout?service=x']);

    const dead = makeLogout({ oss: () => new Promise<void>(() => {}) });
    dead.actor.send(START);
    await vi.advanceTimersByTimeAsync(2_990);
    expect(dead.calls.redirect).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(dead.calls.redirect).toEqual(['/cas/logout?service=x']);
    expect(dead.reported).toEqual(['logout.done']);
  });

  it('reports a failed single sign-out without redirecting, and a second Log out tries again', async () => {
    let attempts = 0;
    const { actor, calls, reported } = makeLogout({
      signout: () => (++attempts === 1 ? Promise.reject(new Error('down')) : Promise.resolve('/cas/logout?service=y')),
    });
    actor.send(START);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(reported).toEqual(['logout.failed']);
    expect(calls.redirect).toEqual([]);
    actor.send(START);
    await waitFor(actor, (s) => s.status === 'done');
    expect(reported).toEqual(['logout.failed', 'logout.done']);
    expect(calls.redirect).toEqual(['/cas/logout?service=y']);
  });

  it('sends what it reports to its parent', async () => {
    const heard: string[] = [];
    const parent = createMachine({
      invoke: { id: 'logout', src: makeLogoutLogic() },
      on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
    });
    const actor = createActor(parent).start();
    actor.getSnapshot().children.logout?.send({ ...START, ossLogoutUrl: null });
    await vi.runAllTimersAsync();
    expect(heard).toContain('logout.done');
  });

  it('fails loudly when an effect is not provided', async () => {
    const actor = createActor(logoutMachine.provide({ actions: { resetSessionStorage: () => {} } }));
    const reported: string[] = [];
    actor.on('*', (e) => reported.push(e.type));
    actor.start();
    actor.send(START);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(reported).toEqual(['logout.failed']);
  });
});

function makeLogoutLogic() {
  return logoutMachine.provide({
    actors: { singleSignout: fromPromise<string, { locale: string }>(() => Promise.resolve('/cas/logout')) },
    actions: { resetSessionStorage: () => {}, redirect: () => {} },
  });
}
