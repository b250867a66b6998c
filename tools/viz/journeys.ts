/**
 * How the flow book's index is organised: by what a person does (a journey), each flow with a human title, and the
 * internal parts in their own section. Every machine must be listed here (viz reports one that is not), so a new
 * flow cannot slip into the book without a place and a title a product owner can read.
 */

export interface Journey {
  id: string;
  title: string;
  /** one line under the heading: what the person does in it */
  line: string;
}

/** the journeys in the order the index shows them; `parts` (the internal parts) comes last */
export const JOURNEYS: Journey[] = [
  { id: 'sign-in', title: 'Signing in and out', line: 'Getting into the portal, the first visit, and leaving it.' },
  {
    id: 'choose',
    title: 'Choosing whom to act for',
    line: 'The person picks the company or person they act for, or switches to another.',
  },
  {
    id: 'customer',
    title: 'Adding a customer',
    line: 'A company becomes a business customer: found in the register, confirmed, the contract signed.',
  },
  { id: 'settings', title: 'Settings', line: "The person's own details, password and preferences." },
  { id: 'rights', title: 'Rights', line: "An administrator decides who may use the customer's services, and how." },
  {
    id: 'applications',
    title: 'Applications',
    line: "The provider's applications shown inside the portal, and what happens when one goes down.",
  },
  { id: 'moving', title: 'Moving around', line: 'Pages, the side menu and what a refused page says.' },
  {
    id: 'parts',
    title: 'How the parts work together',
    line: 'Internal parts: no person acts in them directly; they carry what one flow decides to the others.',
  },
];

/** flow (machine file stem) → its journey and its title in plain words */
export const FLOW_PLACES: Record<string, { journey: string; title: string }> = {
  session: { journey: 'sign-in', title: 'Who is signed in' },
  resetPassword: { journey: 'sign-in', title: 'Setting a username and password from the e-mail link' },
  eula: { journey: 'sign-in', title: 'The first visit: terms of use and start-up choices' },
  locale: { journey: 'sign-in', title: 'Language and country' },
  logout: { journey: 'sign-in', title: 'Logging out' },

  representedChoice: { journey: 'choose', title: 'Choosing whom to act for after login' },
  choiceList: { journey: 'choose', title: 'Searching and paging the list of parties' },
  representedChange: { journey: 'choose', title: 'Switching to another company or person' },
  representedDetails: { journey: 'choose', title: "The chosen company's details on every page" },
  preferenceUse: { journey: 'choose', title: "'Save and use': acting for the preferred party" },

  customerAdd: { journey: 'customer', title: 'Adding a business customer' },
  companyLookup: { journey: 'customer', title: 'Finding the company in the business register' },
  customerConfirmation: { journey: 'customer', title: 'Confirming what to do with the company' },
  customerCreation: { journey: 'customer', title: 'Asking for rights, or adding the customer (staff)' },
  signing: { journey: 'customer', title: 'Signing the contract with ID-card, Mobile-ID or Smart-ID' },
  idCardSigning: { journey: 'customer', title: 'Signing with the ID-card' },
  customerSearch: { journey: 'customer', title: 'Staff: searching customers and users' },

  settingsForm: { journey: 'settings', title: 'Editing and saving a settings form' },

  rightsList: { journey: 'rights', title: "The list of a customer's users and their rights" },
  rightsEdit: { journey: 'rights', title: "Editing a user's rights" },
  rightsPerson: { journey: 'rights', title: 'The user in the rights dialog' },
  rightsRoles: { journey: 'rights', title: 'Roles per application in the rights dialog' },
  rightsLoad: { journey: 'rights', title: 'Loading the rights list' },
  rightsSave: { journey: 'rights', title: 'Saving rights in every application' },

  externalApplication: { journey: 'applications', title: 'An application page' },
  applicationFrame: { journey: 'applications', title: 'Opening an application for the party' },
  financeCheck: { journey: 'applications', title: "Invoicing management: checking the customer's package" },
  financeRecovery: { journey: 'applications', title: 'Invoicing management is away: back to it' },
  deadApplicationPoll: { journey: 'applications', title: 'An application goes down or comes back' },
  frameLoad: { journey: 'applications', title: 'Waiting for the application to be ready' },

  navigation: { journey: 'moving', title: 'Opening a page' },
  sidePanel: { journey: 'moving', title: 'The side menu' },

  portal: { journey: 'parts', title: 'The portal as a whole' },
  pages: { journey: 'parts', title: 'What the page on screen runs' },
  modal: { journey: 'parts', title: 'Dialog windows, one at a time' },
  toasts: { journey: 'parts', title: 'Short messages in the corner' },
  customerAddModal: { journey: 'parts', title: 'The customer-add dialog around its flow' },
  frameChannel: { journey: 'parts', title: 'Messages between the portal and an application' },
  frameConnection: { journey: 'parts', title: 'Keeping the line to an application alive' },
  callRegistry: { journey: 'parts', title: 'Questions to an application that wait for an answer' },
};

