/**
 * The modal system (spec 1 §4 "Modals", §9: fade 200 ms, Escape key 27).
 *
 * One modal is visible at a time; further requests wait in a queue (so `/dashboard/:domain/:language/add-customer`
 * shows customer-add first and a modal requested after it — e.g. the represented choice — next).
 *
 * A modal is *protected* when its class list holds `modal-protected` (or `protected: true`): no overlay-click close,
 * and no close button or Escape unless it is also *closeable* (`modal-closeable` / `closeable: true`).
 * An unprotected modal closes by overlay click, close button and Escape. The content may always close itself
 * (`modal.close`, e.g. after a successful save) and hand a result back in `modal.closed`.
 *
 * systemId: SYSTEM_ID.modals.
 */
import { assign, setup } from 'xstate';
import { reporter } from '../domain/report';
import { URL_MODALS } from '../domain/rights';

export const ESCAPE_KEY = 27;
/**
 * Spec 1 §8 "Modal content load failure": a URL modal name that no component is registered for opens this modal,
 * which shows error.modal.load (rendered by the shell), instead of nothing.
 */
export const MODAL_LOAD_ERROR = 'modal-load-error';
/** Spec 1 §9: a modal fades in and out in 200 ms (the view's animation uses the same constant). */
export const MODAL_FADE = 200;

export interface ModalRequest {
  /** component name, e.g. 'customer-add' */
  component: string;
  /** style classes of the modal container (spec: "an optional class parameter adding a style class") */
  classes: string[];
  protected: boolean;
  closeable: boolean;
  /** parameters handed to the content (e.g. from the URL) */
  params: Record<string, string>;
}

export interface ModalContext {
  current: ModalRequest | null;
  queue: ModalRequest[];
  /** what the content handed to `modal.close`, reported in `modal.closed` */
  result: unknown;
}

export interface ModalOpenOptions {
  component: string;
  /** one class or a space-separated list; 'modal-protected' and 'modal-closeable' set the flags */
  class?: string;
  protected?: boolean;
  closeable?: boolean;
  params?: Record<string, string>;
}

export type ModalEvent =
  | ({ type: 'modal.open' } & ModalOpenOptions)
  /** `/dashboard/:domain/:language/:modalName`, `/home/show/:domain/:language/:modalName` */
  | { type: 'modal.openFromUrl'; modalName: string }
  /** the content closes itself (always allowed), optionally with a result for whoever waits on it */
  | { type: 'modal.close'; result?: unknown }
  /** the user dismisses it by clicking the overlay or the close button */
  | { type: 'modal.dismiss'; via: 'overlay' | 'closeButton' }
  | { type: 'modal.keyDown'; keyCode: number }
  /** e.g. on sign-out: close the visible modal and drop the queue */
  | { type: 'modal.closeAll' };

export type ModalEmitted =
  { type: 'modal.opened'; component: string } | { type: 'modal.closed'; component: string; result: unknown };

export function toModalRequest(o: ModalOpenOptions): ModalRequest {
  const classes = (o.class ?? '').split(/\s+/).filter(Boolean);
  const prot = !!o.protected || classes.includes('modal-protected');
  const closeable = !!o.closeable || classes.includes('modal-closeable');
  if (prot && !classes.includes('modal-protected')) classes.push('modal-protected');
  if (closeable && !classes.includes('modal-closeable')) classes.push('modal-closeable');
  return { component: o.component, classes, protected: prot, closeable, params: o.params ?? {} };
}

function requestOf(event: ModalEvent): ModalRequest | null {
  if (event.type === 'modal.open') return toModalRequest(event);
  if (event.type === 'modal.openFromUrl') {
    const component = URL_MODALS[event.modalName] ?? MODAL_LOAD_ERROR;
    return toModalRequest({ component, params: { modalName: event.modalName } });
  }
  return null;
}

/** May the user close it with the close button / Escape? */
export function isUserCloseable(m: ModalRequest | null): boolean {
  return !!m && (!m.protected || m.closeable);
}

const tell = reporter<ModalContext, ModalEvent, ModalEmitted>();

