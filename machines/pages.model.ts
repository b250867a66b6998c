/**
 * Model-based test spec of the pages machine (machines/pages.machine.ts) for `npm run test:model`. The page actors
 * are stand-ins that keep what they are told (tests/support/model/recorder.ts): the paths check what reaches the page on
 * screen, and what the pages machine keeps for it.
 */
import type { AnyActorRef } from 'xstate';
import { mariAtMaasikas } from '../tests/support/fixtures/external';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { recorderMachine, told } from '../tests/support/model/recorder';
import { pagesMachine, type PagesEvent } from './pages.machine';

const DRAFT_KEY = 'user-settings:EE48709050218';
/** the draft kept at the start (over a sign-on), and the one a form's expired session leaves */
const KEPT = { mobile: '+372 5555 1234' };
const TYPED = { mobile: '+372 5555 9876' };
const mari = mariAtMaasikas();

const running = (s: { context: { pages: Record<string, AnyActorRef | undefined> } }) =>
  Object.entries(s.context.pages)
    .filter(([, a]) => a)
    .map(([id]) => id)
    .sort();

const spec: MachineModelSpec<typeof pagesMachine> = {
  name: 'pages',
  tester: {
    person: 'mari (password Maasikas1)',
    address: 'http://localhost:8080/ui/, choose Maasikas OÜ, then any page of the menu',
  },
  machine: pagesMachine,
  input: { drafts: [{ key: DRAFT_KEY, values: KEPT }] },
  events: (s) => {
    const out: PagesEvent[] = [];
    const open = running(s);
    if (!open.includes('externalApplication'))
      out.push({ type: 'page.start', id: 'externalApplication', logic: recorderMachine });
    else out.push({ type: 'page.stop', id: 'externalApplication' });
    if (!open.includes('userSettingsForm'))
      out.push({ type: 'page.start', id: 'userSettingsForm', logic: recorderMachine, draftKey: DRAFT_KEY });
    out.push(
      { type: 'pages.contextChanged', userContext: mari },
      { type: 'pages.languageChanged', language: 'en' },
      { type: 'pages.representeeChanged', cause: 'RC', userContext: mari },
      { type: 'channel.activated' },
      { type: 'pages.routeChanged', external: { service: 'OSS', wrapper: 'oss-wrapper' }, hash: '/shipments' },
      { type: 'pages.routeChanged', external: null, hash: '' },
      { type: 'channel.notification', method: 'ossChangeUrlHash', params: { changeHash: '/shipments/42' } },
      { type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: '/shipments' } },
      { type: 'form.sessionExpired', draftKey: DRAFT_KEY, values: TYPED },
      { type: 'form.switchParty', gid: 'EPEE11000026' },
      { type: 'pages.partySwitched', gid: 'EPEE11000026', ok: true },
      { type: 'pages.loggedOut' },
      { type: 'toast.show', toast: { toastType: 'success', messageKey: 'changes.saved' } },
      { type: 'navigation.requested', target: { kind: 'home' } },
      { type: 'warning', code: 'demo.failed', detail: 500 },
      { type: 'customerAdd.requested' },
    );
    return out;
  },
  provide: { actions: { storeDrafts: () => {} } },
  // which page actors run and how many drafts are kept: what the transitions read
  serializeState: serializeWith((s) => [running(s), s.context.drafts.length]),
  states: {
    '*': (s) => {
      // a form started while its draft was kept got the draft once, as it was kept
      const restored = told(s.context.pages.userSettingsForm, 'form.restoreDraft');
      if (restored.length > 1) throw new Error('a draft was given back twice');
      const values = JSON.stringify((restored[0] as { values?: unknown } | undefined)?.values);
      if (restored.length && values !== JSON.stringify(KEPT) && values !== JSON.stringify(TYPED))
        throw new Error(`the form got ${JSON.stringify(restored[0])}`);
    },
  },
};
export default spec;
