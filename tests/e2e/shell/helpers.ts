/** Helpers of the shell tests (choice modal, header, menus, dashboards, dead-application poll). */
import type { Page } from '@playwright/test';
import { COOKIE } from '../../../domain/contract';
import { expect, signInAs, test, type DemoPerson } from '../fixtures';

/**
 * Signs in with English as the language (the EPIT-LANGUAGE cookie the language switcher writes), so texts are
 * predictable whatever the person's preferred language. `target` defaults to the dashboard, which skips the root
 * redirect to a stored preference.
 */
export async function signIn(page: Page, who: DemoPerson, target = '/ui/dashboard') {
  const url = test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 8181}`;
  await page.context().addCookies([{ name: COOKIE.language, value: 'eng', url }]);
  await signInAs(page, who, { target });
}

export const choiceDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Choose, whose main page You want to enter' });

/** The names in the choice modal, in the order shown. */
export async function choiceNames(page: Page): Promise<string[]> {
  return choiceDialog(page).locator('tbody tr td:first-child').allInnerTexts();
}

/** Picks a party in the choice modal and waits until it is gone. */
export async function pick(page: Page, name: string) {
  await choiceDialog(page).getByRole('button', { name, exact: true }).click();
  await expect(choiceDialog(page)).toBeHidden();
}

/** A marker on window: it survives in-app navigation and disappears with a full page load. */
export async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 42));
}
export async function windowMarkerSurvived(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload === 42);
}
