import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { RepresentationRight, UserContext } from '../domain/contract';
import { MARI_ID, mariAsMaasikas, right, role, userContext } from '../tests/support/fixtures/shell';
import { transitionCoverage } from '../tests/support/model/transition-coverage';
import { choiceView } from '../domain/rights';
import { choiceListOf } from './choiceList.machine';
import {
  representedChoiceMachine,
  selectChangeFailed,
  selectShowCreateContract,
  type RepresentedChoiceEmitted,
} from './representedChoice.machine';
import model from './representedChoice.model';

type RepresentedChoiceActor = ActorRefFrom<typeof representedChoiceMachine>;

function start(answer: (gid: string) => UserContext | Error = () => mariAsMaasikas()) {
  const asked: string[] = [];
  const actor = createActor(
    representedChoiceMachine.provide({
      actors: {
        changeRepresented: fromPromise<UserContext, { gid: string }>(({ input }) => {
          asked.push(input.gid);
          const a = answer(input.gid);
          return a instanceof Error ? Promise.reject(Object.assign(a, { status: 500 })) : Promise.resolve(a);
        }),
      },
    }),
  ).start();
  const emitted: RepresentedChoiceEmitted[] = [];
  const warnings: RepresentedChoiceEmitted[] = [];
  actor.on('*', (e) => (e.type === 'warning' ? warnings : emitted).push(e));
  return { actor, asked, emitted, warnings };
}

/** The open choice's list: its search and page. */
const list = (actor: RepresentedChoiceActor) => choiceListOf(actor.getSnapshot())!.getSnapshot().context;

/** The rows the modal shows: the session's user context, paged and searched by the list (as ChoiceModal does). */
function rows(userCtx: UserContext, actor: RepresentedChoiceActor) {
  const { searchTerm, page } = list(actor);
  return choiceView(userCtx.epitPrincipal, searchTerm, page);
}

/** jaan: his own entry and 11 customers (spec: search box at more than 10, paging at 10). */
function jaanContext(over: Partial<UserContext> = {}): UserContext {
  const id = 'EE37503124229';
  const names = [
    'Tamme Logistika OÜ',
    'Maasikas OÜ',
    'Kase Trükk OÜ',
    'Männi Meedia AS',
    'Saare Kaubandus OÜ',
    'Järve Ehitus OÜ',
    'Kuuse Kirjastus OÜ',
    'Aiandusselts MTÜ',
    'SIA Daugavas Pasts',
    'SIA Rīgas Grāmatas',
    'UAB Nemuno Siuntos',
  ];
  const gids = [
    'EPEE11000049',
    'EPEE11000015',
    'EPEE11000055',
    'EPEE11000061',
    'EPEE11000078',
    'EPEE11000084',
    'EPEE11000090',
    'EPEE80000014',
    'LVLV40003054321',
    'LVLV40003099999',
    'UBLT302411111',
  ];
  const cache: Record<string, RepresentationRight> = { [id]: right(id, 'Jaan Tamm', true) };
  gids.forEach((g, i) => (cache[g] = right(g, names[i], false, [role('OSS')])));
  return userContext(over, {
    representative: { id, firstName: 'Jaan', lastName: 'Tamm' },
    representationRightsCache: cache,
  });
}

