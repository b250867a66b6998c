/**
 * Toasts (spec 1 §9): types notice, success, error, warning; shown for 10 s (TOAST_DISPLAY);
 * error toasts are sticky by default (until closed). Texts are message keys plus values: the view
 * translates them, so a language switch re-renders open toasts in the new language.
 */
import { assign, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** Spec 1 §9: a timed toast is shown for 10 s. */
export const TOAST_DISPLAY = 10_000;

export const TOAST_TYPES = ['notice', 'success', 'error', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Title key per type; the error title is spec 1 §8 'Error!' (toast.title.error). */
export const TOAST_TITLE_KEY: Record<ToastType, string> = {
  notice: 'toast.title.notice',
  success: 'toast.title.success',
  error: 'toast.title.error',
  warning: 'toast.title.warning',
};

export interface ToastRequest {
  toastType: ToastType;
  messageKey: string;
  values?: Record<string, string | number>;
  /** values that are lists of message keys: the view writes each in the person's language, joined ('OSS, …') */
  valueKeys?: Record<string, string[]>;
  /** default: true for errors only */
  sticky?: boolean;
}

export interface Toast extends Required<Omit<ToastRequest, 'values' | 'valueKeys'>> {
  id: number;
  titleKey: string;
  values: Record<string, string | number>;
  valueKeys: Record<string, string[]>;
}

export interface ToastsContext {
  toasts: Toast[];
  nextId: number;
}

export type ToastsEvent =
  | ({ type: 'toasts.show' } & ToastRequest)
  | { type: 'toasts.close'; id: number }
  | { type: 'toasts.expire'; id: number }
  | { type: 'toasts.closeAll' };

export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
  delays: { TOAST_DISPLAY },
  actions: {
    addToast: assign(({ context, event }) => {
      if (event.type !== 'toasts.show') return {};
      const toast: Toast = {
        id: context.nextId,
        toastType: event.toastType,
        messageKey: event.messageKey,
        values: event.values ?? {},
        valueKeys: event.valueKeys ?? {},
        sticky: event.sticky ?? event.toastType === 'error',
        titleKey: TOAST_TITLE_KEY[event.toastType],
      };
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1 };
    }),
    /**
     * Each timed toast raises its own expiry after TOAST_DISPLAY. No cancel is needed on close:
     * ids are never reused, so the expiry of a toast already closed matches nothing.
     */
    scheduleExpiry: raise(({ context }) => ({ type: 'toasts.expire' as const, id: context.nextId - 1 }), {
      delay: 'TOAST_DISPLAY',
    }),
    removeToast: assign(({ context, event }) =>
      event.type === 'toasts.close' || event.type === 'toasts.expire'
        ? { toasts: context.toasts.filter((t) => t.id !== event.id) }
        : {},
    ),
    removeAll: assign({ toasts: [] }),
  },
  guards: {
    isTimed: ({ event }) => event.type === 'toasts.show' && !(event.sticky ?? event.toastType === 'error'),
    wasLast: ({ context, event }) =>
      (event.type === 'toasts.close' || event.type === 'toasts.expire') &&
      context.toasts.length === 1 &&
      context.toasts[0].id === event.id,
  },
}).createMachine({
  id: 'toasts',
  description:
    'Short messages in the corner of the screen: success and notices disappear after 10 seconds, errors stay until the person closes them.',
  context: { toasts: [], nextId: 1 },
  initial: 'empty',
  states: {
    empty: {
      description: 'No message is shown.',
      on: {
        'toasts.show': [
          {
            guard: 'isTimed',
            target: 'showing',
            actions: ['addToast', 'scheduleExpiry'],
            description:
              'The portal shows a message that goes away by itself, if it is not an error or kept on purpose',
          },
          {
            target: 'showing',
            actions: 'addToast',
            description: 'The portal shows a message that stays until closed (an error, or one kept on purpose)',
          },
        ],
      },
    },
    showing: {
      description: 'One or more messages are shown, newest last.',
      on: {
        'toasts.show': [
          {
            guard: 'isTimed',
            actions: ['addToast', 'scheduleExpiry'],
            description:
              'Another message appears below the others and goes away by itself, if it is not an error or kept on purpose',
          },
          {
            actions: 'addToast',
            description: 'Another message appears below the others and stays until closed',
          },
        ],
        'toasts.close': [
          {
            guard: 'wasLast',
            target: 'empty',
            actions: 'removeToast',
            description: 'Closes a message, if it was the only one left',
          },
          { actions: 'removeToast', description: 'Closes one message; the others stay' },
        ],
        'toasts.expire': [
          {
            guard: 'wasLast',
            target: 'empty',
            actions: 'removeToast',
            description: 'After 10 seconds a message goes away, if it was the only one left',
          },
          { actions: 'removeToast', description: 'After 10 seconds a message goes away; the others stay' },
        ],
        'toasts.closeAll': {
          target: 'empty',
          actions: 'removeAll',
          description: 'All messages are closed at once (for example when the page changes)',
        },
      },
    },
  },
});

export type ToastsActor = ActorRefFrom<typeof toastsMachine>;
export type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>;
