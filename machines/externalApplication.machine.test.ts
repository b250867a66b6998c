import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { applicationFrameMachine } from './applicationFrame.machine';
import {
  externalApplicationMachine,
  isApplicationLoading,
  pageFrameOf,
  type ExternalApplicationEmitted,
  type ExternalApplicationInput,
} from './externalApplication.machine';
import { financeCheckMachine, type FinanceStatus } from './financeCheck.machine';
import { FRAME_LOAD_TIMEOUT_MS } from './frameLoad.machine';
import type { RolesAndPackets, UserContext } from '../domain/contract';
import {
  OSS_BASE,
  PERIODICALS_BASE,
  mariAtMaasikas,
  mariAtPoldmari,
  mariWithNobody,
  ossRoles,
  periodicalsRoles,
  withProfileCode,
} from '../tests/support/fixtures/external';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const maasikas = withProfileCode(mariAtMaasikas(), 'NEW');

const base: ExternalApplicationInput = {
  service: 'OSS',
  wrapper: 'oss-wrapper',
  language: 'en',
  userContext: maasikas,
  domain: 'EE',
  clock: { now: () => NOW },
};

/** The page with its real application child; the requests are fakes. */
function provided(fakes: { finance?: FinanceStatus }, calls = { roles: [] as string[], aborted: [] as string[] }) {
  return externalApplicationMachine.provide({
    actors: {
      applicationFrame: applicationFrameMachine.provide({
        actors: {
          loadRoleData: fromPromise<RolesAndPackets, { application: string }>(async ({ input: i, signal }) => {
            calls.roles.push(i.application);
            signal.addEventListener('abort', () => calls.aborted.push(i.application));
            await Promise.resolve();
            return i.application === 'OSS' ? ossRoles : periodicalsRoles;
          }),
          financeCheck: financeCheckMachine.provide({
            actors: {
              checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(async () => {
                await Promise.resolve();
                return fakes.finance ?? { status: null };
              }),
            },
          }),
        },
      }),
    },
  });
}

