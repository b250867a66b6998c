/**
 * Watching an application start in its frame (spec 1 §2 "External application pages", §8 "an OSS frame load error
 * shows the server error"): the loading overlay stays until the application reports ready (the frame channel turns
 * active: `frame.ready`); not ready within FRAME_LOAD_TIMEOUT — its document did not load, or it loaded and never
 * spoke — is the frame load error. The browser reports no failure of a cross-origin frame's document (an error page
 * fires `load` too), so the timeout is how both cases are seen; `frame.loaded` only tells the log how far it got.
 *
 * Invoked by the external application flow for each document it shows; its output says how it ended.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';

/** FRAME_LOAD_TIMEOUT (ms): see the delay's comment in setup(). */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

export interface FrameLoadOutput {
  ready: boolean;
  /** the frame's document fired its load event (for the log of a load error) */
  documentLoaded: boolean;
}

export type FrameLoadEvent = { type: 'frame.loaded' } | { type: 'frame.ready' };

export const frameLoadMachine = setup({
  types: {
    context: {} as FrameLoadOutput,
    events: {} as FrameLoadEvent,
    output: {} as FrameLoadOutput,
  },
  delays: {
    /**
     * How long a shown frame may take to report ready (the spec names no value). Well above a slow application: the
     * demo applications' "slow to load" switch holds each page 4 s, and a first load passes up to three pages (the
     * frame URL, the silent sign-on's return, the application's page), about 12 s.
     */
    FRAME_LOAD_TIMEOUT: FRAME_LOAD_TIMEOUT_MS,
  },
  actions: {
    noteDocumentLoaded: assign({ documentLoaded: true }),
    noteReady: assign({ ready: true }),
  },
}).createMachine({
  id: 'frameLoad',
  description: 'The portal waits for the application in the frame to report that it is ready.',
  context: { ready: false, documentLoaded: false },
  initial: 'loading',
  output: ({ context }) => context,
  states: {
    loading: {
      description: "A loading overlay ('Application is loading') covers the frame while the application starts.",
      on: {
        'frame.loaded': {
          actions: 'noteDocumentLoaded',
          description: "The application's page has loaded in the frame",
          meta: { bookkeeping: true },
        },
        'frame.ready': {
          target: 'done',
          actions: 'noteReady',
          description: 'The application reports that it is ready',
        },
      },
      after: {
        FRAME_LOAD_TIMEOUT: { target: 'done', description: 'After 20 seconds the application is still not ready' },
      },
    },
    done: { type: 'final', description: 'The application is ready, or it did not start in time.' },
  },
});

export type FrameLoadActor = ActorRefFrom<typeof frameLoadMachine>;
