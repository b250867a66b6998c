import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RolesAndPackets, UserContext } from './lib/contract';
import {
  externalApplicationMachine,
  frameSourceOf,
  isApplicationLoading,
  FRAME_LOAD_TIMEOUT_MS,
  type ExternalApplicationEmitted,
  type ExternalApplicationInput,
  type FinanceStatus,
} from './externalApplication.machine';
import {
  ANNA_ID,
  FINANCE_BASE,
  OSS_BASE,
  PERIODICALS_BASE,
  annaContext,
  ligaAtBerzi,
  mariAtMaasikas,
  mariAtPoldmari,
  mariAtVanaKaup,
  mariWithNobody,
  ossRoles,
  periodicalsRoles,
} from './lib/fixtures/external';

const NOW = new Date('2026-11-23T10:00:00Z');

function start(
  input: Partial<ExternalApplicationInput> & Pick<ExternalApplicationInput, 'userContext'>,
  fakes: { roles?: (app: string) => RolesAndPackets | Error; finance?: Array<FinanceStatus | Error> } = {},
) {
  const roleCalls: string[] = [];
  const aborted: string[] = [];
  const financeCalls: string[] = [];
  const machine = externalApplicationMachine.provide({
    actors: {
      loadRoleData: fromPromise<RolesAndPackets, { application: string }>(async ({ input: i, signal }) => {
        roleCalls.push(i.application);
        signal.addEventListener('abort', () => aborted.push(i.application));
        await Promise.resolve();
        const answer = fakes.roles?.(i.application) ?? (i.application === 'OSS' ? ossRoles : periodicalsRoles);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(async ({ input: i }) => {
        financeCalls.push(i.customerId);
        await Promise.resolve();
        const answer = fakes.finance?.shift() ?? { status: null };
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { service: 'OSS', wrapper: 'oss-wrapper', language: 'en', profileCode: 'NEW', ...input },
  });
  const emitted: ExternalApplicationEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const settle = () => vi.advanceTimersByTimeAsync(0);
  const changeRepresentee = async (userContext: UserContext, profileCode = 'NEW') => {
    actor.send({ type: 'external.contextChanged', userContext, profileCode });
    actor.send({ type: 'REPRESENTEE-CHANGE', cause: 'RC' });
    await settle();
  };
  return { actor, emitted, roleCalls, aborted, financeCalls, settle, changeRepresentee };
}

const navigations = (emitted: ExternalApplicationEmitted[]) =>
  emitted.flatMap((e) => (e.type === 'navigation.requested' ? [e.target] : []));

describe('externalApplication machine (spec 1 §4 external application flow)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('mari opens shipment registration for Maasikas OÜ: loading, roles, then the OSS login frame and her role', async () => {
    const t = start({ userContext: mariAtMaasikas() });
    expect(isApplicationLoading(t.actor.getSnapshot())).toBe(true);
    expect(frameSourceOf(t.actor.getSnapshot())).toBeNull();
    await t.settle();
    const s = t.actor.getSnapshot();
    expect(t.roleCalls).toEqual(['OSS']);
    expect(isApplicationLoading(s)).toBe(false);
    expect(frameSourceOf(s)).toBe(`${OSS_BASE}login?guid=EPEE11000015&lang=en&timestamp=${NOW.getTime()}`);
    expect(s.context.roleName).toBe('Shipment administrator');
    expect(s.hasTag('frameLoading')).toBe(true);
    expect(t.emitted).toEqual([{ type: 'representeePanel.close' }]);
    // the document's load event alone is not enough: the overlay stays until the application reports ready
    t.actor.send({ type: 'frame.loaded' });
    expect(t.actor.getSnapshot().hasTag('frameLoading')).toBe(true);
    t.actor.send({ type: 'frame.ready' });
    expect(t.actor.getSnapshot().hasTag('frameLoading')).toBe(false);
    expect(frameSourceOf(t.actor.getSnapshot())).not.toBeNull();
    // once ready, the load timeout no longer runs
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS * 2);
    expect(t.actor.getSnapshot().context.messageKey).toBeNull();
    expect(t.emitted.map((e) => e.type)).toEqual(['representeePanel.close']);
  });

  it('a language change reloads the role data and updates the frame without any navigation', async () => {
    const t = start({ userContext: mariAtMaasikas() });
    await t.settle();
    vi.setSystemTime(NOW.getTime() + 60_000);
    t.actor.send({ type: 'external.languageChanged', language: 'et' });
    await t.settle();
    const s = t.actor.getSnapshot();
    expect(t.roleCalls).toEqual(['OSS', 'OSS']);
    expect(frameSourceOf(s)).toBe(`${OSS_BASE}login?guid=EPEE11000015&lang=et&timestamp=${NOW.getTime() + 60_000}`);
    expect(s.context.roleName).toBe('Saadetiste administraator');
    expect(navigations(t.emitted)).toEqual([]);
  });

  it('a representee change shows that customer with the role it has there', async () => {
    const t = start({ userContext: mariAtMaasikas() });
    await t.settle();
    await t.changeRepresentee(mariAtPoldmari());
    const s = t.actor.getSnapshot();
    expect(t.roleCalls).toEqual(['OSS', 'OSS']);
    expect(frameSourceOf(s)).toContain('guid=EPEE11000026');
    expect(s.context.roleName).toBe('Shipment registrar');
  });

  it('a route change while the roles load cancels that load', async () => {
    const t = start({ userContext: mariAtMaasikas() });
    t.actor.send({ type: 'external.routeChanged', service: 'PERIODICS', wrapper: 'external-service' });
    await t.settle();
    expect(t.aborted).toEqual(['OSS']);
    expect(frameSourceOf(t.actor.getSnapshot())).toBe(
      `${PERIODICALS_BASE}?guid=EPEE11000015&lang=en&timestamp=${NOW.getTime()}`,
    );
    expect(t.actor.getSnapshot().context.roleName).toBe('Periodicals manager');
  });

  it('nobody chosen: select.represented and the representee panel opens; choosing Maasikas shows the frame', async () => {
    const t = start({ userContext: mariWithNobody() });
    await t.settle();
    let s = t.actor.getSnapshot();
    expect(s.context.messageKey).toBe('select.represented');
    expect(frameSourceOf(s)).toBeNull();
    expect(isApplicationLoading(s)).toBe(false);
    expect(t.emitted).toEqual([{ type: 'representeePanel.open', messageKey: 'select.represented' }]);
    await t.changeRepresentee(mariAtMaasikas());
    s = t.actor.getSnapshot();
    expect(frameSourceOf(s)).toContain('guid=EPEE11000015');
    expect(s.context.messageKey).toBeNull();
    expect(t.emitted.at(-1)).toEqual({ type: 'representeePanel.close' });
  });

  it('a representee whose role ended gets illegal.represented', async () => {
    const t = start({ userContext: mariAtVanaKaup() });
    await t.settle();
    expect(t.actor.getSnapshot().context.messageKey).toBe('illegal.represented');
    expect(t.emitted).toEqual([{ type: 'representeePanel.open', messageKey: 'illegal.represented' }]);
  });

  it('OSS is hidden for the profile code OLD, and an unknown profile code counts as OLD', async () => {
    const old = start({ userContext: mariAtMaasikas(), profileCode: 'OLD' });
    const unknown = start({ userContext: mariAtMaasikas(), profileCode: null });
    await old.settle();
    expect(old.actor.getSnapshot().context.messageKey).toBe('illegal.represented');
    expect(unknown.actor.getSnapshot().context.messageKey).toBe('illegal.represented');
  });

  it('the OSS application on the generic page goes to the OSS wrapper; PERIODICS stays', async () => {
    const oss = start({ userContext: mariAtMaasikas(), service: 'LOGISTICS', wrapper: 'external-service' });
    await oss.settle();
    expect(navigations(oss.emitted)).toEqual([{ kind: 'path', path: '/oss-wrapper' }]);
    expect(oss.roleCalls).toEqual([]);
    const periodicals = start({ userContext: mariAtMaasikas(), service: 'PERIODICS', wrapper: 'external-service' });
    await periodicals.settle();
    expect(navigations(periodicals.emitted)).toEqual([]);
    expect(frameSourceOf(periodicals.actor.getSnapshot())).toContain(PERIODICALS_BASE);
  });

  it("a service the person has no application for: home with 'No rights to access component'", async () => {
    const t = start({ userContext: mariAtMaasikas(), service: 'PARCELS', wrapper: 'external-service' });
    await t.settle();
    expect(t.emitted).toEqual([
      { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.noRights' } },
      { type: 'navigation.requested', target: { kind: 'home' } },
    ]);
  });

  it('a dead application shows the maintenance message, and the frame returns when it is alive again', async () => {
    const t = start({ userContext: mariAtMaasikas({ deadApplications: ['OSS'] }) });
    await t.settle();
    let s = t.actor.getSnapshot();
    expect(s.context.messageKey).toBe('error.maintenance.description');
    expect(frameSourceOf(s)).toBeNull();
    expect(t.roleCalls).toEqual([]); // its roles cannot load while it is dead
    // the dead-application poll: context.replaced, then REPRESENTEE-CHANGE with cause SC
    t.actor.send({ type: 'external.contextChanged', userContext: mariAtMaasikas(), profileCode: 'NEW' });
    expect(t.actor.getSnapshot().context.messageKey).toBe('error.maintenance.description');
    t.actor.send({ type: 'REPRESENTEE-CHANGE', cause: 'SC' });
    await t.settle();
    s = t.actor.getSnapshot();
    expect(frameSourceOf(s)).toContain(`${OSS_BASE}login?`);
    expect(navigations(t.emitted)).toEqual([]);
  });

  it('a role loading failure flags the application and still opens the frame, without a role name', async () => {
    const t = start({ userContext: mariAtMaasikas() }, { roles: () => new Error('504') });
    await t.settle();
    const s = t.actor.getSnapshot();
    expect(t.emitted).toContainEqual({ type: 'roles.loadFailed', application: 'OSS' });
    expect(frameSourceOf(s)).not.toBeNull();
    expect(s.context.roleName).toBeNull();
  });

  it('anna (NO_REPRESENTEE) opens OSS for herself: isPerson=1', async () => {
    const t = start({ userContext: annaContext() });
    await t.settle();
    expect(frameSourceOf(t.actor.getSnapshot())).toBe(
      `${OSS_BASE}login?guid=${ANNA_ID}&isPerson=1&lang=en&timestamp=${NOW.getTime()}`,
    );
  });

  it('the menu path is passed to the application', async () => {
    const t = start({ userContext: mariAtMaasikas(), menuPath: '/shipments/42' });
    await t.settle();
    expect(frameSourceOf(t.actor.getSnapshot())).toContain('menuPath=%2Fshipments%2F42');
  });

  describe('invoicing management (spec 1 §4 service recovery)', () => {
    const finance = { service: 'FINANCE', wrapper: 'external-service' as const };

    it('liga sees the invoicing app; no role data is loaded for it', async () => {
      const t = start({ userContext: ligaAtBerzi(), language: 'lv', ...finance });
      await t.settle();
      expect(t.financeCalls).toEqual(['LVLV40003012345']);
      expect(t.roleCalls).toEqual([]);
      expect(frameSourceOf(t.actor.getSnapshot())).toBe(
        `${FINANCE_BASE}?guid=LVLV40003012345&lang=lv&timestamp=${NOW.getTime()}`,
      );
    });

    it.each(['PACKET_NOT_FOUND', 'CUSTOMER_NOT_FOUND'])('%s: the customer has no finance package', async (status) => {
      const t = start({ userContext: mariAtMaasikas(), ...finance }, { finance: [{ status }] });
      await t.settle();
      const s = t.actor.getSnapshot();
      expect(s.context.messageKey).toBe('finance.noPackage');
      expect(frameSourceOf(s)).toBeNull();
      expect(navigations(t.emitted)).toEqual([]);
    });

    it('unavailable: the self-refreshing recovery page; a failed check: the manual one', async () => {
      const auto = start({ userContext: mariAtMaasikas(), ...finance }, { finance: [{ status: 'UNAVAILABLE' }] });
      const manual = start({ userContext: mariAtMaasikas(), ...finance }, { finance: [new Error('503')] });
      await auto.settle();
      expect(navigations(auto.emitted)).toEqual([{ kind: 'path', path: '/finance/error/unavailable?refresh=auto' }]);
      expect(navigations(manual.emitted)).toEqual([
        { kind: 'path', path: '/finance/error/unavailable?refresh=manual' },
      ]);
      expect(frameSourceOf(auto.actor.getSnapshot())).toBeNull();
    });

    it('a private person is not a finance customer: illegal.represented', async () => {
      const t = start({
        userContext: mariAtMaasikas({}),
        ...finance,
      });
      t.actor.send({
        type: 'external.contextChanged',
        userContext: {
          ...mariAtMaasikas(),
          epitPrincipal: {
            ...mariAtMaasikas().epitPrincipal!,
            represented: { gid: 'EE48709050218', name: 'Mari Maasikas', isPerson: true, details: null },
          },
        },
      });
      t.actor.send({ type: 'REPRESENTEE-CHANGE', cause: 'RC' });
      await t.settle();
      expect(t.actor.getSnapshot().context.messageKey).toBe('illegal.represented');
    });
  });

  it('a context without the application address only logs it and keeps the loading message', async () => {
    const ctx = mariAtMaasikas();
    const t = start({
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
    expect(isApplicationLoading(t.actor.getSnapshot())).toBe(true);
    expect(frameSourceOf(t.actor.getSnapshot())).toBeNull();
  });

  it('an application not ready within FRAME_LOAD_TIMEOUT (20 s) shows the server error instead of the frame', async () => {
    const t = start({ userContext: mariAtMaasikas() });
    await t.settle();
    t.actor.send({ type: 'frame.loaded' });
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1);
    expect(t.actor.getSnapshot().hasTag('frameLoading')).toBe(true);
    expect(t.actor.getSnapshot().context.messageKey).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    const s = t.actor.getSnapshot();
    expect(s.context.messageKey).toBe('error.server');
    expect(frameSourceOf(s)).toBeNull();
    expect(isApplicationLoading(s)).toBe(false);
    expect(t.emitted).toContainEqual({ type: 'frame.loadFailed', application: 'OSS', documentLoaded: true });
  });

  it('a frame whose document never loads fails the same way, and a retry loads the application again', async () => {
    const t = start({ userContext: mariAtMaasikas() });
    await t.settle();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(t.emitted).toContainEqual({ type: 'frame.loadFailed', application: 'OSS', documentLoaded: false });
    // ready too late (the old document): changes nothing
    t.actor.send({ type: 'frame.ready' });
    expect(t.actor.getSnapshot().context.messageKey).toBe('error.server');

    vi.setSystemTime(NOW.getTime() + 60_000);
    t.actor.send({ type: 'frame.retry' });
    expect(isApplicationLoading(t.actor.getSnapshot())).toBe(true);
    await t.settle();
    const s = t.actor.getSnapshot();
    expect(t.roleCalls).toEqual(['OSS', 'OSS']);
    expect(s.context.messageKey).toBeNull();
    expect(frameSourceOf(s)).toBe(`${OSS_BASE}login?guid=EPEE11000015&lang=en&timestamp=${NOW.getTime() + 60_000}`);
    expect(s.hasTag('frameLoading')).toBe(true);
    // the timeout runs afresh for the new frame
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1);
    t.actor.send({ type: 'frame.ready' });
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(t.actor.getSnapshot().hasTag('frameLoading')).toBe(false);
    expect(t.actor.getSnapshot().context.messageKey).toBeNull();
  });

  it('a language change while the frame loads starts the load timeout again', async () => {
    const t = start({ userContext: mariAtMaasikas() });
    await t.settle();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1_000);
    t.actor.send({ type: 'external.languageChanged', language: 'et' });
    await t.settle();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1_000);
    expect(t.actor.getSnapshot().context.messageKey).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.actor.getSnapshot().context.messageKey).toBe('error.server');
  });
});
