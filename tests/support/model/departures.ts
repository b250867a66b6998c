/**
 * Where the flows depart from the spec on purpose, as the flow book marks them: the flow and its step (or the flow's
 * own id for the whole flow), the row of docs/spec-departures.md, and the row's short title, which the book shows at
 * the step. `npm run viz:check` holds the three together (tools/viz/book.ts, departureProblems): every word of the
 * title is in the row's "what the portal does" and in what the book says at that step, every row that names a
 * machine (and a step of it) is marked there, and every mark's row names its machine.
 */
export interface DepartureMark {
  flow: string;
  state: string;
  row: string;
  title: string;
}

/**
 * D44 in one sentence, for every place that tells it (settingsForm's and portal's "what happens if" paths): the two
 * once said opposite things about the draft across sign-on.
 */
export const DRAFT_KEPT_ACROSS_SIGN_ON =
  'nothing is saved; what the person typed is kept while they sign on again, and the form shows it again afterwards';

/** `Nothing is saved; …`: the sentence at the start of a title */
export const capitalised = (text: string): string => text[0].toUpperCase() + text.slice(1);

export const DEPARTURES: DepartureMark[] = [
  {
    flow: 'customerConfirmation',
    state: 'customerConfirmation',
    row: 'D1',
    title: 'No answer: what was typed stays',
  },
  { flow: 'customerCreation', state: 'customerCreation', row: 'D1', title: 'No answer' },
  { flow: 'signing', state: 'signing.requestFailed', row: 'D1', title: 'No answer: the person may try again' },
  { flow: 'companyLookup', state: 'companyLookup.lookupFailed', row: 'D2', title: 'The typed text stays' },
  {
    flow: 'representedChoice',
    state: 'representedChoice.open.changingRepresented',
    row: 'D3',
    title: 'A pick tries again',
  },
  { flow: 'rightsSave', state: 'rightsSave', row: 'D4', title: 'A saved right holds at once' },
  { flow: 'frameLoad', state: 'frameLoad', row: 'D7', title: 'The application in the frame reports ready' },
  { flow: 'customerAdd', state: 'customerAdd.open.signing', row: 'D8', title: 'The person may try again' },
  { flow: 'idCardSigning', state: 'idCardSigning', row: 'D8', title: 'The person may try again' },
  { flow: 'logout', state: 'logout', row: 'D11', title: 'Waits for its answer' },
  { flow: 'applicationFrame', state: 'applicationFrame.rolesFailed', row: 'D15', title: 'Not available at the moment' },
  { flow: 'companyLookup', state: 'companyLookup', row: 'D18', title: 'Under the company field' },
  {
    flow: 'rightsEdit',
    state: 'rightsEdit.confirmingRemoveAll',
    row: 'D23',
    title: '“Remove all rights?” before anything is cleared',
  },
  { flow: 'pages', state: 'pages', row: 'D28', title: 'The application reloads for the new party' },
  { flow: 'rightsPerson', state: 'rightsPerson', row: 'D35', title: 'Domain and language for a new user' },
  {
    flow: 'settingsForm',
    state: 'settingsForm.signingOnAgain',
    row: 'D44',
    title: 'Keeps what the person typed',
  },
  { flow: 'portal', state: 'portal', row: 'D44', title: 'A draft of what the person typed' },
];
