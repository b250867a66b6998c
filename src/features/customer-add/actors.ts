/**
 * The real effects of the customer-add machine and of the signing machine it invokes, provided by the composition
 * root (src/app/portal.ts). Every API call passes the `signal` fromPromise hands in, so leaving a state (closing
 * the modal, an end status, leaving the page) aborts its request (machines/customerAdd.machine.ts,
 * machines/signing.machine.ts and machines/idCardSigning.machine.ts).
 */
import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import type { ApiClient } from '../../api/client';
import { createCustomer } from '../../api/customer-add/create-customer';
import { createRights } from '../../api/customer-add/create-rights';
import { findCompanies } from '../../api/customer-add/find-companies';
import { getCustomer } from '../../api/customer-add/get-customer';
import { getUserContext } from '../../api/context/get-user-context';
import { checkMobileId } from '../../api/sign/check-mobile-id';
import { checkSmartId } from '../../api/sign/check-smart-id';
import { finalizeSignature } from '../../api/sign/finalize-signature';
import { prepareDigest } from '../../api/sign/prepare-digest';
import { startMobileId } from '../../api/sign/start-mobile-id';
import { startSmartId } from '../../api/sign/start-smart-id';
import type { UserContext, PortalConfig } from '../../../machines/lib/contract';
import { SYSTEM_ID } from '../../../machines/lib/system-ids';
import { customerAddMachine, type CustomerAddActor } from '../../../machines/customerAdd.machine';
import { STATUS_TIMEOUT, provideSigning } from '../../../machines/signing.machine';
import type { ToastRequest } from '../../../machines/toasts.machine';
import { createIdCardAdapter, createPinPrompt, type IdCardAdapter, type PinPrompt } from './id-card';
import { CUSTOMER_ADD_COMPONENT } from '../../app/customer-add-modal';

export interface SigningDeps {
  config: PortalConfig;
  api: ApiClient;
  /** forwards the machine's toast.show */
  showToast: (toast: ToastRequest) => void;
  /** leaves for the account service's customer edit page (see accountServiceRedirect) */
  redirect: (url: string) => void | Promise<void>;
  idCard?: IdCardAdapter;
  pinPrompt?: PinPrompt;
  inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void);
}

export interface Signing {
  /** the customer-add actor (systemId 'customerAdd'); it invokes the signing machine for each attempt */
  actor: CustomerAddActor;
  idCard: IdCardAdapter;
  /** the software card's PIN dialog store (the modal renders it) */
  pinPrompt: PinPrompt;
}

export function createSigning({
  config,
  api,
  showToast,
  redirect,
  idCard,
  pinPrompt = createPinPrompt(),
  inspect,
}: SigningDeps): Signing {
  const card = idCard ?? createIdCardAdapter(config.idCard, pinPrompt);
  const lang = () => document.documentElement.lang || config.language;
  const signing = provideSigning({
    getCertificate: fromPromise(({ signal }) => card.getSigningCertificate({ lang: lang(), signal })),
    prepareDigest: fromPromise(({ input, signal }) => prepareDigest(api, input, signal)),
    signHash: fromPromise(({ input, signal }) =>
      card.sign(input.certificate, input.hash, input.hashFunction, { lang: lang(), signal }),
    ),
    finalizeSignature: fromPromise(({ input, signal }) => finalizeSignature(api, input, signal)),
    startMobileId: fromPromise(({ input, signal }) => startMobileId(api, input, signal)),
    // the API's status timeout is the machine's STATUS_TIMEOUT: one number for both
    checkMobileIdStatus: fromPromise(({ signal }) => checkMobileId(api, STATUS_TIMEOUT, signal)),
    startSmartId: fromPromise(({ input, signal }) => startSmartId(api, input, signal)),
    checkSmartIdStatus: fromPromise(({ signal }) => checkSmartId(api, STATUS_TIMEOUT, signal)),
  });
  const machine = customerAddMachine.provide({
    actors: {
      findCompanies: fromPromise(({ input, signal }) => findCompanies(api, input.term, signal)),
      loadCustomer: fromPromise(({ input, signal }) => getCustomer(api, input.code, signal)),
      createRights: fromPromise(({ input, signal }) => createRights(api, input, signal)),
      createCustomer: fromPromise(({ input, signal }) => createCustomer(api, input, signal)),
      signing,
      redirectToAccountService: fromPromise(async ({ input }) => {
        if (input.url) await redirect(input.url);
      }),
    },
  });
  const actor = createActor(machine, {
    systemId: SYSTEM_ID.customerAdd,
    input: { accountService: { runMode: config.runMode, accountServiceUrl: config.accountServiceUrl } },
    inspect,
  });
  actor.on('toast.show', (e) => showToast(e.toast));
  return { actor, idCard: card, pinPrompt };
}

