/**
 * The pages (systemId `pages`), a child of the portal: it runs the actors of what is on screen — an external
 * application page with the frame channel, a settings form, the rights list, the customer search, the account
 * pages — as children of its own, started when their page shows and stopped when it goes. Their logic loads with
 * their page (a chunk of its own), so the view hands it over with `page.start`.
 *
 * It passes between them and the portal what concerns them, as transitions: the open page hears of a new context,
 * language, represented party or route; the frame channel's first word from the application ends the frame's
 * loading, its notifications go to the external application page and that page's notifications to it; a
 * form's draft is kept over a sign-on and given back when the form shows again (spec 2 §2); the preferences' "Save
 * and use" asks the portal to act for the preferred party and hears how it went. What the page actors report for
 * the whole portal (toasts, navigation, log lines) goes on to the portal.
 */
import { assign, enqueueActions, setup, type AnyActorLogic, type EventFrom } from 'xstate';
import type { Language, UserContext } from '../domain/contract';
import type { CustomerSearchActor } from './customerSearch.machine';
import type { EulaActor } from './eula.machine';
import type { ExternalApplicationActor } from './externalApplication.machine';
import type { FinanceRecoveryActor } from './financeRecovery.machine';
import type { FrameChannelActor } from './frameChannel.machine';
import type { ResetPasswordActor } from './resetPassword.machine';
import type { RightsListActor } from './rightsList.machine';
import type { SettingsFormActor } from './settingsForm.machine';
import { type Draft, type PageActorReport, type PageId, type PageLifecycleEvent } from '../domain/pages';
import { report, reporter, ownId } from '../domain/report';
import type { RouteOnScreen } from './portal.types';
import type { NavTarget } from '../domain/rights';
import type { Warning } from '../domain/shell-events';
import type { ToastRequest } from './toasts.machine';

export interface PagesInput {
  /** drafts kept over a sign-on in this browser tab (read at start: the sign-on was a page load) */
  drafts: Draft[];
}

/** The page actors by id; their machines load with their pages, so this names only their types. */
export interface PageActors {
  frameChannel: FrameChannelActor;
  externalApplication: ExternalApplicationActor;
  userSettingsForm: SettingsFormActor;
  customerDataForm: SettingsFormActor;
  rightsList: RightsListActor;
  customerSearch: CustomerSearchActor;
  eula: EulaActor;
  resetPassword: ResetPasswordActor;
  financeRecovery: FinanceRecoveryActor;
}

export interface PagesContext {
  /** the page actors running now */
  pages: Partial<PageActors>;
  drafts: Draft[];
}

/** What the portal tells the pages machine. */
export type PagesCommand =
  | { type: 'pages.contextChanged'; userContext: UserContext }
  | { type: 'pages.languageChanged'; language: Language }
  /** the router resolved a navigation: an external page's service and wrapper (null: another page), its hash */
  | { type: 'pages.routeChanged'; external: RouteOnScreen['external']; hash: string }
  | { type: 'pages.representeeChanged'; cause: 'RC' | 'SC'; userContext: UserContext | null }
  | { type: 'pages.partySwitched'; gid: string; ok: boolean }
  | { type: 'pages.loggedOut' };

type ForPortal =
  | { type: 'toast.show'; toast: ToastRequest }
  | { type: 'navigation.requested'; target: NavTarget }
  | { type: 'customerAdd.requested' }
  | Warning;

export type PagesEvent = PagesCommand | PageLifecycleEvent | PageActorReport | ForPortal;

export type PagesEmitted =
  ForPortal | { type: 'signOn.required' } | { type: 'represented.switchRequested'; gid: string };

const tell = reporter<PagesContext, PagesEvent, PagesEmitted>();

