/**
 * A right ended is ended at once (spec 1 §4 role validity; domain/contract.ts RIGHT_ENDED): mari acts for
 * Põldmari AS with its shipment registration open; kristi ends mari's right there in another session through the real
 * rights API; mari's next navigation says so, closes the application's frame and asks her again whom she represents.
 * Changes mari's right in Põldmari AS (global state: restored at the end).
 */
import type { Browser } from '@playwright/test';
import type { RoleCommand, SaveCommand } from '../../../domain/represented-settings/contract';
import { COOKIE, XSRF_HEADER } from '../../../domain/contract';
import { expect, signInAs, test } from '../fixtures';
import { ossFrame } from '../external/helpers';
import { MESSAGES } from '../skeleton/helpers';
import { choiceDialog, pick, signIn } from './helpers';

const POLDMARI = 'EPEE11000026';

/** DD.MM.YYYY of today plus `days`, as the rights modal sends it */
function wireDay(days: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

/** kristi (customer manager), in a session of her own, saves mari's OSS right in Põldmari AS */
async function kristiSavesMarisRight(browser: Browser, oss: RoleCommand) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAs(page, 'kristi');
    const xsrf = (await context.cookies()).find((c) => c.name === COOKIE.xsrf)?.value ?? '';
    const command: SaveCommand = {
      userId: 'EE48709050218',
      userCode: '48709050218',
      country: 'EE',
      domain: 'EE',
      firstName: 'Mari',
      lastName: 'Maasikas',
      customerId: POLDMARI,
      admin: false,
      email: 'mari.maasikas@example.ee',
      roles: { OSS: oss },
    };
    const res = await page.request.post('/api/user/role/edit', { data: command, headers: { [XSRF_HEADER]: xsrf } });
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toEqual({ value: [] });
  } finally {
    await context.close();
  }
}

test.afterEach(async ({ browser }) => {
  // mari's right as the demo data has it: OSS role 102 since long ago, without an end
  await kristiSavesMarisRight(browser, {
    validity: 'UNLIMITED',
    categoryId: 'OPERATIONS',
    roleId: 102,
    begin: wireDay(-400),
    end: null,
  });
});

test("kristi ends mari's right in Põldmari AS: mari's next page says so, the frame closes and the choice opens", async ({
  page,
  browser,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Põldmari AS');
  await page.getByTestId('shortcuts').getByRole('link', { name: 'Shipment registration' }).click();
  await expect(page).toHaveURL(/\/ui\/oss-wrapper(#.*)?$/);
  await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Põldmari AS');

  // no role: the portal's rights modal ends the right yesterday (spec 2 §4 "Saving with no role")
  await kristiSavesMarisRight(browser, {
    validity: 'UNLIMITED',
    categoryId: null,
    roleId: null,
    begin: null,
    end: wireDay(-1),
  });

  // mari's next navigation (the header's link to her main page); an open tab learns of it by itself too, at the
  // next call that acts for the party (the dead-application poll among them)
  await Promise.race([
    page.getByRole('banner').getByRole('link', { name: 'Main page' }).click(),
    choiceDialog(page).waitFor(),
  ]);

  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.en['error.rightEnded'] })).toBeVisible();
  await expect(choiceDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/ui\/dashboard/);
  await expect(page.locator('#oss-iframe')).toHaveCount(0);
  // the server acts for no one now: picking another party works as at sign-in
  await pick(page, 'Maasikas OÜ');
  await expect(page.getByTestId('represented')).toHaveText('Maasikas OÜ');
});
