/**
 * Business customer settings and rights: the machines with their real effects. Each page runs its own actor (the
 * customer data form: machines/settingsForm.machine.ts; the rights list, machines/rightsList.machine.ts, with its
 * load, machines/rightsLoad.machine.ts, and its edit modal, machines/rightsEdit.machine.ts, whose person part looks
 * people up, machines/rightsPerson.machine.ts, and whose save is machines/rightsSave.machine.ts).
 */
import { fromPromise } from 'xstate';
import { rightsEditMachine, type ReloadedRights, type ReloadRightsInput } from '../../../machines/rightsEdit.machine';
import { rightsListMachine } from '../../../machines/rightsList.machine';
import { rightsLoadMachine, type ApplicationAnswer } from '../../../machines/rightsLoad.machine';
import { rightsPersonMachine } from '../../../machines/rightsPerson.machine';
import { rightsSaveMachine } from '../../../machines/rightsSave.machine';
import {
  settingsFormMachine,
  type LoadedForm,
  type LoadRequest,
  type SaveOutcome,
  type SaveRequest,
} from '../../../machines/settingsForm.machine';
import {
  customerFormErrors,
  customerFormValues,
  settingsSaveBody,
  usesAddressRegister,
  type CustomerForm,
  type RepresentedCustomer,
} from '../../../domain/represented-settings';
import { FIELD_MESSAGE, refusedFields } from '../../../domain/fields';
import type { PortalCore } from '../../app/portal';
import { getAdministrators } from '../../api/enterprise/get-administrators';
import { getApplicationUsers } from '../../api/enterprise/get-application-users';
import { rolesAndPacketsQuery } from '../../api/roles-and-packets/get-roles-and-packets';
import { getVersionedCustomer, representedCustomerQuery } from '../../api/settings/get-customer';
import { saveCustomer } from '../../api/settings/save-customer';
import { getUser } from '../../api/user/get-user';
import { saveRights } from '../../api/user/save-rights';

export interface RepresentedSettings {
  /** the rights list (and its edit modal) with the real effects: one actor per rights page */
  rightsListLogic: ReturnType<typeof provideRightsList>;
  /** the customer data form for one loaded customer: one actor per edit page */
  customerFormLogic: (customer: RepresentedCustomer, opts: { canEditAnyCustomer: boolean }) => CustomerFormLogic;
}
type CustomerFormLogic = ReturnType<typeof provideCustomerForm>;

function provideRightsList(system: PortalCore) {
  const { api, config, queryClient } = system;
  return rightsListMachine.provide({
    actors: {
      rightsLoad: rightsLoadMachine.provide({
        actors: {
          loadCustomer: fromPromise(({ input }) =>
            queryClient.fetchQuery(representedCustomerQuery(api, input.customerId)),
          ),
          loadAdmins: fromPromise(({ input, signal }) => getAdministrators(api, input.customerId, signal)),
          loadApplication: fromPromise<ApplicationAnswer, { customerId: string; application: string }>(
            async ({ input, signal }) => {
              const [answer, tree] = await Promise.all([
                getApplicationUsers(api, input.application, input.customerId, config.roleRequestTimeout, signal),
                queryClient.fetchQuery(rolesAndPacketsQuery(api, input.application, false, config.roleRequestTimeout)),
              ]);
              return { answer, tree };
            },
          ),
        },
      }),
      rightsEdit: rightsEditMachine.provide({
        actors: {
          rightsPerson: rightsPersonMachine.provide({
            actors: { lookupUser: fromPromise(({ input, signal }) => getUser(api, input.userId, signal)) },
          }),
          rightsSave: rightsSaveMachine.provide({
            actors: {
              saveRights: fromPromise(({ input, signal }) =>
                saveRights(system, input.mode, input.command, signal, input.ifMatch),
              ),
            },
          }),
          // after a refused save: the person's row in every loaded application, as stored now (one version for all)
          reloadRights: fromPromise<ReloadedRights, ReloadRightsInput>(async ({ input, signal }) => {
            const answers = await Promise.all(
              input.applications.map((application) =>
                getApplicationUsers(api, application, input.customerId, config.roleRequestTimeout, signal),
              ),
            );
            const roles: ReloadedRights['roles'] = {};
            let version: string | null = null;
            answers.forEach((answer, i) => {
              const row = answer.list.find((item) => item.userId === input.userId);
              if (!row) return;
              roles[input.applications[i]] = row;
              version ??= row.version ?? null;
            });
            return { roles, version };
          }),
        },
      }),
    },
  });
}

/** The customer data form's fields with the rule whose message each shows when the server refuses it. */
const CUSTOMER_FIELD_RULES = {
  name: null,
  phone: FIELD_MESSAGE.phone,
  email: FIELD_MESSAGE.email,
  homepage: FIELD_MESSAGE.url,
  eShop: FIELD_MESSAGE.url,
  vatNr: null,
  addressLegal: FIELD_MESSAGE.address,
  addressContact: FIELD_MESSAGE.address,
} as const;

/** The form values are a CustomerForm (settingsForm keeps them as `object`). */
const asCustomerForm = (values: object) => values as CustomerForm;

function provideCustomerForm(system: PortalCore, customer: RepresentedCustomer, opts: { canEditAnyCustomer: boolean }) {
  let current = customer;
  return settingsFormMachine.provide({
    actors: {
      // always from the server: the form needs the version (ETag) its values are, which the page's query lacks
      loadForm: fromPromise<LoadedForm, LoadRequest>(async ({ signal }) => {
        const { customer: stored, etag } = await getVersionedCustomer(system, current.id, signal);
        current = stored;
        return { values: customerFormValues(stored), version: etag };
      }),
      saveForm: fromPromise<SaveOutcome, SaveRequest>(async ({ input, signal }) => {
        let saved: RepresentedCustomer;
        let version: string | null = null;
        try {
          saved = await saveCustomer(system, settingsSaveBody(current, asCustomerForm(input.values), opts), {
            signal,
            ifMatch: input.version,
            onETag: (etag) => (version = etag),
          });
        } catch (error) {
          // a field the server refuses (an address the register does not know) is marked with its own message
          const fieldErrors = refusedFields(error, CUSTOMER_FIELD_RULES);
          if (fieldErrors) return { fieldErrors };
          throw error;
        }
        current = saved;
        return { values: customerFormValues(saved), version };
      }),
    },
  });
}

/** The validate input of the customer form: spec 2 §5 rules, the register for an EE (or unknown) customer. */
export function customerFormValidate(customer: RepresentedCustomer) {
  const ee = usesAddressRegister(customer);
  return (values: object) => customerFormErrors(asCustomerForm(values), ee);
}

export function wireRepresentedSettings(system: PortalCore): RepresentedSettings {
  return {
    rightsListLogic: provideRightsList(system),
    customerFormLogic: (customer, opts) => provideCustomerForm(system, customer, opts),
  };
}
