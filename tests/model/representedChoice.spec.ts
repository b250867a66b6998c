/**
 * Model-based UI test of the represented-choice modal (spec 1 §2 "Represented-choice modal"): paths generated from
 * representedChoiceMachine with tools/model/lib.ts (via tests/model/paths.ts), each driven through the real portal as
 * jaan (13 rights: search box, two pages, an in-app start-up preference). The machine's own model
 * (machines/representedChoice.model.ts) covers every transition on the pure machine; this UI model keeps to the events
 * a person can cause here: sign in, pick (the real server answers changeRepresented), create contract → close
 * customer-add, log out. A second UI model, of the modal's list (machines/choiceList.machine.ts), searches and pages
 * once the modal is open. Failures of changeRepresented, other domains and internal users are covered by the machine
 * model and by tests/e2e/shell/*.spec.ts.
 */
import type { Page } from '@playwright/test';
import type { RepresentationRight, Represented, UserContext } from '../../domain/contract';
import { role, right, userContext } from '../support/fixtures/shell';
import type { MachineModelSpec } from '../support/model/model-spec';
import { serializeWith } from '../support/model/model-serialize';
import { choiceListMachine } from '../../machines/choiceList.machine';
import { representedChoiceMachine, type RepresentedChoiceEvent } from '../../machines/representedChoice.machine';
import { expect, test } from '../e2e/fixtures';
import { choiceDialog, choiceNames, signIn } from '../e2e/shell/helpers';
import { followPath, modelPaths, pathSteps, type UiAction, type UiCheck } from './paths';

const JAAN = 'EE37503124229';
const KASE = 'EPEE11000055';
/** jaan as the machine sees him (the names and gids of the demo data; the server builds the real one) */
function jaan(over: Partial<UserContext> = {}, represented: Represented | null = null): UserContext {
  const parties: [string, string][] = [
    ['EPEE11000049', 'Tamme Logistika OÜ'],
    ['EPEE11000015', 'Maasikas OÜ'],
    [KASE, 'Kase Trükk OÜ'],
    ['EPEE11000061', 'Männi Meedia AS'],
    ['EPEE11000078', 'Saare Kaubandus OÜ'],
    ['EPEE11000084', 'Järve Ehitus OÜ'],
    ['EPEE11000090', 'Kuuse Kirjastus OÜ'],
    ['EPEE80000014', 'Aiandusselts MTÜ'],
    ['LVLV40003054321', 'SIA Daugavas Pasts'],
    ['LVLV40003099999', 'SIA Rīgas Grāmatas'],
    ['UBLT302411111', 'UAB Nemuno Siuntos'],
  ];
  const cache: Record<string, RepresentationRight> = { [JAAN]: right(JAAN, 'Jaan Tamm', true) };
  for (const [gid, name] of parties) cache[gid] = right(gid, name, false, [role('OSS')]);
  return userContext(over, {
    representative: { id: JAAN, firstName: 'Jaan', lastName: 'Tamm' },
    representationRightsCache: cache,
    represented,
  });
}
const PREFERENCE = { representedId: 'EPEE11000049', serviceUrl: '/ui/business/ee/et/LOGISTICS' };
const signedOutJaan = jaan({ preference: PREFERENCE });
const jaanAsKase = jaan(
  { preference: PREFERENCE },
  { gid: KASE, name: 'Kase Trükk OÜ', isPerson: false, details: null },
);

const uiSpec: MachineModelSpec<typeof representedChoiceMachine> = {
  name: 'representedChoice (UI)',
  machine: representedChoiceMachine,
  events: (s) => {
    if (s.matches('signedOut'))
      return [{ type: 'session.signedIn', context: signedOutJaan, path: '/dashboard', params: {}, domain: 'EE' }];
    const out: RepresentedChoiceEvent[] = [];
    if (s.matches({ open: 'choosing' })) {
      // Kase Trükk OÜ is on the first page
      out.push({ type: 'choice.pick', gid: KASE, context: signedOutJaan });
      out.push({ type: 'choice.createContract', context: signedOutJaan }, { type: 'session.signedOut' });
    }
    if (s.matches({ open: 'changingRepresented' }))
      out.push({ type: 'xstate.done.actor.changeRepresented', output: jaanAsKase } as never);
    if (s.matches('waitingForCustomerAdd'))
      out.push({ type: 'customerAdd.closed', created: false, context: signedOutJaan });
    return out;
  },
  // once he has picked (closed: only a pick gets there here) the flow is over; a logout ends in signedOut, which
  // serializes like the start
  stopWhen: (s) => s.matches('closed'),
};

