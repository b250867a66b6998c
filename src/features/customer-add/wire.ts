/**
 * The real effects of the customer-add flow's children (the company lookup, the creation of rights or a customer
 * under the confirmation, each signing attempt), provided to the logic the portal's
 * customerAddModal machine runs when the customer-add modal first opens (src/app/portal.ts): machines/customerAdd,
 * companyLookup, customerConfirmation, customerCreation, signing and idCardSigning. Every API call
 * passes the `signal` fromPromise hands in, so leaving a state (closing the modal, an end status, leaving the page)
 * aborts its request.
 */
import { fromPromise } from 'xstate';
import { createCustomer } from '../../api/customer-add/create-customer';
import { createRights } from '../../api/customer-add/create-rights';
import { findCompanies } from '../../api/customer-add/find-companies';
import { getCustomer } from '../../api/customer-add/get-customer';
import { checkMobileId } from '../../api/sign/check-mobile-id';
import { checkSmartId } from '../../api/sign/check-smart-id';
import { finalizeSignature } from '../../api/sign/finalize-signature';
import { prepareDigest } from '../../api/sign/prepare-digest';
import { startMobileId } from '../../api/sign/start-mobile-id';
import { startSmartId } from '../../api/sign/start-smart-id';
import type { PortalConfig } from '../../../domain/contract';
import { companyLookupMachine } from '../../../machines/companyLookup.machine';
import { customerAddMachine } from '../../../machines/customerAdd.machine';
import { customerConfirmationMachine } from '../../../machines/customerConfirmation.machine';
import { customerCreationMachine } from '../../../machines/customerCreation.machine';
import { STATUS_TIMEOUT, provideSigning } from '../../../machines/signing.machine';
import type { PortalCore } from '../../app/portal';
import { createIdCardAdapter, createPinPrompt, type IdCardAdapter, type PinPrompt } from './id-card';

export interface CustomerAddPart {
  /** the flow with its effects, and its input: what the customerAddModal machine runs while the modal's flow is needed */
  logic: ReturnType<typeof provideFlow>;
  input: { accountService: Pick<PortalConfig, 'runMode' | 'accountServiceUrl' | 'baseUrl'> };
  idCard: IdCardAdapter;
  /** the software card's PIN dialog store (the modal renders it) */
  pinPrompt: PinPrompt;
}

export function wireCustomerAdd(
  { config, api, queryClient }: Pick<PortalCore, 'config' | 'api' | 'queryClient'>,
  { idCard, pinPrompt = createPinPrompt() }: { idCard?: IdCardAdapter; pinPrompt?: PinPrompt } = {},
): CustomerAddPart {
  const card = idCard ?? createIdCardAdapter(config.idCard, pinPrompt);
  return {
    logic: provideFlow({ config, api, queryClient }, card),
    input: {
      accountService: { runMode: config.runMode, accountServiceUrl: config.accountServiceUrl, baseUrl: config.baseUrl },
    },
    idCard: card,
    pinPrompt,
  };
}

function provideFlow(
  { config, api, queryClient }: Pick<PortalCore, 'config' | 'api' | 'queryClient'>,
  card: IdCardAdapter,
) {
  const lang = () => document.documentElement.lang || config.language;
  const signing = provideSigning({
    getCertificate: fromPromise(({ signal }) => card.getSigningCertificate({ lang: lang(), signal })),
    prepareDigest: fromPromise(({ input, signal }) => prepareDigest(api, input, signal)),
    signHash: fromPromise(({ input, signal }) =>
      card.sign(input.certificate, input.hash, input.hashFunction, { lang: lang(), signal }),
    ),
    finalizeSignature: fromPromise(({ input, signal }) => finalizeSignature(api, input, signal)),
    startMobileId: fromPromise(({ input, signal }) => startMobileId(api, input, signal)),
    // the API's status timeout is the machine's STATUS_TIMEOUT: one number for both
    checkMobileIdStatus: fromPromise(({ signal }) => checkMobileId(api, STATUS_TIMEOUT, signal)),
    startSmartId: fromPromise(({ input, signal }) => startSmartId(api, input, signal)),
    checkSmartIdStatus: fromPromise(({ signal }) => checkSmartId(api, STATUS_TIMEOUT, signal)),
  });
  return customerAddMachine.provide({
    actors: {
      companyLookup: companyLookupMachine.provide({
        actors: {
          findCompanies: fromPromise(({ input, signal }) => findCompanies(api, input.term, signal)),
          loadCustomer: fromPromise(({ input, signal }) => getCustomer(api, input.code, signal)),
        },
      }),
      customerConfirmation: customerConfirmationMachine.provide({
        actors: {
          customerCreation: customerCreationMachine.provide({
            actors: {
              createRights: fromPromise(({ input, signal }) => createRights({ api, queryClient }, input, signal)),
              createCustomer: fromPromise(({ input, signal }) => createCustomer({ api, queryClient }, input, signal)),
            },
          }),
        },
      }),
      signing,
    },
  });
}
