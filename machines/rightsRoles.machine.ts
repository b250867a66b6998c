/**
 * The roles a person is given, one section per application (spec 2 §2 "Rights edit modal", §4 role selection,
 * §5 role offering): the right-hand side of the rights dialog.
 *
 * - A category picks its first role; a role picks its category; validity is unlimited or limited with from and to
 *   dates (touched dates show their problems before a save attempt).
 * - An ended role counts as none (spec 2 §4); the applications where the person had a role when the dialog opened
 *   are remembered, because only there does "no role" end the right yesterday.
 * - `rights.clear` (Remove all rights) empties every section; `rights.reset` fills them with another person's roles
 *   (the typed code belongs to one of the customer's users); `rights.set` puts the values the dialog merged after a
 *   refused save (someone else saved the person's rights meanwhile), with where the person has a role now.
 * Every change is reported (domain/report.ts) to the rights dialog, machines/rightsEdit.machine.ts, which
 * invokes it with actor id `roles` and validates and saves what it reports.
 */
import { assign, setup } from 'xstate';
import {
  categoryOfRole,
  isoDay,
  pickCategory,
  wireToIso,
  type EnterpriseUserRole,
  type OfferedCategory,
  type RoleFormValue,
  type Validity,
} from '../domain/represented-settings';
import { reporter } from '../domain/report';
import { isRoleEnded } from '../domain/rights/validity';

/** One application's section: offered roles, or why there is nothing to choose (spec 2 §2). */
export interface AppSection {
  application: string;
  status: 'ok' | 'failed' | 'noPackage';
  categories: OfferedCategory[];
}

/** A person's roles by application, as the rights list loaded them. */
export type UserRoles = Partial<Record<string, EnterpriseUserRole>>;

/** What the sections hold: the form value per application. */
export interface RolesValue {
  roles: Record<string, RoleFormValue>;
  /** applications in which the person had a role when the dialog opened (only those get "no role → end yesterday") */
  hadRole: string[];
  /** the date fields changed so far, as 'OSS.begin', 'OSS.end' */
  touched: string[];
}

export type RightsRolesReport = { type: 'rights.rolesChanged'; value: RolesValue };

export type RightsRolesEvent =
  | { type: 'rights.category'; application: string; category: string | null }
  | { type: 'rights.role'; application: string; roleId: number }
  | { type: 'rights.validity'; application: string; validity: Validity }
  | { type: 'rights.dates'; application: string; begin?: string; end?: string }
  | { type: 'rights.clear' }
  | { type: 'rights.reset'; roles: UserRoles }
  | { type: 'rights.set'; roles: Record<string, RoleFormValue>; hadRole: string[] };

export interface RightsRolesInput {
  sections: AppSection[];
  /** the roles the person has (none for a new user) */
  roles: UserRoles;
  today: Date;
}

interface RightsRolesContext extends RolesValue {
  sections: AppSection[];
  today: Date;
}

const noRole = (today: Date): RoleFormValue => ({
  categoryId: null,
  roleId: null,
  validity: 'UNLIMITED',
  begin: isoDay(today),
  end: '',
});

/** The form value of a person's role in one application (an ended role counts as none: spec 2 §4). */
function roleValueOf(role: EnterpriseUserRole | undefined, section: AppSection, today: Date): RoleFormValue {
  if (!role || role.roleId === null || isRoleEnded(role, today)) return noRole(today);
  const end = wireToIso(role.end);
  return {
    categoryId: categoryOfRole(section.categories, role.roleId),
    roleId: role.roleId,
    validity: end ? 'LIMITED' : 'UNLIMITED',
    begin: wireToIso(role.begin) || isoDay(today),
    end,
  };
}

/** The sections' values for a person's roles (also the dialog's starting copy of them). */
export function rolesOf(roles: UserRoles, sections: AppSection[], today: Date): Omit<RolesValue, 'touched'> {
  const values: Record<string, RoleFormValue> = {};
  const hadRole: string[] = [];
  for (const s of sections) {
    values[s.application] = roleValueOf(roles[s.application], s, today);
    if (values[s.application].roleId !== null) hadRole.push(s.application);
  }
  return { roles: values, hadRole };
}

