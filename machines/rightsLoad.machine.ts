/**
 * The rights model load of a business customer (spec 2 §4 "Rights model load", §2 "/settings/rights").
 *
 * customer + admins + one region per supported application, all at once; done when every one has ended.
 * - Each answer, or the failure of a load, is reported as it lands (domain/report.ts: to the rights list, which
 *   shows it at once).
 * - The load resolves when every parallel load has ended, with or without errors: a failed load ends its region
 *   like an answer does, so one slow or broken application never holds the others back.
 * machines/rightsList.machine.ts invokes it (actor id `rightsLoad`) on every load and reload of the list.
 *
 * Pure: effects are the actors below (defaults throw); src/features/represented-settings/wire.ts provides them.
 */
import { setup } from 'xstate';
import {
  type Admin,
  type EnterpriseUsersAnswer,
  type RepresentedCustomer,
  type RoleTree,
} from '../domain/represented-settings';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';

/** One application's users with their roles, and its role tree. */
export interface ApplicationAnswer {
  answer: EnterpriseUsersAnswer;
  tree: RoleTree;
}

/** What the load tells the list, one event per answer or failure. */
export type RightsLoadReport =
  | { type: 'rights.customerLoaded'; customer: RepresentedCustomer }
  | { type: 'rights.customerFailed' }
  | { type: 'rights.adminsLoaded'; admins: Admin[] }
  | { type: 'rights.adminsFailed' }
  | { type: 'rights.applicationLoaded'; application: string; loaded: ApplicationAnswer }
  | { type: 'rights.applicationFailed'; application: string };

export interface RightsLoadInput {
  customerId: string;
}

const tell = reporter<RightsLoadInput, { type: string }, RightsLoadReport>();

const rightsLoadSetup = setup({
  types: { context: {} as RightsLoadInput, input: {} as RightsLoadInput, emitted: {} as RightsLoadReport },
  actors: {
    /** POST settings/get { value: customerId } */
    loadCustomer: notProvided<RepresentedCustomer, { customerId: string }>('loadCustomer'),
    /** GET enterprise/users/administrators/{customerId} */
    loadAdmins: notProvided<Admin[], { customerId: string }>('loadAdmins'),
    /** GET enterprise/users/clientapp/{app}/{customerId} and the application's role tree (roles-and-packets) */
    loadApplication: notProvided<ApplicationAnswer, { customerId: string; application: string }>('loadApplication'),
  },
  actions: {
    report: tell((_, report: RightsLoadReport) => report),
  },
});

/** The applications as the descriptions name them for people. */
const APPLICATION_NAME: Record<string, string> = {
  OSS: 'shipment registration',
  PERIODICALS: 'periodicals',
  FINANCE: 'invoicing management',
};

/** One parallel load of an application's users and role tree. */
function applicationRegion(application: string) {
  const name = APPLICATION_NAME[application] ?? application;
  return rightsLoadSetup.createStateConfig({
    description: `The users' roles in ${name} load.`,
    initial: 'loading',
    states: {
      loading: {
        description: `The portal loads who has which role in ${name}.`,
        invoke: {
          id: `load${application}`,
          src: 'loadApplication',
          input: ({ context }) => ({ customerId: context.customerId, application }),
          onDone: {
            target: 'loaded',
            actions: {
              type: 'report',
              params: ({ event }) => ({ type: 'rights.applicationLoaded', application, loaded: event.output }),
            },
            description: `The server answers with the ${name} roles: the list shows them`,
          },
          onError: {
            target: 'failed',
            actions: { type: 'report', params: { type: 'rights.applicationFailed', application } },
            description: `The server does not answer: the ${name} column will say the service is disrupted`,
          },
        },
      },
      loaded: { type: 'final', description: `The ${name} roles are loaded.` },
      failed: { type: 'final', description: `The ${name} roles could not be loaded.` },
    },
  });
}

export const rightsLoadMachine = rightsLoadSetup.createMachine({
  id: 'rightsLoad',
  description:
    "The portal loads a business customer, its head administrators and the users' roles in each application at once, and hands each answer to the rights list as it arrives.",
  context: ({ input }) => input,
  type: 'parallel',
  states: {
    customer: {
      description: "The customer's name and registry code load.",
      initial: 'loading',
      states: {
        loading: {
          description: 'The portal loads the customer.',
          invoke: {
            id: 'loadCustomer',
            src: 'loadCustomer',
            input: ({ context }) => ({ customerId: context.customerId }),
            onDone: {
              target: 'loaded',
              actions: {
                type: 'report',
                params: ({ event }) => ({ type: 'rights.customerLoaded', customer: event.output }),
              },
              description: 'The server answers with the customer',
            },
            onError: {
              target: 'failed',
              actions: { type: 'report', params: { type: 'rights.customerFailed' } },
              description: 'The server does not answer: an error will show',
            },
          },
        },
        loaded: { type: 'final', description: 'The customer is loaded.' },
        failed: { type: 'final', description: 'The customer could not be loaded.' },
      },
    },
    admins: {
      description: 'The head administrators load.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The portal loads the head administrators.',
          invoke: {
            id: 'loadAdmins',
            src: 'loadAdmins',
            input: ({ context }) => ({ customerId: context.customerId }),
            onDone: {
              target: 'loaded',
              actions: {
                type: 'report',
                params: ({ event }) => ({ type: 'rights.adminsLoaded', admins: event.output }),
              },
              description: 'The server answers with the head administrators',
            },
            onError: {
              target: 'failed',
              actions: { type: 'report', params: { type: 'rights.adminsFailed' } },
              description: 'The server does not answer: an error will show',
            },
          },
        },
        loaded: { type: 'final', description: 'The head administrators are loaded.' },
        failed: { type: 'final', description: 'The head administrators could not be loaded.' },
      },
    },
    OSS: applicationRegion('OSS'),
    PERIODICALS: applicationRegion('PERIODICALS'),
    FINANCE: applicationRegion('FINANCE'),
  },
});
