/**
 * The flow book's screens: what a person sees at the steps of the customer journeys, saved by the browser tests
 * that walk them (tests/e2e/support/screens.ts, `npm run viz:screens`) into visualizations/screens/, with
 * manifest.json (flow, step, file, when taken, from which commit). The book shows each beside its step; viz:check
 * fails when a step promised here has no file, or the manifest names a file that is not there. Pixels are never
 * compared: screenshots differ from run to run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BookScreens } from './screens-client';

export interface PromisedScreen {
  flow: string;
  /** the step's name in the file (tests call screen(page, flow, step)) */
  step: string;
  /** the book step (a test path's step, as the book names its state) it is shown beside */
  state: string;
  /** what the picture shows (its alt text) */
  shows: string;
}

/**
 * The steps the book shows a screen for, journey by journey. The specs (and their tests, by title) that take them:
 * SCREEN_SPECS.
 */
export const SCREENS: PromisedScreen[] = [
  // signing in and choosing whom to act for: tests/e2e/shell/choice.spec.ts
  {
    flow: 'representedChoice',
    step: 'choosing',
    state: 'open › choosing',
    shows: 'After signing in, mari is asked whom to act for: herself, Maasikas OÜ, Põldmari AS or Vana Kaup OÜ.',
  },
  {
    flow: 'representedChoice',
    step: 'chosen',
    state: 'closed',
    shows: 'mari picked Maasikas OÜ: the main page shows Maasikas OÜ in the header.',
  },
  // customer add: tests/e2e/customer-add/signing.spec.ts (Mobile-ID, Smart-ID, ID-card)
  {
    flow: 'customerAdd',
    step: 'search',
    state: 'open › selectingCompany',
    shows: 'The customer-add dialog opens with the company search.',
  },
  {
    flow: 'customerConfirmation',
    step: 'contract-form',
    state: 'confirmingContract',
    shows: 'Testfirma OÜ is found: its registry code and address, the e-mail, the two boxes ticked and Sign.',
  },
  {
    flow: 'customerAdd',
    step: 'signing-methods',
    state: 'open › signing › choosingMethod',
    shows: 'Choose how to sign: ID-card, Mobile-ID with the phone number, Smart-ID.',
  },
  {
    flow: 'signing',
    step: 'mobile-id-code',
    state: 'mobileId › awaitingConfirmation › waitingForFirstCheck',
    shows: 'Mobile-ID: the four-digit verification code to compare with the phone.',
  },
  {
    flow: 'signing',
    step: 'smart-id-code',
    state: 'smartId › awaitingConfirmation › waitingForFirstCheck',
    shows: 'Smart-ID: the verification code to compare with the app.',
  },
  {
    flow: 'signing',
    step: 'id-card-pin',
    state: 'idCard',
    shows: 'ID-card: the PIN2 dialog over the customer-add dialog.',
  },
  {
    flow: 'customerAdd',
    step: 'signed',
    state: 'closed',
    shows:
      'Signed: “Representation rights were added…” shows, Testfirma OÜ’s settings open, and the choice of whom to act for now lists Testfirma OÜ.',
  },
  // settings save: tests/e2e/user-settings/edit.spec.ts
  {
    flow: 'settingsForm',
    step: 'editing',
    state: 'editing',
    shows: 'mari’s own settings with the mobile number and address changed, before Save.',
  },
  { flow: 'settingsForm', step: 'saved', state: 'saved', shows: 'Saved: “Save successful” shows.' },
  // rights edit: tests/e2e/represented-settings/rights-edit.spec.ts
  {
    flow: 'rightsEdit',
    step: 'editing',
    state: 'editing',
    shows: 'The rights dialog of a user of Maasikas OÜ: the person and a role per application.',
  },
  {
    flow: 'rightsEdit',
    step: 'confirm-remove-all',
    state: 'confirmingRemoveAll',
    shows: 'Remove all rights asks first: Yes, remove all rights or Cancel.',
  },
  {
    flow: 'rightsEdit',
    step: 'saved',
    state: 'saved',
    shows: 'Saved: the dialog is gone, “Save successful” shows and the list has the new user.',
  },
  // an application page: tests/e2e/external/oss-page.spec.ts
  {
    flow: 'externalApplication',
    step: 'open',
    state: 'opening',
    shows: 'Shipment registration for Maasikas OÜ: the portal’s header above the application in its frame.',
  },
];

