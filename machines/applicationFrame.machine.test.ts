import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  ROLE_RETRY,
  applicationFrameMachine,
  type ApplicationFrameEmitted,
  type ApplicationFrameInput,
} from './applicationFrame.machine';
import { financeCheckMachine, type FinanceStatus } from './financeCheck.machine';
import { FRAME_LOAD_TIMEOUT_MS } from './frameLoad.machine';
import type { RolesAndPackets } from '../domain/contract';
import {
  ANNA_ID,
  FINANCE_BASE,
  OSS_BASE,
  annaContext,
  ligaAtBerzi,
  mariAtMaasikas,
  mariAtVanaKaup,
  ossRoles,
} from '../tests/support/fixtures/external';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const oss: ApplicationFrameInput = {
  application: 'OSS',
  wrapper: 'oss-wrapper',
  menuPath: null,
  userContext: mariAtMaasikas(),
  language: 'en',
  profileCode: 'NEW',
  requestedAt: NOW,
  mounted: null,
};
const finance: ApplicationFrameInput = { ...oss, application: 'FINANCE', wrapper: 'external-service' };

/** One load of the application, with fake requests. */
function open(input: Partial<ApplicationFrameInput>, fakes: { roles?: Error; finance?: FinanceStatus | Error } = {}) {
  const calls = { roles: [] as string[], finance: [] as string[] };
  const machine = applicationFrameMachine.provide({
    actors: {
      loadRoleData: fromPromise<RolesAndPackets, { application: string }>(async ({ input: i }) => {
        calls.roles.push(i.application);
        await Promise.resolve();
        if (fakes.roles) throw fakes.roles;
        return ossRoles;
      }),
      financeCheck: financeCheckMachine.provide({
        actors: {
          checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(async ({ input: i }) => {
            calls.finance.push(i.customerId);
            await Promise.resolve();
            if (fakes.finance instanceof Error) throw fakes.finance;
            return fakes.finance ?? { status: null };
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { ...oss, ...input } });
  const emitted: ApplicationFrameEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return {
    actor,
    emitted,
    calls,
    settle: () => vi.advanceTimersByTimeAsync(0),
    context: () => actor.getSnapshot().context,
  };
}

describe('applicationFrame machine (spec 1 §4 external application flow)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a party whose role ended: illegal.represented, the representee panel, and no frame to keep', async () => {
    const t = open({ userContext: mariAtVanaKaup() });
    await t.settle();
    expect(t.context().messageKey).toBe('illegal.represented');
    // the page shows the representee panel while its flow is in representeeRequired
    expect(t.actor.getSnapshot().matches('representeeRequired')).toBe(true);
    expect(t.emitted).toEqual([{ type: 'frame.gone' }]);
  });

  it('a role loading failure is flagged and shows its message instead of the frame; the roles load again', async () => {
    const t = open({}, { roles: new Error('504') });
    await t.settle();
    expect(t.emitted).toContainEqual({ type: 'warning', code: 'roles.loadFailed', detail: { application: 'OSS' } });
    expect(t.context().messageKey).toBe('error.representation-failure');
    expect(t.actor.getSnapshot().hasTag('frame')).toBe(false);
    expect(t.calls.roles).toEqual(['OSS']);
    await vi.advanceTimersByTimeAsync(ROLE_RETRY - 1);
    expect(t.calls.roles).toEqual(['OSS']);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls.roles).toEqual(['OSS', 'OSS']);
  });

  it('once the roles load again the frame opens with the role name and the message goes', async () => {
    const fakes: { roles?: Error } = { roles: new Error('504') };
    const t = open({}, fakes);
    await t.settle();
    delete fakes.roles;
    await vi.advanceTimersByTimeAsync(ROLE_RETRY);
    expect(t.actor.getSnapshot().hasTag('frame')).toBe(true);
    expect(t.context().messageKey).toBeNull();
    expect(t.context().roleName).toBe('Shipment administrator');
  });

  it('anna (NO_REPRESENTEE) opens the order system for herself: isPerson=1; a menu path goes along', async () => {
    const t = open({ userContext: annaContext(), menuPath: '/shipments/42' });
    await t.settle();
    expect(t.context().frameUrl).toBe(
      `${OSS_BASE}login?guid=${ANNA_ID}&isPerson=1&lang=en&menuPath=%2Fshipments%2F42&timestamp=${NOW}`,
    );
  });

  it('a context without the application address only logs it and keeps the loading message', async () => {
    const ctx = mariAtMaasikas();
    const t = open({
      userContext: {
        ...ctx,
        applications: ctx.applications.map((a) => ({ ...a, customParameters: {} })),
        externalApps: ctx.externalApps.map((e) => ({ ...e, customParameters: { application: 'OSS' } })),
      },
    });
    await t.settle();
    expect(t.emitted).toEqual([
      { type: 'warning', code: 'externalApplication.applicationDataMissing', detail: { application: 'OSS' } },
    ]);
    expect(t.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(t.context().frameUrl).toBeNull();
  });

  it('not ready within FRAME_LOAD_TIMEOUT: the server error, logged with how far the frame got; late ready changes nothing', async () => {
    const t = open({});
    await t.settle();
    t.actor.send({ type: 'frame.loaded' });
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(t.context().messageKey).toBe('error.server');
    expect(t.actor.getSnapshot().hasTag('frame')).toBe(false);
    expect(t.emitted.slice(-2)).toEqual([
      {
        type: 'warning',
        code: 'externalApplication.frameLoadFailed',
        detail: { application: 'OSS', documentLoaded: true },
      },
      { type: 'frame.gone' },
    ]);
    t.actor.send({ type: 'frame.ready' });
    expect(t.actor.getSnapshot().matches('frameLoadFailed')).toBe(true);
  });

  it('the frame showing this document stays as it is; another party mounts a new one, at its start', async () => {
    const shown = `${OSS_BASE}login?guid=EPEE11000015&lang=en&menuPath=%2Fshipments&timestamp=1`;
    const same = open({ mounted: { src: shown, ready: true }, language: 'et', menuPath: '/shipments' });
    await same.settle();
    expect(same.actor.getSnapshot().matches({ showing: 'frameReady' })).toBe(true);
    expect(same.actor.getSnapshot().children.frameLoad).toBeUndefined();
    expect(same.emitted.filter((e) => e.type.startsWith('frame.'))).toEqual([{ type: 'frame.kept' }]);
    // still loading: the element stays and goes on loading
    const loading = open({ mounted: { src: shown, ready: false } });
    await loading.settle();
    expect(loading.actor.getSnapshot().matches({ showing: 'frameLoading' })).toBe(true);
    expect(loading.emitted.filter((e) => e.type.startsWith('frame.'))).toEqual([{ type: 'frame.kept' }]);
    const other = open({
      mounted: { src: `${OSS_BASE}login?guid=EPEE11000026&lang=en&timestamp=1`, ready: true },
      menuPath: '/shipments',
    });
    await other.settle();
    expect(other.actor.getSnapshot().matches({ showing: 'frameLoading' })).toBe(true);
    const src = `${OSS_BASE}login?guid=EPEE11000015&lang=en&timestamp=${NOW}`;
    expect(other.emitted.filter((e) => e.type.startsWith('frame.'))).toEqual([{ type: 'frame.mount', src }]);
    other.actor.send({ type: 'frame.ready' });
    expect(other.emitted.slice(-1)).toEqual([{ type: 'frame.shown' }]);
  });

  it('the first frame opens where the portal points (spec 1 §4 OSS hash sync)', async () => {
    const t = open({ menuPath: '/shipments/42' });
    await t.settle();
    const src = `${OSS_BASE}login?guid=EPEE11000015&lang=en&menuPath=%2Fshipments%2F42&timestamp=${NOW}`;
    expect(t.emitted.filter((e) => e.type === 'frame.mount')).toEqual([{ type: 'frame.mount', src }]);
  });

  describe('invoicing management (spec 1 §4 service recovery)', () => {
    it('liga sees the invoicing application after its finance check; no role data is loaded for it', async () => {
      const t = open({ ...finance, userContext: ligaAtBerzi(), language: 'lv' });
      await t.settle();
      expect(t.calls).toEqual({ roles: [], finance: ['LVLV40003012345'] });
      expect(t.context().frameUrl).toBe(`${FINANCE_BASE}?guid=LVLV40003012345&lang=lv&timestamp=${NOW}`);
      expect(t.actor.getSnapshot().hasTag('frame')).toBe(true);
    });

    it('no finance package: the message instead of the frame, no navigation', async () => {
      const t = open(finance, { finance: { status: 'CUSTOMER_NOT_FOUND' } });
      await t.settle();
      expect(t.context().messageKey).toBe('finance.noPackage');
      expect(t.actor.getSnapshot().hasTag('frame')).toBe(false);
      expect(t.emitted.filter((e) => e.type === 'navigation.requested')).toEqual([]);
    });

    it('unavailable: the self-refreshing recovery page; a failed check: the one asking for a refresh', async () => {
      const auto = open(finance, { finance: { status: 'UNAVAILABLE' } });
      const manual = open(finance, { finance: new Error('503') });
      await auto.settle();
      const target = (t: typeof auto) =>
        t.emitted.flatMap((e) => (e.type === 'navigation.requested' ? [e.target] : []));
      expect(target(auto)).toEqual([{ kind: 'path', path: '/finance/error/unavailable?refresh=auto', replace: true }]);
      expect(target(manual)).toEqual([
        { kind: 'path', path: '/finance/error/unavailable?refresh=manual', replace: true },
      ]);
      expect(auto.actor.getSnapshot().hasTag('loading')).toBe(true);
    });

    it('a private person is not a finance customer: illegal.represented, and no check', async () => {
      const ctx = mariAtMaasikas();
      const t = open({
        ...finance,
        userContext: {
          ...ctx,
          epitPrincipal: {
            ...ctx.epitPrincipal!,
            represented: { gid: 'EE48709050218', name: 'Mari Maasikas', isPerson: true, details: null },
          },
        },
      });
      await t.settle();
      expect(t.context().messageKey).toBe('illegal.represented');
      expect(t.calls.finance).toEqual([]);
    });
  });
});