export const modalMachine = setup({
  types: {
    context: {} as ModalContext,
    events: {} as ModalEvent,
    emitted: {} as ModalEmitted,
  },
  delays: { MODAL_FADE },
  guards: {
    isNewRequest: ({ context, event }) => {
      const r = requestOf(event);
      return (
        !!r && context.current?.component !== r.component && !context.queue.some((q) => q.component === r.component)
      );
    },
    canCloseByOverlay: ({ context, event }) =>
      event.type === 'modal.dismiss' && event.via === 'overlay' && !!context.current && !context.current.protected,
    canCloseByButton: ({ context, event }) =>
      event.type === 'modal.dismiss' && event.via === 'closeButton' && isUserCloseable(context.current),
    isEscapeOnCloseable: ({ context, event }) =>
      event.type === 'modal.keyDown' && event.keyCode === ESCAPE_KEY && isUserCloseable(context.current),
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  actions: {
    showRequest: assign({ current: ({ event }) => requestOf(event), result: null }),
    enqueueRequest: assign({ queue: ({ context, event }) => [...context.queue, requestOf(event)!] }),
    showNextQueued: assign({
      current: ({ context }) => context.queue[0] ?? null,
      queue: ({ context }) => context.queue.slice(1),
      result: null,
    }),
    clearCurrent: assign({ current: null, result: null }),
    clearQueue: assign({ queue: [] }),
    rememberResult: assign({ result: ({ event }) => (event.type === 'modal.close' ? (event.result ?? null) : null) }),
    emitOpened: tell(({ context }) => ({ type: 'modal.opened' as const, component: context.current?.component ?? '' })),
    emitClosed: tell(({ context }) => ({
      type: 'modal.closed' as const,
      component: context.current?.component ?? '',
      result: context.result,
    })),
  },
}).createMachine({
  id: 'modals',
  description:
    'Dialog windows over the page, one at a time: each fades in and out in 0.2 seconds, and a dialog asked for while another is open waits its turn.',
  context: { current: null, queue: [], result: null },
  initial: 'idle',
  on: {
    // while a modal is visible, further requests wait their turn
    'modal.open': {
      guard: 'isNewRequest',
      actions: 'enqueueRequest',
      description: 'Another dialog is asked for, if it is not already open or waiting: it waits its turn',
      meta: { bookkeeping: true },
    },
    'modal.openFromUrl': {
      guard: 'isNewRequest',
      actions: 'enqueueRequest',
      description: 'The address names another dialog, if it is not already open or waiting: it waits its turn',
      meta: { bookkeeping: true },
    },
  },
  states: {
    idle: {
      description: 'No dialog is open; the person uses the page.',
      on: {
        'modal.open': {
          guard: 'isNewRequest',
          target: 'fadingIn',
          actions: 'showRequest',
          description: 'The portal opens a dialog (the person clicked something that opens one)',
        },
        'modal.openFromUrl': {
          guard: 'isNewRequest',
          target: 'fadingIn',
          actions: 'showRequest',
          description: 'The person opens an address that names a dialog: the dialog opens',
        },
      },
    },
    fadingIn: {
      tags: ['visible'],
      description: 'The dialog fades in over a dimmed page.',
      after: {
        MODAL_FADE: {
          target: 'shown',
          actions: 'emitOpened',
          description: 'After 0.2 seconds the dialog is fully shown',
        },
      },
      on: {
        'modal.close': {
          target: 'fadingOut',
          actions: 'rememberResult',
          description: 'The dialog finishes its work (or the person closes it) while it is still fading in',
        },
        'modal.closeAll': {
          target: 'fadingOut',
          actions: 'clearQueue',
          description: 'Every dialog is closed (for example the person leaves the page)',
        },
      },
    },
    shown: {
      tags: ['visible', 'shown'],
      description: 'The dialog is shown; the person works in it.',
      on: {
        'modal.close': {
          target: 'fadingOut',
          actions: 'rememberResult',
          description: 'The dialog finishes its work and closes (for example after saving or a pick)',
        },
        'modal.dismiss': [
          {
            guard: 'canCloseByOverlay',
            target: 'fadingOut',
            description: 'Clicks outside the dialog, if the dialog is not protected',
          },
          {
            guard: 'canCloseByButton',
            target: 'fadingOut',
            description: 'Clicks the close button, if the dialog may be closed by the person',
          },
        ],
        'modal.keyDown': {
          guard: 'isEscapeOnCloseable',
          target: 'fadingOut',
          description: 'Presses Escape, if the dialog may be closed by the person',
        },
        'modal.closeAll': {
          target: 'fadingOut',
          actions: 'clearQueue',
          description: 'Every dialog is closed (for example the person leaves the page)',
        },
      },
    },
    fadingOut: {
      tags: ['visible'],
      description: 'The dialog fades out.',
      after: {
        MODAL_FADE: [
          {
            guard: 'hasQueued',
            target: 'fadingIn',
            actions: ['emitClosed', 'showNextQueued'],
            description: 'After 0.2 seconds the dialog is gone, and the next waiting dialog opens, if one is waiting',
          },
          {
            target: 'idle',
            actions: ['emitClosed', 'clearCurrent'],
            description: 'After 0.2 seconds the dialog is gone and the page is usable again',
          },
        ],
      },
      on: {
        'modal.closeAll': {
          actions: 'clearQueue',
          description: 'Every dialog is closed: the waiting dialogs are dropped too',
          meta: { bookkeeping: true },
        },
      },
    },
  },
});