// ---------------------------------------------------------------- the modal system ⇄ the signing actor

/** What wireCustomerAdd needs of the portal's other actors (kept structural: no import cycle with src/app). */
interface ModalsLike {
  on(type: 'modal.opened' | 'modal.closed', handler: (e: { component: string; result?: unknown }) => void): unknown;
  send(
    event: { type: 'modal.close'; result?: unknown } | { type: 'modal.open'; component: string; class?: string },
  ): void;
  getSnapshot(): { context: { current: { component: string } | null } };
}
interface SessionLike {
  getSnapshot(): { context: { userContext: UserContext | null } };
}

// how others ask for the modal lives in src/app, so that asking does not load this feature (issue 12)
export { CUSTOMER_ADD_COMPONENT, requestCustomerAdd } from '../../app/customer-add-modal';

/** Who opens the modal: privileges decide the staff path (ADD_ANY_CUSTOMER), the representative id the main-admin note. */
export function openEvent(userContext: UserContext | null, returnUrl: string) {
  return {
    type: 'customerAdd.open' as const,
    privileges: userContext?.privileges ?? [],
    representativeId: userContext?.epitPrincipal?.representative.id ?? '',
    returnUrl,
  };
}

/**
 * The modal system (issue 3, systemId 'modals') decides when 'customer-add' is on screen; the customer-add actor
 * runs the flow. Opened there → customerAdd.open; the flow ends (end status, success, close button) → modal.close with
 * { created, context } for the represented-choice machine; dismissed there → customerAdd.close (stops every request).
 */
export function wireCustomerAdd(signing: Signing, modals: ModalsLike, session: SessionLike, api: ApiClient) {
  const { actor } = signing;
  modals.on('modal.opened', (e) => {
    if (e.component !== CUSTOMER_ADD_COMPONENT || actor.getSnapshot().matches('open')) return;
    actor.send(openEvent(session.getSnapshot().context.userContext, window.location.pathname + window.location.search));
  });
  modals.on('modal.closed', (e) => {
    if (e.component === CUSTOMER_ADD_COMPONENT && actor.getSnapshot().matches('open'))
      actor.send({ type: 'customerAdd.close' });
  });
  let wasOpen = false;
  actor.subscribe((s) => {
    const open = s.matches('open');
    if (wasOpen && !open && modals.getSnapshot().context.current?.component === CUSTOMER_ADD_COMPONENT) {
      const created = s.context.outcome?.toastType === 'success';
      if (!created || s.matches('redirecting')) modals.send({ type: 'modal.close', result: { created } });
      else
        // rights or customer created: hand the reloaded context on (spec 1 §3 "after creating a contract via the modal")
        void getUserContext(api)
          .catch(() => null)
          .then((context) => modals.send({ type: 'modal.close', result: { created, context } }));
    }
    wasOpen = open;
  });
  // wired when the modal system first opened it (this feature loads then: src/app/portal.ts): open it now
  if (
    modals.getSnapshot().context.current?.component === CUSTOMER_ADD_COMPONENT &&
    !actor.getSnapshot().matches('open')
  )
    actor.send(openEvent(session.getSnapshot().context.userContext, window.location.pathname + window.location.search));
}

/**
 * Step 7 SUCCESS: go to the account service's customer edit page. In the reference setup that is the portal's own
 * business-customer settings page (config.accountServiceUrl): then the app stays loaded — the success message stays
 * on screen — and the user context is reloaded first so the new right shows at once. Any other address is a full
 * page load (the account service sends the user back with the redirect parameter).
 */
export function accountServiceRedirect(
  config: Pick<PortalConfig, 'baseUrl'>,
  api: ApiClient,
  session: { send(event: { type: 'session.contextReplaced'; userContext: UserContext }): void },
  navigateInApp: (path: string) => void,
  leave: (url: string) => void,
) {
  const base = config.baseUrl.replace(/\/+$/, '');
  return async (url: string) => {
    if (!url.startsWith(`${base}/`)) return leave(url);
    const context = await getUserContext(api).catch(() => null);
    if (context) session.send({ type: 'session.contextReplaced', userContext: context });
    navigateInApp(url.slice(base.length));
  };
}