export const pagesMachine = setup({
  types: {
    context: {} as PagesContext,
    events: {} as PagesEvent,
    input: {} as PagesInput,
    emitted: {} as PagesEmitted,
  },
  actions: {
    /** the app's per-tab store: the drafts survive the page load of a sign-on, and only that */
    storeDrafts: (_, _params: { drafts: Draft[] }) => {
      throw new Error('storeDrafts not provided');
    },
    /** the logic comes with the page (its chunk): spawned as it is, with the page's id as its systemId */
    start: enqueueActions(
      ({ context, enqueue }, p: { id: PageId; logic: AnyActorLogic; input?: unknown; once?: boolean }) => {
        const running = context.pages[p.id];
        if (running && p.once) return;
        if (running) enqueue.stopChild(running);
        enqueue.assign({
          pages: ({ context: c, spawn }) => ({
            ...c.pages,
            [p.id]: spawn(p.logic, { systemId: p.id, input: p.input, ...ownId(p.id) }),
          }),
        });
      },
    ),
    stop: enqueueActions(({ context, enqueue }, p: { id: PageId }) => {
      const running = context.pages[p.id];
      if (!running) return;
      enqueue.stopChild(running);
      enqueue.assign({ pages: ({ context: c }) => ({ ...c.pages, [p.id]: undefined }) });
    }),
    /** the kept draft goes to the form that shows again, and is no longer kept */
    restoreDraft: enqueueActions(({ context, enqueue }, p: { id: PageId; key: string }) => {
      const draft = context.drafts.find((d) => d.key === p.key);
      const page = context.pages[p.id];
      if (!draft || !page) return;
      enqueue.sendTo(page, { type: 'form.restoreDraft', values: draft.values });
      enqueue.assign({ drafts: context.drafts.filter((d) => d.key !== p.key) });
    }),
    keepDraft: assign(({ context }, p: { draft: Draft }) => ({
      drafts: [...context.drafts.filter((d) => d.key !== p.draft.key), p.draft],
    })),
    dropDrafts: assign({ drafts: [] }),
    // each page hears only the events its machine takes (its actor's type): a page not running hears nothing
    tellExternalApplication: enqueueActions(({ context, enqueue }, event: EventFrom<ExternalApplicationActor>) => {
      if (context.pages.externalApplication) enqueue.sendTo(context.pages.externalApplication, event);
    }),
    tellFrameChannel: enqueueActions(({ context, enqueue }, event: EventFrom<FrameChannelActor>) => {
      if (context.pages.frameChannel) enqueue.sendTo(context.pages.frameChannel, event);
    }),
    tellUserSettingsForm: enqueueActions(({ context, enqueue }, event: EventFrom<SettingsFormActor>) => {
      if (context.pages.userSettingsForm) enqueue.sendTo(context.pages.userSettingsForm, event);
    }),
    passOn: enqueueActions(({ enqueue, self }, p: { event: ForPortal }) => report(enqueue, self, p.event)),
    requireSignOn: tell(() => ({ type: 'signOn.required' })),
    requestPartySwitch: tell((_, p: { gid: string }) => ({ type: 'represented.switchRequested', gid: p.gid })),
  },
}).createMachine({
  id: 'pages',
  description:
    'What the page on screen needs while it shows: its flows start and stop with it, and hear what changes around them.',
  context: ({ input }) => ({ pages: {}, drafts: input.drafts }),
  on: {
    'page.start': [
      {
        guard: ({ event }) => event.draftKey !== undefined,
        actions: [
          { type: 'start', params: ({ event }) => event },
          { type: 'restoreDraft', params: ({ event }) => ({ id: event.id, key: event.draftKey ?? '' }) },
          { type: 'storeDrafts', params: ({ context }) => ({ drafts: context.drafts }) },
        ],
        description: 'A form shows: its flow starts, with the draft kept for it over a sign-on, if any',
      },
      {
        actions: { type: 'start', params: ({ event }) => event },
        description: 'A page or modal shows: its flow starts',
      },
    ],
    'page.stop': {
      actions: { type: 'stop', params: ({ event }) => event },
      description: 'The page or modal goes: its flow stops, and every request it made is abandoned',
    },
    'pages.contextChanged': {
      actions: {
        type: 'tellExternalApplication',
        params: ({ event }) => ({ type: 'external.contextChanged', userContext: event.userContext }),
      },
      description: "The person's details changed: the external application page takes them",
    },
    'pages.languageChanged': {
      actions: {
        type: 'tellExternalApplication',
        params: ({ event }) => ({ type: 'external.languageChanged', language: event.language }),
      },
      description: 'The person picks another language: the external application follows it',
    },
    'pages.representeeChanged': {
      actions: {
        type: 'tellExternalApplication',
        params: ({ event }) => ({ type: 'REPRESENTEE-CHANGE', cause: event.cause, userContext: event.userContext }),
      },
      description: 'The represented party changed: the external application reloads for the new party',
    },
    'pages.routeChanged': {
      guard: ({ event }) => event.external !== null,
      actions: {
        type: 'tellExternalApplication',
        // taken only when the guard held: the route is an external page's
        params: ({ event }) => ({ type: 'external.routeChanged', ...event.external!, hash: event.hash }),
      },
      description: 'An external application page resolves (another service, another hash): the page takes the route',
    },
    'channel.notification': {
      actions: {
        type: 'tellExternalApplication',
        params: ({ event }) => ({ type: 'frame.notification', method: event.method, params: event.params }),
      },
      description: 'The application in the frame sends news (its place changed): its page takes it',
    },
    'channel.notify': {
      actions: {
        type: 'tellFrameChannel',
        params: ({ event }) => ({ type: 'channel.notify', method: event.method, params: event.params }),
      },
      description:
        'The external application page has news for the application (the address, the language): the channel sends it',
    },
    'channel.activated': {
      actions: {
        type: 'tellExternalApplication',
        params: { type: 'frame.ready' },
      },
      description: 'The application in the frame answers the channel: its page stops showing it as loading',
    },
    'form.sessionExpired': {
      actions: [
        {
          type: 'keepDraft',
          params: ({ event }) => ({ draft: { key: event.draftKey ?? '', values: event.values } }),
        },
        { type: 'storeDrafts', params: ({ context }) => ({ drafts: context.drafts }) },
        'requireSignOn',
      ],
      description: 'The session ended while a form was saved: what was typed is kept, and the person signs on again',
    },
    'form.switchParty': {
      actions: { type: 'requestPartySwitch', params: ({ event }) => event },
      description: "'Save and use': the preferences ask to act for the preferred party",
    },
    'pages.partySwitched': {
      actions: {
        type: 'tellUserSettingsForm',
        params: ({ event }) => ({ type: event.ok ? 'form.partySwitched' : 'form.partySwitchFailed', gid: event.gid }),
      },
      description: 'The switch of party is done (or failed): the preferences go on to the service (or say so)',
    },
    'pages.loggedOut': {
      actions: ['dropDrafts', { type: 'storeDrafts', params: ({ context }) => ({ drafts: context.drafts }) }],
      description: 'The person logs out: no draft is kept',
    },
    'toast.show': {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'A page has a message for the person: the portal shows it',
    },
    'navigation.requested': {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'A page decides to go elsewhere: the portal takes the person there',
    },
    warning: {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'Something failed on a page that is only logged: the portal logs it',
    },
    'customerAdd.requested': {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'A page asks to add a customer: the portal opens the customer-add modal',
    },
  },
});