/** The page on its own; time is the input's clock. */
function start(input: Partial<ExternalApplicationInput> = {}, fakes: { finance?: FinanceStatus } = {}) {
  let now = NOW;
  const calls = { roles: [] as string[], aborted: [] as string[] };
  const machine = provided(fakes, calls);
  const actor = createActor(machine, {
    input: { ...base, clock: { now: () => now }, ...input },
  });
  const emitted: ExternalApplicationEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const frame = () => actor.getSnapshot().children.applicationFrame?.getSnapshot();
  return {
    actor,
    emitted,
    roleCalls: calls.roles,
    aborted: calls.aborted,
    frame,
    /** the frame's address, while the application is shown */
    src: () => {
      const f = frame();
      return f?.hasTag('frame') ? f.context.frameUrl : null;
    },
    settle: () => vi.advanceTimersByTimeAsync(0),
    later: (ms: number) => void (now += ms),
    /** the session's change of the represented party, as the pages machine hands it over */
    represent: async (userContext: UserContext) => {
      actor.send({ type: 'REPRESENTEE-CHANGE', cause: 'RC', userContext });
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

const navigations = (emitted: ExternalApplicationEmitted[]) =>
  emitted.flatMap((e) => (e.type === 'navigation.requested' ? [e.target] : []));

describe('externalApplication machine (spec 1 §4 external application flow)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('mari opens shipment registration for Maasikas OÜ: loading, roles, the OSS login frame, ready', async () => {
    const t = start();
    expect(isApplicationLoading(t.frame()!)).toBe(true);
    expect(t.src()).toBeNull();
    await t.settle();
    expect(t.roleCalls).toEqual(['OSS']);
    expect(t.src()).toBe(`${OSS_BASE}login?guid=EPEE11000015&lang=en&timestamp=${NOW}`);
    expect(t.frame()!.context.roleName).toBe('Shipment administrator');
    // the page hands the frame's events to the application: its load alone is not enough, ready is
    t.actor.send({ type: 'frame.loaded' });
    expect(t.frame()!.hasTag('frameLoading')).toBe(true);
    t.actor.send({ type: 'frame.ready' });
    expect(t.frame()!.matches({ showing: 'frameReady' })).toBe(true);
    expect(pageFrameOf(t.actor.getSnapshot())).toEqual({
      src: `${OSS_BASE}login?guid=EPEE11000015&lang=en&timestamp=${NOW}`,
      n: 1,
      ready: true,
    });
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS * 2);
    expect(t.frame()!.context.messageKey).toBeNull();
  });

  it('a language change loads the application again at the clock’s time, without any navigation', async () => {
    const t = start({ service: 'PERIODICS', wrapper: 'external-service' });
    await t.settle();
    t.later(60_000);
    t.actor.send({ type: 'external.languageChanged', language: 'et' });
    await t.settle();
    expect(t.roleCalls).toEqual(['PERIODICALS', 'PERIODICALS']);
    expect(t.src()).toBe(`${PERIODICALS_BASE}?guid=EPEE11000015&lang=et&timestamp=${NOW + 60_000}`);
    expect(t.frame()!.context.roleName).toBe('Perioodika haldur');
    expect(navigations(t.emitted)).toEqual([]);
  });

  it('the order system shown and ready stays where the person is over a reload; after maintenance it loads afresh', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'frame.ready' });
    // a language change: the same document (the order system hears the language over the channel)
    t.actor.send({ type: 'external.languageChanged', language: 'et' });
    await t.settle();
    expect(t.frame()!.matches({ showing: 'frameReady' })).toBe(true);
    // the dead-application poll: down (the frame goes for the message), then back
    await t.represent({ ...maasikas, deadApplications: ['OSS'] });
    expect(t.actor.getSnapshot().matches('maintenance')).toBe(true);
    await t.represent(maasikas);
    expect(t.frame()!.matches({ showing: 'frameLoading' })).toBe(true);
  });

  it('a representee change shows that customer with the role it has there', async () => {
    const t = start();
    await t.settle();
    await t.represent(withProfileCode(mariAtPoldmari(), 'NEW'));
    expect(t.roleCalls).toEqual(['OSS', 'OSS']);
    expect(t.src()).toContain('guid=EPEE11000026');
    expect(t.frame()!.context.roleName).toBe('Shipment registrar');
  });

  it('nobody chosen: select.represented; choosing Maasikas OÜ shows the frame', async () => {
    const t = start({ userContext: mariWithNobody() });
    await t.settle();
    expect(t.frame()!.context.messageKey).toBe('select.represented');
    expect(t.src()).toBeNull();
    await t.represent(maasikas);
    expect(t.src()).toContain('guid=EPEE11000015');
    expect(t.frame()!.context.messageKey).toBeNull();
  });

  it("OSS is hidden for the party's profile code OLD, and a party without one counts as OLD", async () => {
    const old = start({ userContext: withProfileCode(mariAtMaasikas(), 'OLD') });
    const unknown = start({ userContext: mariAtMaasikas() });
    await old.settle();
    expect(old.frame()!.context.messageKey).toBe('illegal.represented');
    expect(unknown.frame()!.context.messageKey).toBe('illegal.represented');
  });

  it('a route change while the roles load cancels that load', async () => {
    const t = start();
    t.actor.send({ type: 'external.routeChanged', service: 'PERIODICS', wrapper: 'external-service', hash: '' });
    await t.settle();
    expect(t.aborted).toEqual(['OSS']);
    expect(t.src()).toBe(`${PERIODICALS_BASE}?guid=EPEE11000015&lang=en&timestamp=${NOW}`);
  });

  it('the order system on the generic page goes to its wrapper, replacing the page; PERIODICS stays', async () => {
    const oss = start({ service: 'LOGISTICS', wrapper: 'external-service' });
    await oss.settle();
    expect(navigations(oss.emitted)).toEqual([{ kind: 'path', path: '/oss-wrapper', replace: true, keepHash: true }]);
    expect(oss.roleCalls).toEqual([]);
    expect(isApplicationLoading(oss.actor.getSnapshot())).toBe(true);
    const periodicals = start({ service: 'PERIODICS', wrapper: 'external-service' });
    await periodicals.settle();
    expect(navigations(periodicals.emitted)).toEqual([]);
  });

  it("a service the person has no application for: home with 'No rights to access component'", () => {
    const t = start({ service: 'PARCELS', wrapper: 'external-service' });
    expect(t.emitted).toEqual([
      { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.noRights' } },
      { type: 'navigation.requested', target: { kind: 'home' } },
    ]);
    expect(t.actor.getSnapshot().children.applicationFrame).toBeUndefined();
  });

  it('a dead application shows the maintenance message; a new context alone waits for REPRESENTEE-CHANGE', async () => {
    const t = start({ userContext: { ...maasikas, deadApplications: ['OSS'] } });
    await t.settle();
    expect(t.actor.getSnapshot().context.messageKey).toBe('error.maintenance.description');
    expect(t.roleCalls).toEqual([]); // its roles cannot load while it is dead
    t.actor.send({ type: 'external.contextChanged', userContext: maasikas });
    expect(t.actor.getSnapshot().matches('maintenance')).toBe(true);
    t.actor.send({ type: 'REPRESENTEE-CHANGE', cause: 'SC' });
    await t.settle();
    expect(t.src()).toContain(`${OSS_BASE}login?`);
    expect(navigations(t.emitted)).toEqual([]);
  });

  it("what the application reports reaches the page's parent (the pages machine): invoicing's recovery page", async () => {
    const heard: ExternalApplicationEmitted[] = [];
    const pages = createMachine({
      invoke: {
        src: provided({ finance: { status: 'UNAVAILABLE' } }),
        input: { ...base, service: 'FINANCE', wrapper: 'external-service' },
      },
      on: { 'navigation.requested': { actions: ({ event }) => void heard.push(event as ExternalApplicationEmitted) } },
    });
    createActor(pages).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([
      {
        type: 'navigation.requested',
        target: { kind: 'path', path: '/finance/error/unavailable?refresh=auto', replace: true },
      },
    ]);
  });

  it('a frame load error: the server error after FRAME_LOAD_TIMEOUT; Try again loads it afresh, with a new watch', async () => {
    const t = start();
    await t.settle();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(t.frame()!.context.messageKey).toBe('error.server');
    expect(t.emitted).toContainEqual({
      type: 'warning',
      code: 'externalApplication.frameLoadFailed',
      detail: { application: 'OSS', documentLoaded: false },
    });
    t.later(60_000);
    t.actor.send({ type: 'frame.retry' });
    expect(isApplicationLoading(t.frame()!)).toBe(true);
    await t.settle();
    expect(t.roleCalls).toEqual(['OSS', 'OSS']);
    expect(t.src()).toBe(`${OSS_BASE}login?guid=EPEE11000015&lang=en&timestamp=${NOW + 60_000}`);
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1);
    t.actor.send({ type: 'frame.ready' });
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(t.frame()!.matches({ showing: 'frameReady' })).toBe(true);
  });

  it('a language change while the frame loads starts the load timeout again', async () => {
    const t = start({ service: 'PERIODICS', wrapper: 'external-service' });
    await t.settle();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1_000);
    t.actor.send({ type: 'external.languageChanged', language: 'et' });
    await t.settle();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1_000);
    expect(t.frame()!.context.messageKey).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.frame()!.context.messageKey).toBe('error.server');
  });

  describe('the frame element and the OSS hash sync (spec 1 §4)', () => {
    const notifications = (emitted: ExternalApplicationEmitted[]) => emitted.filter((e) => e.type === 'channel.notify');
    const ready = async (input: Partial<ExternalApplicationInput> = {}) => {
      const t = start(input);
      await t.settle();
      t.actor.send({ type: 'frame.ready' });
      return t;
    };

    it('the order system opens where the portal points; a language change keeps the frame and tells it', async () => {
      const t = await ready({ menuPath: '/shipments/42' });
      const first = pageFrameOf(t.actor.getSnapshot());
      expect(first?.src).toBe(`${OSS_BASE}login?guid=EPEE11000015&lang=en&menuPath=%2Fshipments%2F42&timestamp=${NOW}`);
      expect(notifications(t.emitted)).toEqual([]);
      t.actor.send({ type: 'external.languageChanged', language: 'et' });
      await t.settle();
      expect(pageFrameOf(t.actor.getSnapshot())).toEqual(first);
      expect(t.frame()!.matches({ showing: 'frameReady' })).toBe(true);
      expect(notifications(t.emitted)).toEqual([
        {
          type: 'channel.notify',
          method: 'ossUpdateInitialData',
          params: { customerId: 'EPEE11000015', language: 'ET', domain: 'EE', urlHash: '/shipments/42' },
        },
      ]);
    });

    it('another party mounts a new frame at the start of the order system; a message drops it', async () => {
      const t = await ready({ menuPath: '/shipments/42' });
      await t.represent(withProfileCode(mariAtPoldmari(), 'NEW'));
      const next = pageFrameOf(t.actor.getSnapshot());
      expect(next).toEqual({
        src: `${OSS_BASE}login?guid=EPEE11000026&lang=en&timestamp=${NOW}`,
        n: 2,
        ready: false,
      });
      expect(notifications(t.emitted)).toEqual([]);
      await t.represent(mariWithNobody());
      expect(pageFrameOf(t.actor.getSnapshot())).toBeNull();
    });

    it("the order system's moves replace the portal's hash; Back and Forward move the order system", async () => {
      const t = await ready();
      t.actor.send({ type: 'frame.notification', method: 'ossChangeUrlHash', params: { changeHash: '#/shipments/7' } });
      expect(navigations(t.emitted)).toEqual([{ kind: 'hash', hash: '/shipments/7' }]);
      // the router's own resolution of that hash goes back to no one
      t.actor.send({ type: 'external.routeChanged', service: 'OSS', wrapper: 'oss-wrapper', hash: '/shipments/7' });
      // the same place again, a malformed notification: nothing
      t.actor.send({ type: 'frame.notification', method: 'ossChangeUrlHash', params: { changeHash: '/shipments/7' } });
      t.actor.send({ type: 'frame.notification', method: 'ossChangeUrlHash', params: { hash: 1 } });
      expect(navigations(t.emitted)).toHaveLength(1);
      expect(notifications(t.emitted)).toEqual([]);
      // Back: the portal's address names the start again
      t.actor.send({ type: 'external.routeChanged', service: 'OSS', wrapper: 'oss-wrapper', hash: '' });
      expect(notifications(t.emitted)).toEqual([
        {
          type: 'channel.notify',
          method: 'ossUpdateInitialData',
          params: { customerId: 'EPEE11000015', language: 'EN', domain: 'EE', urlHash: '' },
        },
      ]);
      expect(t.roleCalls).toEqual(['OSS']);
    });

    it('another application page loads afresh; the generic page ignores hashes', async () => {
      const t = await ready({ service: 'PERIODICS', wrapper: 'external-service' });
      t.actor.send({ type: 'frame.notification', method: 'ossChangeUrlHash', params: { changeHash: '/x' } });
      t.actor.send({ type: 'external.routeChanged', service: 'PERIODICS', wrapper: 'external-service', hash: 'x' });
      expect(t.emitted.filter((e) => e.type === 'navigation.requested' || e.type === 'channel.notify')).toEqual([]);
      expect(t.roleCalls).toEqual(['PERIODICALS']);
    });
  });
});