describe('representedChoice machine (spec 1 §4 login state, picking in the choice modal)', () => {
  it("opens after login when nothing is represented, and lists mari's own entry first, then by name", () => {
    const { actor } = start();
    const mari = userContext();
    actor.send({ type: 'session.signedIn', context: mari, path: '/dashboard', domain: 'EE' });
    const s = actor.getSnapshot();
    expect(s.matches('open')).toBe(true);
    const view = rows(mari, actor);
    expect(view.showSearch).toBe(false);
    expect(view.items.map((r) => [r.name, r.code, r.country, r.type])).toEqual([
      ['Mari Maasikas', '48709050218', 'EE', 'A'],
      ['Maasikas OÜ', '11000015', 'EE', 'B'],
      ['Põldmari AS', '11000026', 'EE', 'B'],
      ['Vana Kaup OÜ', '11000032', 'EE', 'B'],
    ]);
    expect(selectShowCreateContract(s)).toBe(true);
  });

  it('does not open for internal users, a represented party, a modalName, or NO_REPRESENTEE users', () => {
    const cases: Array<[UserContext, Record<string, string>]> = [
      [userContext({}, { authChannel: 'IN_AD' }), {}],
      [mariAsMaasikas(), {}],
      [userContext(), { modalName: 'rights-edit' }],
      [userContext({ privileges: ['SHOW_MY_SETTINGS', 'NO_REPRESENTEE'] }), {}],
    ];
    for (const [context, params] of cases) {
      const { actor } = start();
      actor.send({ type: 'session.signedIn', context, path: '/dashboard', params, domain: 'EE' });
      expect(actor.getSnapshot().matches('closed')).toBe(true);
    }
  });

  it('searches case-insensitively by name or gid and pages at 10 (jaan: 12 rights)', () => {
    const { actor } = start();
    const jaan = jaanContext();
    actor.send({ type: 'session.signedIn', context: jaan, path: '/dashboard', domain: 'EE' });
    let view = rows(jaan, actor);
    expect(view.showSearch).toBe(true);
    expect(view.items).toHaveLength(10);
    expect(view.pageCount).toBe(2);
    expect(view.items[0].name).toBe('Jaan Tamm');
    actor.send({ type: 'choice.page', page: 2, context: jaan });
    view = rows(jaan, actor);
    expect(view.items).toHaveLength(2);
    actor.send({ type: 'choice.search', term: 'KASE' });
    view = rows(jaan, actor);
    expect(list(actor).page).toBe(1);
    expect(view.items.map((r) => r.name)).toEqual(['Kase Trükk OÜ']);
    actor.send({ type: 'choice.search', term: 'ublt302' });
    expect(rows(jaan, actor).items.map((r) => [r.name, r.code, r.country])).toEqual([
      ['UAB Nemuno Siuntos', '302411111', 'LT'],
    ]);
    actor.send({ type: 'choice.page', page: 7, context: jaan });
    expect(list(actor).page).toBe(1);
  });

  it('a pick changes the represented party, fires REPRESENTEE-CHANGE RC, restores the previous path and closes', async () => {
    const picked = mariAsMaasikas();
    const { actor, asked, emitted } = start(() => picked);
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/customer-search', domain: 'EE' });
    actor.send({ type: 'choice.pick', gid: 'EPEE11000015', context: userContext() });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(asked).toEqual(['EPEE11000015']);
    expect(emitted).toEqual([
      { type: 'context.replaced', context: picked, cause: 'RC' },
      { type: 'REPRESENTEE-CHANGE', cause: 'RC' },
      { type: 'navigation.requested', target: { kind: 'restore', path: '/customer-search' } },
    ]);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('applies the preference after a pick: the path after /ui (jaan lands on logistics)', async () => {
    const picked = jaanContext({
      preference: { representedId: 'EPEE11000049', serviceUrl: 'http://localhost:8080/ui/business/ee/et/LOGISTICS' },
    });
    const { actor, emitted } = start(() => picked);
    actor.send({ type: 'session.signedIn', context: jaanContext(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.pick', gid: 'EPEE11000049', context: jaanContext() });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(emitted.at(-1)).toEqual({
      type: 'navigation.requested',
      target: { kind: 'path', path: '/business/ee/et/LOGISTICS' },
    });
  });

  it('a preference URL without /ui/ is a full page redirect', async () => {
    const picked = mariAsMaasikas({
      preference: { representedId: 'EPEE11000015', serviceUrl: 'https://pakiautomaat.example/private' },
    });
    const { actor, emitted } = start(() => picked);
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.pick', gid: 'EPEE11000015', context: userContext() });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(emitted.at(-1)).toEqual({
      type: 'navigation.requested',
      target: { kind: 'redirect', url: 'https://pakiautomaat.example/private' },
    });
  });

  it('skips the preference with an application parameter or NOPREFERENCE', async () => {
    for (const [params, serviceUrl] of [
      [{ application: 'OSS' }, 'http://localhost:8080/ui/business/ee/et/LOGISTICS'],
      [{}, 'NOPREFERENCE'],
    ] as const) {
      const picked = mariAsMaasikas({ preference: { representedId: 'EPEE11000015', serviceUrl } });
      const { actor, emitted } = start(() => picked);
      actor.send({ type: 'session.signedIn', context: userContext(), path: '/external/OSS', params, domain: 'EE' });
      actor.send({ type: 'choice.pick', gid: 'EPEE11000015', context: userContext() });
      await waitFor(actor, (s) => s.matches('closed'));
      expect(emitted.at(-1)).toEqual({
        type: 'navigation.requested',
        target: { kind: 'restore', path: '/external/OSS' },
      });
    }
  });

  it('a failed change logs the status and stays open with the pick and the search kept; picking again retries', async () => {
    let fails = true;
    const { actor, asked, emitted, warnings } = start(() => (fails ? new Error('boom') : mariAsMaasikas()));
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.search', term: 'maa' });
    actor.send({ type: 'choice.pick', gid: 'EPEE11000026', context: userContext() });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.pickedGid).toBe('EPEE11000026');
    expect(list(actor).searchTerm).toBe('maa');
    // the modal says the switch failed (no toast: the message is the modal's own)
    expect(selectChangeFailed(actor.getSnapshot())).toBe(true);
    expect(warnings).toEqual([{ type: 'warning', code: 'changeRepresented.failed', detail: 500 }]);
    expect(emitted).toEqual([]);
    fails = false;
    actor.send({ type: 'choice.pick', gid: 'EPEE11000026', context: userContext() });
    expect(selectChangeFailed(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(asked).toEqual(['EPEE11000026', 'EPEE11000026']);
  });

  it('ignores a pick of a party the user has no right for', () => {
    const { actor, asked } = start();
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.pick', gid: 'EPEE99999999', context: userContext() });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(asked).toEqual([]);
  });

  it('create contract (EE only): customer-add opens; with nothing represented afterwards the choice reopens', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.createContract', context: userContext() });
    expect(actor.getSnapshot().matches('waitingForCustomerAdd')).toBe(true);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    expect(emitted).toEqual([{ type: 'customerAdd.requested' }]);
    const reloaded = userContext(
      {},
      { representationRightsCache: { [MARI_ID]: right(MARI_ID, 'Mari Maasikas', true) } },
    );
    actor.send({ type: 'customerAdd.closed', created: true, context: reloaded });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(rows(reloaded, actor).total).toBe(1);
  });

  it("the add-customer address, a contract signed: the customer's page in the account service stays, no choice over it", () => {
    const { actor, emitted } = start();
    // spec 1 §4 root redirect: the add-customer address opens customer add first, the choice waits for it
    actor.send({
      type: 'session.signedIn',
      context: userContext(),
      path: '/dashboard/EE/en/add-customer',
      params: { modalName: 'add-customer' },
      domain: 'EE',
    });
    expect(actor.getSnapshot().matches('waitingForCustomerAdd')).toBe(true);
    // step 7: signed, the flow has sent her on to the customer's page in the account service; she still acts for no one
    actor.send({ type: 'customerAdd.closed', created: true, signed: true, context: userContext() });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    // neither back to the address that opened customer add (it would open it again) nor to the dashboard
    expect(emitted.filter((e) => e.type === 'navigation.requested')).toEqual([]);
  });

  it('after the contract, with a represented party, goes to the dashboard', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.createContract', context: userContext() });
    actor.send({ type: 'customerAdd.closed', created: true, context: mariAsMaasikas() });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(emitted.at(-1)).toEqual({ type: 'navigation.requested', target: { kind: 'dashboard' } });
  });

  it('no contract button on LV/LT; a dead AXAPTA blocks it with error.axapta.dead', () => {
    const lv = start();
    lv.actor.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'LV' });
    expect(selectShowCreateContract(lv.actor.getSnapshot())).toBe(false);
    lv.actor.send({ type: 'choice.createContract', context: userContext() });
    expect(lv.actor.getSnapshot().matches('open')).toBe(true);
    expect(lv.emitted).toEqual([]);
    const ee = start();
    ee.actor.send({ type: 'session.signedIn', context: userContext(), path: '/dashboard', domain: 'EE' });
    // the back office died after sign-in: the session's context at the click decides
    ee.actor.send({ type: 'choice.createContract', context: userContext({ deadApplications: ['AXAPTA'] }) });
    expect(ee.actor.getSnapshot().matches('open')).toBe(true);
    expect(ee.emitted).toEqual([
      { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.axapta.dead' } },
    ]);
  });

  it('/dashboard/EE/et/add-customer: customer-add first, then the choice modal', () => {
    const { actor, emitted } = start();
    actor.send({
      type: 'session.signedIn',
      context: userContext(),
      path: '/dashboard/EE/et/add-customer',
      params: { modalName: 'add-customer' },
      domain: 'EE',
    });
    expect(actor.getSnapshot().matches('waitingForCustomerAdd')).toBe(true);
    // the modals actor opened customer-add from the URL itself: nothing requested here
    expect(emitted).toEqual([]);
    actor.send({ type: 'customerAdd.closed', created: false, context: userContext() });
    expect(actor.getSnapshot().matches('open')).toBe(true);
  });

  it('closes and forgets everything on sign-out, and waits for the next sign-in', () => {
    const { actor } = start();
    actor.send({ type: 'session.signedIn', context: jaanContext(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.search', term: 'kase' });
    actor.send({ type: 'session.signedOut' });
    const s = actor.getSnapshot();
    expect(s.matches('signedOut')).toBe(true);
    expect(s.hasTag('visible')).toBe(false);
    expect(s.context).toMatchObject({ previousPath: null, pickedGid: null });
    expect(choiceListOf(s)).toBeUndefined(); // the search and the page went with the list
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/customer-search', domain: 'EE' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.previousPath).toBe('/customer-search');
  });

  it('is announced once per sign-in: a second session.signedIn changes nothing', () => {
    const { actor } = start();
    actor.send({ type: 'session.signedIn', context: mariAsMaasikas(), path: '/dashboard', domain: 'EE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'session.signedIn', context: userContext(), path: '/customer-search', domain: 'LV' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ domain: 'EE', previousPath: '/dashboard' });
  });

  it('"choose representee" opens the modal on demand with the path to come back to', () => {
    const { actor } = start();
    actor.send({ type: 'session.signedIn', context: mariAsMaasikas(), path: '/dashboard', domain: 'EE' });
    actor.send({ type: 'choice.open', path: '/customer-search' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.previousPath).toBe('/customer-search');
  });

  it('model: generated shortest paths reach every transition', () => {
    const report = transitionCoverage(model);
    expect(report.missing).toEqual([]);
    expect(report.covered).toBe(report.total);
  });
});