/** the flows viz draws that this file does not place (each an error: the index would have no place for it) */
export function unplaced(flows: string[]): string[] {
  const known = new Set(JOURNEYS.map((j) => j.id));
  return flows.filter((f) => !FLOW_PLACES[f] || !known.has(FLOW_PLACES[f].journey));
}

/** How to read a diagram and a path: the book's legend (the README says the same at more length). */
export const LEGEND: { sign: string; means: string }[] = [
  { sign: 'Box', means: 'A step the flow can be in: its name on top, what the person sees below.' },
  {
    sign: 'Large frame around boxes',
    means: 'A group of steps. The filled dot inside shows where it starts, a ringed dot where it ends.',
  },
  {
    sign: 'Arrow',
    means: 'A way to move on; its label says what makes it happen. An arrow without words moves on by itself.',
  },
  { sign: '↺ inside a box', means: 'The step handles this and stays where it is (a form field changes).' },
  { sign: 'Grey dotted box', means: 'What a group does whichever of its steps it is in.' },
  {
    sign: 'Yellow box (▸ 4 steps)',
    means: 'A group drawn closed to keep the picture small: click it to open its own diagram.',
  },
  { sign: 'Grey dashed box', means: 'In a group’s own diagram: the way out (→ closed) or the way in (from …).' },
  { sign: 'Blue dashed outline', means: 'The step hands off to another flow: click it, then follow “continues in”.' },
  {
    sign: 'Orange outline',
    means:
      'The step departs from the spec on purpose: the flow’s page says how, and links its row of docs/spec-departures.md.',
  },
  { sign: 'Green box', means: 'Live mode only: the step the portal running in another tab is in now.' },
  {
    sign: 'Do / Answer / Wait, then See',
    means:
      'A test path’s steps: what the person does, what a service answers, or how long to wait; then what is on screen.',
  },
  {
    sign: 'What happens if…',
    means: 'A path written by hand in the flow’s model spec to answer one question; the others are generated.',
  },
];

/** The words the book uses that a newcomer does not know. */
export const GLOSSARY: { term: string; means: string }[] = [
  {
    term: 'Represented party',
    means: 'The company or person a signed-in person acts for. Everything the portal shows is for this party.',
  },
  { term: 'Business customer', means: 'A company with a contract with the provider; it can use the applications.' },
  {
    term: 'Main administrator',
    means: "A person who holds all rights of a business customer and decides the other users' rights.",
  },
  {
    term: 'Head administrators',
    means: "The business customer's main administrators, listed apart in the rights list.",
  },
  {
    term: 'Internal user (IN_AD)',
    means: "The provider's own staff (customer managers, administrators), signed in through the company directory.",
  },
  {
    term: 'Back office (accounting system)',
    means: 'The provider’s customer system; when it is down, adding customers stops.',
  },
  { term: 'Business register', means: 'The public register of companies where customer add finds a company.' },
  {
    term: 'Contract',
    means: 'The business customer contract. A board member signs it with ID-card, Mobile-ID or Smart-ID.',
  },
  {
    term: 'Sign-on',
    means: 'The login service shared by the provider’s sites; the portal sends the person there to log in.',
  },
  { term: 'Session', means: 'The time a person stays signed in. When it expires the person must sign on again.' },
  { term: 'Draft', means: 'What the person typed in a form, kept while they sign on again.' },
  {
    term: 'Application',
    means: 'One of the provider’s services (shipment registration, invoicing, periodicals) shown in a frame.',
  },
  {
    term: 'Rights, roles',
    means: 'What a user may do in each application: a role category, a role, and its validity.',
  },
  { term: 'Toast', means: 'A short message in the corner of the screen.' },
  { term: 'Flow', means: 'One part of the portal that runs by itself and keeps its own state (a state machine).' },
];

/** Steps that depart from the spec on purpose, with their rows of docs/spec-departures.md (one list, in tests/support). */
export { DEPARTURES } from '../../tests/support/model/departures';
