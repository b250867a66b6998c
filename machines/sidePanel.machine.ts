/**
 * Side panel of the main menu (spec 1 §2 "Main menu and side panel", §9 "Side panel switch delay 200 ms").
 *
 * - closed → the first click on an entry opens it;
 * - a click on another entry switches to it after PANEL_SWITCH (200 ms; the view animates the old content out);
 * - a click on the open entry closes it; a click on any link inside the panel closes it;
 * - the selected side-menu entry follows the current application's icon code (`menu.select`): the top-level entry of
 *   the page, and on an external application's page the link with that application's icon code;
 * - the menu's tree follows the language and the represented party by itself: the views derive it from the session.
 *
 * systemId: SYSTEM_ID.sidePanel.
 */
import { assign, setup } from 'xstate';

/** Spec 1 §9: switching the side panel to another entry waits 200 ms. */
export const PANEL_SWITCH = 200;

export interface SidePanelContext {
  /** the entry whose panel is shown (during `switching`: still the old one) */
  openEntry: string | null;
  /** the entry that will be shown when the switch delay ends */
  pendingEntry: string | null;
  /** the selected top-level entry (the one of the page the person is on) */
  selectedEntry: string | null;
  /** the icon code of the application whose page is shown: its link is the selected side-menu entry */
  selectedIcon: string | null;
}

export type SidePanelEvent =
  | { type: 'panel.entryClicked'; entry: string }
  | { type: 'panel.linkClicked' }
  | { type: 'panel.close' }
  | { type: 'menu.select'; entry: string | null; iconCode?: string | null };

export const sidePanelMachine = setup({
  types: {
    context: {} as SidePanelContext,
    events: {} as SidePanelEvent,
  },
  delays: { PANEL_SWITCH },
  guards: {
    isOpenEntry: ({ context, event }) => event.type === 'panel.entryClicked' && event.entry === context.openEntry,
    isPendingEntry: ({ context, event }) => event.type === 'panel.entryClicked' && event.entry === context.pendingEntry,
  },
  actions: {
    openClickedEntry: assign({
      openEntry: ({ event }) => (event.type === 'panel.entryClicked' ? event.entry : null),
      pendingEntry: null,
    }),
    rememberPendingEntry: assign({
      pendingEntry: ({ event }) => (event.type === 'panel.entryClicked' ? event.entry : null),
    }),
    showPendingEntry: assign({ openEntry: ({ context }) => context.pendingEntry, pendingEntry: null }),
    clearEntries: assign({ openEntry: null, pendingEntry: null }),
    selectEntry: assign(({ event }) =>
      event.type === 'menu.select' ? { selectedEntry: event.entry, selectedIcon: event.iconCode ?? null } : {},
    ),
  },
}).createMachine({
  id: 'sidePanel',
  description:
    'The side panel of the main menu: one click opens an entry, a click on another entry switches to it, a click on the open entry or on a link closes it.',
  context: { openEntry: null, pendingEntry: null, selectedEntry: null, selectedIcon: null },
  initial: 'closed',
  on: {
    'menu.select': {
      actions: 'selectEntry',
      description: 'The menu marks the entry of the application the person is in',
      meta: { bookkeeping: true },
    },
  },
  states: {
    closed: {
      description: 'The side panel is closed; only the main menu is shown.',
      on: {
        'panel.entryClicked': {
          target: 'open',
          actions: 'openClickedEntry',
          description: 'Clicks a menu entry: its panel opens',
        },
      },
    },
    open: {
      tags: ['open'],
      description: 'The side panel shows the links of the chosen menu entry.',
      on: {
        'panel.entryClicked': [
          {
            guard: 'isOpenEntry',
            target: 'closed',
            actions: 'clearEntries',
            description: 'Clicks the menu entry again, if it is the one already open: the panel closes',
          },
          {
            target: 'switching',
            actions: 'rememberPendingEntry',
            description: 'Clicks another menu entry: the panel starts switching to it',
          },
        ],
        'panel.linkClicked': {
          target: 'closed',
          actions: 'clearEntries',
          description: 'Clicks a link in the panel: the page opens and the panel closes',
        },
        'panel.close': { target: 'closed', actions: 'clearEntries', description: 'Closes the panel' },
      },
    },
    switching: {
      tags: ['open', 'switching'],
      description: 'The old panel content slides out; the newly clicked entry is about to show.',
      after: {
        PANEL_SWITCH: {
          target: 'open',
          actions: 'showPendingEntry',
          description: 'After 0.2 seconds the panel shows the newly clicked entry',
        },
      },
      on: {
        // clicking the entry that is about to open again: it is the "open entry" from the user's view → close
        'panel.entryClicked': [
          {
            guard: 'isPendingEntry',
            target: 'closed',
            actions: 'clearEntries',
            description: 'Clicks the entry that is about to open, again: the panel closes',
          },
          {
            target: 'switching',
            reenter: true,
            actions: 'rememberPendingEntry',
            description: 'Clicks yet another menu entry: the panel switches to that one instead',
          },
        ],
        'panel.linkClicked': {
          target: 'closed',
          actions: 'clearEntries',
          description: 'Clicks a link in the panel: the page opens and the panel closes',
        },
        'panel.close': { target: 'closed', actions: 'clearEntries', description: 'Closes the panel' },
      },
    },
  },
});
