import { fromPromise } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { sessionMachine } from './session.machine';
import type { Language, SimpleUserContext, UserContext } from '../domain/contract';
import { signedInContext, signedOutContext } from '../tests/support/fixtures/contexts';
import { mariAtPoldmari } from '../tests/support/fixtures/external';
import { RIGHT_ENDED } from '../domain/contract';
import { localeMachine } from './locale.machine';
import { logoutMachine, type LogoutLogic } from './logout.machine';

const noop = () => {};
/** what the two routes declare (their staticData in src/routes/): the dashboard, and the terms of use (public) */
const dashboard = { component: 'epit-dashboard', access: 'protected' };
const termsOfUse = { component: 'user-add-edit', access: 'public', simpleContext: true };
/** mari acting for Põldmari AS: each page asks whether that right still holds */
const actingForParty = mariAtPoldmari();
/** a logout that reports nothing: the path's logout.* events stand for its reports */
const quietLogout: LogoutLogic = logoutMachine.provide({
  actors: {
    singleSignout: fromPromise<string, { locale: string }>(() => new Promise(() => {})),
    fetchOssLogout: fromPromise<void, { url: string }>(() => new Promise(() => {})),
  },
  actions: { resetSessionStorage: noop, redirect: noop, reportDone: noop, reportFailed: noop },
});

const spec: MachineModelSpec<typeof sessionMachine> = {
  name: 'session',
  tester: {
    person: 'mari (password Maasikas1)',
    address: 'http://localhost:8080/ui/',
  },
  machine: sessionMachine,
  input: { cookies: { language: 'est', domain: 'EE' } },
  events: (s) => {
    const ev: { type: string; [k: string]: unknown }[] = [];
    if (
      !s.matches('loggingOut') &&
      !s.matches('loggedOut') &&
      !s.matches('resolvingPrincipal') &&
      !s.matches('resolvingFailure')
    ) {
      ev.push({ type: 'session.routeChanged', routeId: '/dashboard', route: dashboard, params: {} });
      ev.push({
        type: 'session.routeChanged',
        routeId: '/user-add/edit/$key',
        route: termsOfUse,
        params: { key: 'k1' },
      });
    }
    if (s.matches('loadingContext')) {
      ev.push({ type: 'xstate.done.actor.loadUserContext', output: signedInContext });
      ev.push({ type: 'xstate.done.actor.loadUserContext', output: signedOutContext });
      // a principal whose applications carry no OSS logout URL: logout skips that GET
      ev.push({ type: 'xstate.done.actor.loadUserContext', output: { ...signedInContext, applications: [] } });
      ev.push({ type: 'xstate.error.actor.loadUserContext', error: { status: 401, message: 'no session' } });
      ev.push({ type: 'xstate.error.actor.loadUserContext', error: { status: 500, message: 'boom' } });
      ev.push({ type: 'xstate.done.actor.loadUserContext', output: actingForParty });
      // the right to act for the chosen party has ended: the server cleared it, the next load acts for no one
      ev.push({
        type: 'xstate.error.actor.loadUserContext',
        error: { status: RIGHT_ENDED.status, code: RIGHT_ENDED.code, message: 'right ended' },
      });
    }
    if (s.matches({ signedIn: 'checkingRight' })) {
      ev.push({ type: 'xstate.done.actor.checkRight', output: actingForParty });
      ev.push({
        type: 'xstate.error.actor.checkRight',
        error: { status: RIGHT_ENDED.status, code: RIGHT_ENDED.code, message: 'right ended' },
      });
    }
    if (s.matches('loadingSimpleContext')) {
      ev.push({ type: 'xstate.done.actor.loadSimpleContext', output: { uiLanguages: [] } });
      ev.push({ type: 'xstate.error.actor.loadSimpleContext', error: { status: 500, message: 'boom' } });
    }
    if (s.matches('signedIn')) {
      ev.push({ type: 'session.languageChange', language: 'ru' });
      ev.push({ type: 'session.logout' });
      ev.push({ type: 'session.contextReplaced', userContext: signedOutContext });
      ev.push({ type: 'session.reload' });
    }
    if (s.matches({ signedIn: 'postingLanguage' })) {
      ev.push({ type: 'xstate.done.actor.postLanguage' });
      ev.push({ type: 'xstate.error.actor.postLanguage', error: new Error('down') });
    }
    if (s.matches('contextFailed')) ev.push({ type: 'session.reload' });
    // the sign-on service's answer: signed on there, not (or asked before in this tab), or no answer
    if (s.matches({ signedOut: 'checkingTicket' })) {
      ev.push({ type: 'xstate.done.actor.checkTicket', output: true });
      ev.push({ type: 'xstate.done.actor.checkTicket', output: false });
      ev.push({ type: 'xstate.error.actor.checkTicket', error: new Error('ticket check failed') });
    }
    if (s.matches('signedOut')) {
      ev.push({ type: 'session.languageChange', language: 'lv' });
      ev.push({ type: 'session.contextReplaced', userContext: signedInContext });
      ev.push({ type: 'session.reload' });
    }
    // what the children report (machines/locale.model.ts and machines/logout.model.ts drive them)
    if (!s.matches('resolvingPrincipal') && !s.matches('resolvingFailure')) {
      ev.push({ type: 'locale.resolved', language: s.context.language, domain: s.context.domain });
      ev.push({ type: 'locale.chosen', language: 'ru' });
    }
    // the logout's code arrives, or its chunk cannot be loaded
    if (s.matches({ loggingOut: 'loading' })) {
      ev.push({ type: 'xstate.done.actor.loadLogout', output: quietLogout });
      ev.push({ type: 'xstate.error.actor.loadLogout', error: new Error('chunk not found') });
    }
    if (s.matches({ loggingOut: 'running' })) {
      ev.push({ type: 'logout.done' });
      ev.push({ type: 'logout.failed' });
    }
    return ev;
  },
  // inert fakes: only the path (its xstate.done/error events and the children's reports) drives the machine
  provide: {
    actors: {
      loadUserContext: fromPromise<UserContext, void>(() => new Promise(() => {})),
      loadSimpleContext: fromPromise<SimpleUserContext, void>(() => new Promise(() => {})),
      postLanguage: fromPromise<void, { language: Language }>(() => new Promise(() => {})),
      // a child that reports nothing: the path's locale.* events stand for its reports
      locale: localeMachine.provide({
        actions: { persistLanguage: noop, persistDomain: noop, reportResolved: noop, reportChosen: noop },
      }),
      loadLogout: fromPromise<LogoutLogic, void>(() => new Promise(() => {})),
      checkTicket: fromPromise<boolean, void>(() => new Promise(() => {})),
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.language,
      s.context.userContext?.epitPrincipal ? 1 : 0,
      s.context.userContext?.applications.length ?? 0,
      s.context.userContext?.epitPrincipal?.represented ? 1 : 0,
      // whether the page is public matters only on the way to signed out (the ticket check)
      s.matches('signedIn') || s.matches('loggingOut') ? null : s.context.publicPage,
    ]),
  stopWhen: (s) => s.matches('loggedOut'),
};
export default spec;
