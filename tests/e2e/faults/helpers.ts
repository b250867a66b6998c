/**
 * Helpers of the browser fault tests: the portal API made down, slow (5 s) or answering 500 through the simulator
 * console's switch (POST /sim/api/faults, server/sim/faults), for the whole server. The specs run in the serial
 * global-state project and clear the fault after each test.
 */
import type { Page } from '@playwright/test';
import { simPost } from '../customer-add/helpers';

export type FaultMode = 'off' | 'down' | 'slow' | '500';

/** the catalogue (spec 1 §8) in English */
export const TEXT = {
  clientError: 'Service is disrupted, please try again later',
  serverError: 'Error occured during request. Please check input data or try again later',
  contextFailed: 'Your data could not be loaded.',
  retry: 'Try again',
  loading: 'Loading…',
} as const;

/** the slow fault's delay: the console's default (DEFAULT_DELAY_MS, server/sim/faults), a test value */
export const SLOW_MS = 5_000;

/** Makes every /api path starting with one of `prefixes` (default: all of /api/) down, slow or failing. */
export async function setFault(page: Page, mode: FaultMode, prefixes: string[] = ['/api/']) {
  await simPost(page, 'faults', { mode, prefixes, delayMs: SLOW_MS });
}

export const clearFault = (page: Page) => setFault(page, 'off');
