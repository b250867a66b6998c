/**
 * Saving a person's rights (spec 2 §3 "Save command", §4 "Save" with partial failure, §7 user/role/add and
 * user/role/edit).
 *
 * saving → saved | stale | failed
 * - The command is built once, from the dialog as it was when Save (or Remove all rights) was clicked: roles only of
 *   applications that loaded and have a package, none for a main administrator, and "no role" only where the person
 *   had one (it ends that right yesterday).
 * - The answer names the applications whose save failed; the rest landed (`saved` with them). A call that fails or
 *   gets no answer ends `failed`: nothing is known to have changed.
 * machines/rightsEdit.machine.ts invokes it (actor id `rightsSave`) and reads its output.
 *
 * Pure: the request is an actor (default throws); src/features/represented-settings/wire.ts provides it.
 */
import { assign, setup } from 'xstate';
import { roleCommandOf, type RoleCommand, type RoleFormValue, type SaveCommand } from '../domain/represented-settings';
import { globalPersonId, normalisePersonalCode } from '../domain/fields';
import { notProvided } from '../domain/not-provided';
import type { Identity } from './rightsPerson.machine';
import type { AppSection } from './rightsRoles.machine';

/** The dialog's values a save is made of. */
export interface RightsSaveInput {
  mode: 'new' | 'edit';
  /** the edited person's global id (edit mode) */
  userId: string | null;
  identity: Identity;
  sections: AppSection[];
  roles: Record<string, RoleFormValue>;
  /** applications in which the person had a role when the dialog opened */
  hadRole: string[];
  customerId: string;
  today: Date;
  /** the version (ETag) of the person's rights the values are based on; null: none known (saved unconditionally) */
  version: string | null;
}

/**
 * saved: the applications whose save failed (none: every one landed); not saved: the call failed, `stale` when the
 * server refused it because the version was no longer the stored one (412).
 */
export type RightsSaveOutput = { saved: true; failed: string[] } | { saved: false; stale: boolean };

export interface SaveRightsInput {
  mode: 'new' | 'edit';
  command: SaveCommand;
  /** sent as If-Match; null: none */
  ifMatch: string | null;
}

const hasStatus = (error: unknown, status: number) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === status;

/** The save command (spec 2 §3): roles only of loaded applications with a package, none for a main administrator. */
export function saveCommandOf(c: RightsSaveInput): SaveCommand {
  const id = c.identity;
  const roles: Record<string, RoleCommand> = {};
  if (!id.admin)
    for (const s of c.sections) {
      if (s.status !== 'ok') continue;
      const r = c.roles[s.application];
      if (r.roleId === null && !c.hadRole.includes(s.application)) continue;
      roles[s.application] = roleCommandOf(r, c.today);
    }
  const country = id.country as SaveCommand['country'];
  return {
    userId: c.mode === 'edit' && c.userId ? c.userId : globalPersonId(id.country, id.personalCode),
    userCode: normalisePersonalCode(id.country, id.personalCode),
    country,
    domain: id.domain,
    ...(c.mode === 'new' ? { language: id.language as SaveCommand['language'] } : {}),
    firstName: id.firstName.trim(),
    lastName: id.lastName.trim(),
    customerId: c.customerId,
    admin: id.admin,
    email: id.email.trim(),
    roles,
  };
}

export const rightsSaveMachine = setup({
  types: {
    context: {} as SaveRightsInput & { outcome: RightsSaveOutput },
    input: {} as RightsSaveInput,
    output: {} as RightsSaveOutput,
  },
  actors: {
    /** POST user/role/add (new) or user/role/edit → the applications whose save failed */
    saveRights: notProvided<string[], SaveRightsInput>('saveRights'),
  },
  guards: {
    /** 412 Precondition Failed: someone else saved the person's rights since the dialog loaded them */
    isStale: ({ event }) => hasStatus((event as { error?: unknown }).error, 412),
  },
  actions: {
    takeFailed: assign((_, p: { failed: string[] }) => ({ outcome: { saved: true as const, failed: p.failed } })),
  },
}).createMachine({
  id: 'rightsSave',
  description:
    "The portal saves a user's rights in every application at once and learns in which applications the save failed.",
  context: ({ input }) => ({
    mode: input.mode,
    command: saveCommandOf(input),
    ifMatch: input.version,
    outcome: { saved: false, stale: false },
  }),
  initial: 'saving',
  states: {
    saving: {
      description: 'The portal sends the user and their roles to the server.',
      invoke: {
        id: 'saveRights',
        src: 'saveRights',
        input: ({ context }) => ({ mode: context.mode, command: context.command, ifMatch: context.ifMatch }),
        onDone: {
          target: 'saved',
          actions: { type: 'takeFailed', params: ({ event }) => ({ failed: event.output }) },
          description: 'The server saves the rights (perhaps not for every application)',
        },
        onError: [
          {
            guard: 'isStale',
            target: 'stale',
            actions: assign({ outcome: { saved: false, stale: true } }),
            description: "The server says someone else saved the user's rights meanwhile: nothing was saved",
          },
          { target: 'failed', description: 'The server does not answer' },
        ],
      },
    },
    saved: {
      type: 'final',
      description: 'The rights are saved, but for the applications the server names; a saved right holds at once.',
    },
    stale: {
      type: 'final',
      description: "Nothing was saved: the user's rights changed since the dialog loaded them.",
    },
    failed: { type: 'final', description: 'The save failed; nothing is known to have changed.' },
  },
  output: ({ context }) => context.outcome,
});
