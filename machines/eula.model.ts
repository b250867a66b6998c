import { createMachine, fromPromise } from 'xstate';
import type { ConfirmAnswer, EulaInfo } from '../domain/account/schemas';
import type { EulaForm } from '../domain/account/forms';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { eulaMachine, type EulaData } from './eula.machine';

const uku: EulaInfo = {
  id: 'EE39912310010',
  firstName: 'Uku',
  lastName: 'Uus',
  trustfulAuthentication: false,
  language: 'EST',
  username: null,
  endUserAgreementVersion: null,
  passwordUsed: false,
  preference: null,
  packagePrivateUrls: {},
};
const data: EulaData = { info: uku, parties: [], packagePrivateUrls: {} };
const form: EulaForm = {
  username: 'uku',
  password: 'Ukuparool1',
  repeat: 'Ukuparool1',
  firstName: '',
  lastName: '',
  askFirstName: false,
  askLastName: false,
  service: 'LOGISTICS',
  represented: 'EPEE11000015',
  serviceUrl: '/ui/business/ee/et/LOGISTICS',
  accept: true,
  askCurrentPassword: false,
  currentPassword: '',
};
const saved = (representedId: string, serviceUrl: string, hadPreference = false): ConfirmAnswer => ({
  errorType: null,
  hadPreference,
  preference: { representedId, serviceUrl },
});

const spec: MachineModelSpec<typeof eulaMachine> = {
  name: 'eula',
  tester: {
    person:
      'uku, who has no password yet: the link is in the e-mail outbox at http://localhost:8080/sim/ after mari (password Maasikas1) adds him in the rights of Maasikas OÜ or he asks for a new password on the sign-on page',
    address: 'the link from the e-mail (under http://localhost:8080/ui/user-add/)',
    data: 'uku, invited by mari to Maasikas OÜ',
  },
  machine: eulaMachine,
  input: { key: 'k'.repeat(32) },
  events: () => [
    { type: 'xstate.done.actor.0.eula.loading', output: data } as never,
    { type: 'xstate.done.actor.0.eula.loading', output: { ...data, info: null } } as never,
    { type: 'xstate.error.actor.0.eula.loading', error: { status: 500 } } as never,
    // the form (the settings forms' machine, its own model) ends with the server's answer, or reports
    {
      type: 'xstate.done.actor.form',
      output: { values: form, answer: { errorType: 'KEY', hadPreference: false, preference: null } },
    } as never,
    {
      type: 'xstate.done.actor.form',
      output: { values: form, answer: saved('EE48709050218', '/ui/private/ee/et/LOGISTICS', true) },
    } as never,
    {
      type: 'xstate.done.actor.form',
      output: { values: form, answer: saved('EPEE11000015', '/ui/business/ee/et/LOGISTICS') },
    } as never,
    {
      type: 'xstate.done.actor.form',
      output: { values: form, answer: saved('NOPREFERENCE', 'NOPREFERENCE') },
    } as never,
    { type: 'toast.show', toast: { toastType: 'warning', messageKey: 'error.server' } },
    { type: 'warning', code: 'eula.confirm', detail: 500 },
    { type: 'form.sessionExpired', draftKey: 'eula:', values: { username: 'uku' } },
    { type: 'form.restoreDraft', values: { username: 'uku' } },
    { type: 'xstate.done.actor.0.eula.changingRepresented', output: {} } as never,
    { type: 'xstate.error.actor.0.eula.changingRepresented', error: { status: 403 } } as never,
    { type: 'xstate.done.actor.0.eula.takingTarget', output: '/ui/settings/represented/EPEE11000015' } as never,
    { type: 'xstate.done.actor.0.eula.takingTarget', output: null } as never,
    { type: 'xstate.error.actor.0.eula.takingTarget', error: new Error('no cookies') } as never,
  ],
  provide: {
    // inert fakes (never settle): only the path's synthetic done/error events drive the machine
    actors: {
      loadTerms: fromPromise<EulaData, { key: string | null }>(() => new Promise(() => {})),
      form: createMachine({}) as never,
      changeRepresented: fromPromise<unknown, { gid: string }>(() => new Promise(() => {})),
      takeTarget: fromPromise<string | null>(() => new Promise(() => {})),
    },
  },
  serializeState: serializeWith((s) => [s.context.draft !== null, s.context.data === null, s.context.preference]),
  states: {
    editing: (s) => {
      if (!s.hasTag('ready') || !s.context.data?.info) throw new Error('editing without the loaded terms');
    },
    redirecting: (s) => {
      if (!s.context.sent?.accept) throw new Error('going on without accepting');
    },
  },
};
export default spec;