/** One application's value changed by `change`, or no change when the application has no section. */
const withRole =
  (application: string, change: (r: RoleFormValue) => RoleFormValue | null) =>
  (c: RightsRolesContext): Partial<RightsRolesContext> => {
    const r = c.roles[application];
    const next = r ? change(r) : null;
    return next ? { roles: { ...c.roles, [application]: next } } : {};
  };
const sectionOf = (c: RightsRolesContext, application: string) => c.sections.find((s) => s.application === application);

const tell = reporter<RightsRolesContext, RightsRolesEvent, RightsRolesReport>();

const rightsRolesSetup = setup({
  types: {
    context: {} as RightsRolesContext,
    input: {} as RightsRolesInput,
    events: {} as RightsRolesEvent,
    emitted: {} as RightsRolesReport,
  },
  actions: {
    pickCategory: assign(({ context, event }) => {
      if (event.type !== 'rights.category') return {};
      const section = sectionOf(context, event.application);
      return section
        ? withRole(event.application, (r) => ({ ...r, ...pickCategory(section.categories, event.category) }))(context)
        : {};
    }),
    pickRole: assign(({ context, event }) => {
      if (event.type !== 'rights.role') return {};
      const section = sectionOf(context, event.application);
      const categoryId = section ? categoryOfRole(section.categories, event.roleId) : null;
      return withRole(event.application, (r) => (categoryId ? { ...r, roleId: event.roleId, categoryId } : null))(
        context,
      );
    }),
    setValidity: assign(({ context, event }) =>
      event.type === 'rights.validity'
        ? withRole(event.application, (r) => ({ ...r, validity: event.validity }))(context)
        : {},
    ),
    setDates: assign(({ context, event }) => {
      if (event.type !== 'rights.dates' || !context.roles[event.application]) return {};
      const touched = new Set(context.touched);
      if (event.begin !== undefined) touched.add(`${event.application}.begin`);
      if (event.end !== undefined) touched.add(`${event.application}.end`);
      const dated = withRole(event.application, (r) => ({
        ...r,
        begin: event.begin ?? r.begin,
        end: event.end ?? r.end,
      }));
      return { ...dated(context), touched: [...touched] };
    }),
    clearRoles: assign(({ context }) => ({
      roles: Object.fromEntries(Object.keys(context.roles).map((app) => [app, noRole(context.today)])),
    })),
    takeRoles: assign(({ context, event }) =>
      event.type === 'rights.reset' ? rolesOf(event.roles, context.sections, context.today) : {},
    ),
    setRoles: assign(({ event }) =>
      event.type === 'rights.set' ? { roles: event.roles, hadRole: event.hadRole } : {},
    ),
    report: tell(({ context }) => ({
      type: 'rights.rolesChanged',
      value: { roles: context.roles, hadRole: context.hadRole, touched: context.touched },
    })),
  },
});

export const rightsRolesMachine = rightsRolesSetup.createMachine({
  id: 'rightsRoles',
  description:
    "The rights dialog's application sections: the administrator chooses the person's role category, role and validity in each application.",
  context: ({ input }) => ({
    sections: input.sections,
    today: input.today,
    touched: [],
    ...rolesOf(input.roles, input.sections, input.today),
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'One section per application shows the role categories and roles on offer, and the validity.',
      on: {
        'rights.category': {
          actions: ['pickCategory', 'report'],
          description: "Chooses a role category in an application: the category's first role is selected",
        },
        'rights.role': { actions: ['pickRole', 'report'], description: 'Chooses a role in an application' },
        'rights.validity': {
          actions: ['setValidity', 'report'],
          description: "Chooses unlimited or limited validity for an application's role",
        },
        'rights.dates': {
          actions: ['setDates', 'report'],
          description: "Enters the from or to date of an application's role",
        },
        'rights.clear': {
          actions: ['clearRoles', 'report'],
          description: "Clicks 'Remove all rights': every application is left without a role",
        },
        'rights.reset': {
          actions: ['takeRoles', 'report'],
          description: "The dialog now edits one of the customer's users: their roles fill the sections",
        },
        'rights.set': {
          actions: ['setRoles', 'report'],
          description:
            "Someone else saved the person's rights meanwhile: the sections show the values merged with theirs",
        },
      },
    },
  },
});