/** The spec files and the tests in them (by title) that take the screens: what `npm run viz:screens` runs. */
export const SCREEN_SPECS: { file: string; tests: string[] }[] = [
  { file: 'tests/e2e/shell/choice.spec.ts', tests: ['mari: picking Maasikas OÜ shows it on the dashboard'] },
  {
    file: 'tests/e2e/customer-add/signing.spec.ts',
    tests: [
      'mary signs Testfirma OÜ with Mobile-ID',
      "sille's Smart-ID signature succeeds",
      'jaak signs with his demo card',
    ],
  },
  { file: 'tests/e2e/user-settings/edit.spec.ts', tests: ['mari changes her mobile and address'] },
  {
    file: 'tests/e2e/represented-settings/rights-edit.spec.ts',
    tests: ['mari adds a new user with an unknown EE code', 'remove all rights asks'],
  },
  { file: 'tests/e2e/external/oss-page.spec.ts', tests: ['mari opens shipment registration'] },
];

export interface ManifestEntry {
  flow: string;
  step: string;
  file: string;
  /** ISO time the file was written */
  takenAt: string;
  /** the commit the portal was built from (with "+changes" when the work tree differed) */
  commit: string;
}

export const SCREENS_FOLDER = 'screens';

/** the README's lines about the screens (lib.ts renderReadme) */
export const SCREENS_README = [
  '**Screens:** `screens/` holds what a person sees at the steps of the customer journeys (signing in and the choice,',
  'customer add with each signing method, settings save, rights edit, an application page), taken by the browser tests',
  'that walk them (`await screen(page, flow, step)`, tests/e2e/support/screens.ts) when `npm run viz:screens` runs them;',
  '`screens/manifest.json` says when and from which commit. The book shows each beside its step. They are generated:',
  'run `npm run viz:screens` again after a change to what those screens show, and commit the folder. `viz:check` fails',
  'when a step that tools/viz/screens.ts promises has no picture, or the manifest names a missing file; it never',
  'compares pixels.',
];
export const MANIFEST = 'manifest.json';

/** the manifest in `<outDir>/screens/`, or undefined when there is none (a folder viz:screens never wrote) */
export function readManifest(outDir: string): ManifestEntry[] | undefined {
  const file = join(outDir, SCREENS_FOLDER, MANIFEST);
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { screens: ManifestEntry[] }).screens;
}

/**
 * What is wrong with the screens in `outDir` (viz:check): a promised step without a file, a manifest entry whose
 * file is missing or that no step promises, a picture the manifest does not name.
 */
export function screenProblems(outDir: string): string[] {
  const manifest = readManifest(outDir);
  if (!manifest) return [`${SCREENS_FOLDER}/${MANIFEST} is missing: run npm run viz:screens`];
  const out: string[] = [];
  const dir = join(outDir, SCREENS_FOLDER);
  for (const p of SCREENS) {
    const entry = manifest.find((m) => m.flow === p.flow && m.step === p.step);
    if (!entry) out.push(`no screen of ${p.flow} “${p.step}” (${p.shows}): run npm run viz:screens`);
  }
  for (const m of manifest) {
    if (!existsSync(join(dir, m.file)))
      out.push(`${SCREENS_FOLDER}/${m.file} (${m.flow} “${m.step}”) is in the manifest but not in the folder`);
    if (!SCREENS.some((p) => p.flow === m.flow && p.step === m.step))
      out.push(`${SCREENS_FOLDER}/${m.file}: no step of tools/viz/screens.ts promises ${m.flow} “${m.step}”`);
  }
  const named = new Set(manifest.map((m) => m.file));
  for (const f of readdirSync(dir).filter((f) => f !== MANIFEST && !named.has(f)))
    out.push(`${SCREENS_FOLDER}/${f} is not in the manifest`);
  return out;
}

/** The book's data about the screens (undefined without a manifest), in the order SCREENS lists them. */
export function bookScreens(outDir: string): BookScreens | undefined {
  const manifest = readManifest(outDir);
  if (!manifest?.length) return undefined;
  const shots = SCREENS.flatMap((p) => {
    const m = manifest.find((e) => e.flow === p.flow && e.step === p.step);
    return m
      ? [{ flow: p.flow, step: p.step, state: p.state, shows: p.shows, src: `${SCREENS_FOLDER}/${m.file}` }]
      : [];
  });
  const times = manifest.map((m) => m.takenAt).sort();
  return {
    from: times[0],
    to: times[times.length - 1],
    commits: [...new Set(manifest.map((m) => m.commit))],
    shots,
  };
}