/** The list of the open modal: search and page, each path after jaan signed in (the modal opens on its first page). */
const listSpec: MachineModelSpec<typeof choiceListMachine> = {
  name: 'choiceList (UI)',
  machine: choiceListMachine,
  events: ({ context: c }) => [
    c.searchTerm === '' ? { type: 'choice.search', term: 'kase' } : { type: 'choice.search', term: '' },
    ...(c.searchTerm === '' && c.page === 1 ? [{ type: 'choice.page', page: 2, context: signedOutJaan } as const] : []),
    ...(c.page === 2 ? [{ type: 'choice.page', page: 1, context: signedOutJaan } as const] : []),
  ],
  serializeState: serializeWith((s) => [s.context.searchTerm, s.context.page]),
};

const actions: Record<string, UiAction> = {
  'session.signedIn': (page) => signIn(page, 'jaan'),
  'choice.search': async (page, e) => {
    await choiceDialog(page)
      .getByRole('searchbox', { name: 'Search by name or code' })
      .fill((e as unknown as { term: string }).term);
  },
  'choice.page': async (page, e) => {
    const n = (e as unknown as { page: number }).page;
    await choiceDialog(page)
      .getByRole('button', { name: `Page ${n} of 2` })
      .click();
  },
  'choice.pick': async (page) => {
    await choiceDialog(page).getByRole('button', { name: 'Kase Trükk OÜ', exact: true }).click();
  },
  // the real server answers context/changeRepresented: nothing to do
  'xstate.done.actor.changeRepresented': async () => {},
  'choice.createContract': async (page) => {
    await choiceDialog(page).getByRole('button', { name: 'Create new business customer contract' }).click();
  },
  'customerAdd.closed': async (page) => {
    await page
      .getByRole('dialog', { name: 'Enter into a business customer contract' })
      .getByRole('button', { name: 'Close dialog' })
      .click();
  },
  'session.signedOut': async (page) => {
    await choiceDialog(page).getByRole('button', { name: 'Log out' }).click();
    await expect(page).not.toHaveURL(/\/ui\//);
  },
};

/** What the modal's list shows for a search and a page. */
const listShows: UiCheck = async (page, s) => {
  await expect(choiceDialog(page)).toBeVisible();
  const c = s.context as { searchTerm: string; page: number };
  if (c.searchTerm === 'kase') await expect.poll(() => choiceNames(page)).toEqual(['Kase Trükk OÜ']);
  else await expect(choiceDialog(page).locator('tbody tr')).toHaveCount(c.page === 2 ? 2 : 10);
};

const states: Record<string, UiCheck> = {
  // the modal opens (or opens again) on the first page of the whole list
  'open.choosing': async (page) => {
    await expect(choiceDialog(page)).toBeVisible();
    await expect(choiceDialog(page).locator('tbody tr')).toHaveCount(10);
  },
  waitingForCustomerAdd: async (page) => {
    await expect(choiceDialog(page)).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Enter into a business customer contract' })).toBeVisible();
  },
  closed: async (page) => {
    // picked: the modal is gone and his preference applied (the in-app LOGISTICS path resolves to the OSS wrapper)
    await expect(choiceDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/ui\/oss-wrapper/);
  },
  signedOut: async (page) => {
    // logged out (the start of a path has no page yet)
    if (page.url().startsWith('http')) await expect(page).not.toHaveURL(/\/ui\//);
  },
};

const paths = modelPaths(uiSpec);
const listPaths = modelPaths(listSpec);

test('the UI models of the choice modal have paths for every state a person can reach', () => {
  const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.snapshot.value))));
  expect([...reached].sort()).toEqual(
    [
      '{"open":"changingRepresented"}',
      '"closed"',
      '{"open":"choosing"}',
      '"signedOut"',
      '"waitingForCustomerAdd"',
    ].sort(),
  );
  const listed = new Set(listPaths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.snapshot.context))));
  expect(listed).toContain(JSON.stringify({ searchTerm: 'kase', page: 1 }));
  expect(listed).toContain(JSON.stringify({ searchTerm: '', page: 2 }));
});

for (const path of paths) {
  test(`choice modal, path ${path.index}: ${path.signature}`, async ({ page }: { page: Page }) => {
    test.info().annotations.push({ type: 'steps', description: pathSteps(uiSpec, path).join('\n') });
    await followPath(page, path, { actions, states });
  });
}

for (const path of listPaths) {
  test(`choice modal list, path ${path.index}: ${path.signature}`, async ({ page }: { page: Page }) => {
    test.info().annotations.push({ type: 'steps', description: pathSteps(listSpec, path).join('\n') });
    await signIn(page, 'jaan');
    await followPath(page, path, { actions, states: { browsing: listShows } });
  });
}
