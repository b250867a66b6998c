/**
 * Helpers of the external application tests. The demo applications (server/apps/) listen on the portal's
 * host on APPS_PORT, which defaults to PORT + 1 (server/env.ts): in a test run E2E_PORT + 1.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { COOKIE } from '../../../domain/contract';
import { expect, test } from '../fixtures';

export { markWindow, pick, signIn, windowMarkerSurvived } from '../shell/helpers';

/** The portal's origin in this run (Playwright's baseURL). */
export function portalOrigin(): string {
  return test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 8181}`;
}

/** The demo applications' origin: the portal's host on the next port. */
export function appsOrigin(): string {
  const url = new URL(portalOrigin());
  url.port = String(Number(url.port) + 1);
  return url.origin;
}

export const ossFrame = (page: Page): FrameLocator => page.frameLocator('#oss-iframe');
export const appFrame = (page: Page): FrameLocator => page.frameLocator('#app-iframe');

/** The external page's header facts. */
export const header = (page: Page) => page.getByTestId('external-header');

/** The shipment list in the OSS frame has loaded (its rows' tracking numbers). */
export async function shipmentIds(frame: FrameLocator): Promise<string[]> {
  const table = frame.getByTestId('oss-shipments');
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-shipment') ?? ''));
}

/** The portal's location hash without '#'. */
export const portalHash = (page: Page) => page.evaluate(() => window.location.hash.replace(/^#/, ''));

/**
 * A console switch of a demo application (POST /sim/api/apps/{app}, server/sim/console/apps.ts), from its own
 * request context with the XSRF token like the console page sends it.
 */
export async function setAppSwitch(
  sim: Page,
  application: 'OSS' | 'PERIODICALS' | 'FINANCE',
  patch: { noPing?: boolean; slowMs?: number; neverReady?: boolean; financeStatus?: string | null },
) {
  await sim.goto('/sim/');
  const token = (await sim.context().cookies()).find((c) => c.name === COOKIE.xsrf)?.value ?? '';
  const res = await sim.request.post(`/sim/api/apps/${application}`, {
    data: patch,
    headers: { 'X-XSRF-TOKEN': token },
  });
  expect(res.status(), `the console should accept ${JSON.stringify(patch)} for ${application}`).toBe(200);
}

/** The dead/alive switch of an application in the simulator console (the Applications section). */
export async function setDead(sim: Page, application: string, dead: boolean) {
  await sim.goto('/sim/');
  const sw = sim.locator(`#applications [role="switch"][data-app="${application}"]`);
  if ((await sw.isChecked()) !== dead) await sw.click();
  await expect(sim.locator(`[data-state-for="${application}"]`)).toHaveText(dead ? 'dead' : 'alive');
}
