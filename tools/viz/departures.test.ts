/**
 * The flow book and docs/spec-departures.md cannot contradict each other: viz:check's departure check, on the real
 * document and machines, and on a row broken on purpose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalMachine } from '../../machines/portal.machine';
import { settingsFormMachine } from '../../machines/settingsForm.machine';
import { ROOT } from '../lib/machines';
import { departureProblems, readDepartures, type BookInput } from './book';

const doc = readFileSync(join(ROOT, 'docs', 'spec-departures.md'), 'utf8');
const flows: BookInput['flows'] = [
  { flow: 'settingsForm', machine: settingsFormMachine, diagrams: [] },
  { flow: 'portal', machine: portalMachine, diagrams: [], description: portalMachine.root.description },
];
/** the problems of the two flows D44 marks (the other marks' flows are not loaded here) */
const problems = (markdown: string) =>
  departureProblems({ flows, outDir: '', departures: readDepartures(markdown) }).filter(
    (p) => !/: no flow /.test(p) && !/names machines\/(?!settingsForm|portal)/.test(p),
  );

describe('departures: the book and docs/spec-departures.md', () => {
  it('agree for settingsForm and portal as the document stands', () => {
    expect(problems(doc)).toEqual([]);
  });

  it("fail when a row's words no longer say what the book's title at the step says", () => {
    const broken = doc.replace(
      'keeps what the person typed as a draft, sends them to sign on',
      'shows error.auth and goes home, dropping what was typed',
    );
    expect(broken).not.toBe(doc);
    expect(problems(broken)).toEqual(
      expect.arrayContaining([
        "D44: the book's title “Keeps what the person typed” says keep, person; the row's “what the portal does” does not",
      ]),
    );
  });

  it('fail when a row names a step the book does not mark, or a mark loses its row', () => {
    const withRow = doc.replace(
      '## Not built',
      '| D98 | Spec 2 §1 | The form waits. `loading` in `machines/settingsForm.machine.ts`. | why |\n\n## Not built',
    );
    expect(problems(withRow)).toEqual([
      'D98 names machines/settingsForm.machine.ts, but the book marks no step of settingsForm with it',
      'D98 names the step `loading` of settingsForm, but the book does not mark it there',
    ]);
    const withoutLink = doc.replace('`signingOnAgain` in `machines/settingsForm.machine.ts`', 'the settings form');
    expect(problems(withoutLink)).toEqual([
      'D44 does not name machines/settingsForm.machine.ts, which the book marks: link it in the row',
      'D44 does not name the step `signingOnAgain` of settingsForm, which the book marks',
    ]);
  });
});
