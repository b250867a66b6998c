/**
 * Generated model paths for Playwright model tests (tests/model/*.spec.ts): the same paths `npm run test:model`
 * replays on the machine and lists in visualizations/paths/<flow>.md, here driven through the real UI.
 *
 *   import spec from '../../machines/representedChoice.model';
 *   import { followPath, modelPaths } from './paths';
 *   for (const path of modelPaths(spec)) {
 *     test(`choice modal, path ${path.index}: ${path.title}`, async ({ page }) => {
 *       await signInAs(page, 'jaan');
 *       await followPath(page, path, { actions, states });
 *     });
 *   }
 *
 * `actions` maps each event type of the paths to what a person does (click, type, or let the fake service
 * answer); `states` maps state keys (dot paths, as in spec.states) to what the page must show then.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { MachineModelSpec } from '../support/model/model-spec';
import { describeEvent, generatePaths, type GenerateOptions, type ModelPath } from '../../tools/model/lib';

export type { ModelPath };

/** Every generated path (what `npm run test:model` replays). */
export function modelPaths(spec: MachineModelSpec, options?: GenerateOptions): ModelPath[] {
  return generatePaths(spec, options).paths;
}

export type UiAction = (page: Page, event: EventObject, snapshotAfter: AnyMachineSnapshot) => Promise<void>;
export type UiCheck = (page: Page, snapshot: AnyMachineSnapshot) => Promise<void>;

export async function followPath(
  page: Page,
  path: ModelPath,
  { actions, states = {} }: { actions: Record<string, UiAction>; states?: Record<string, UiCheck> },
) {
  const check = async (snapshot: AnyMachineSnapshot) => {
    for (const [key, fn] of Object.entries(states)) if (snapshot.matches(key)) await fn(page, snapshot);
  };
  await check(path.initial);
  for (const [i, step] of path.steps.entries()) {
    const act = actions[step.event.type];
    if (!act) throw new Error(`no UI action for \`${step.event.type}\` (path ${path.index}, step ${i + 1})`);
    await act(page, step.event, step.snapshot);
    await check(step.snapshot);
  }
}

/** "send `choice.pick` → `closed`" per step, for test titles or annotations */
export function pathSteps(spec: MachineModelSpec, path: ModelPath): string[] {
  return path.steps.map((s, i) => `${i + 1}. ${describeEvent(spec.machine, s.event)}`);
}
