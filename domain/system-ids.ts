/** Fixed systemIds of the long-lived actors (architecture guide: one module names them all). */
export const SYSTEM_ID = {
  portal: 'portal',
  pages: 'pages',
  session: 'session',
  navigation: 'navigation',
  deadApplicationPoll: 'deadApplicationPoll',
  representedChoice: 'representedChoice',
  representedChange: 'representedChange',
  representedDetails: 'representedDetails',
  modals: 'modals',
  sidePanel: 'sidePanel',
  toasts: 'toasts',
  frameChannel: 'frameChannel',
  customerAddModal: 'customerAddModal',
  customerAdd: 'customerAdd',
  /** the session's logout, while the person logs out */
  logout: 'logout',
} as const;
