/**
 * Two people edit one customer's data at once (RFC 9110 conditional requests; the form machine's conflict state,
 * machines/settingsForm.machine.ts): mari (main administrator) and kristi (customer manager) open Maasikas OÜ's
 * data; mari changes the phone and saves; kristi, still on the old data, changes the homepage and saves. Her save
 * is refused as stale (412), nothing of hers is lost, the form takes mari's phone and tells her so, and her second
 * save stores both changes. The demo data is restored at the end.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { MAASIKAS, openAs } from './helpers';

const PAGE = `/ui/settings/represented/${MAASIKAS}`;
const MARIS_PHONE = '+372 5111 2222';
const KRISTIS_HOMEPAGE = 'https://maasikas-uus.example/';

const phone = (p: Page) => p.getByLabel('Phone', { exact: true });
const homepage = (p: Page) => p.getByLabel('Homepage', { exact: true });
const save = (p: Page) => p.getByRole('button', { name: 'Save', exact: true });
const saved = (p: Page) => p.locator('.toast').filter({ hasText: 'Save successful' });

test('mari and kristi edit Maasikas OÜ at once: kristi sees what mari changed, and both changes are stored', async ({
  browser,
}) => {
  const mariContext = await browser.newContext();
  const kristiContext = await browser.newContext();
  const mari = await mariContext.newPage();
  const kristi = await kristiContext.newPage();
  await openAs(mari, 'mari', 'Maasikas OÜ', PAGE);
  await openAs(kristi, 'kristi', null, PAGE);
  await expect(phone(mari)).toBeVisible();
  await expect(phone(kristi)).toBeVisible();
  const oldPhone = await phone(kristi).inputValue();
  const oldHomepage = await homepage(kristi).inputValue();
  expect(oldPhone).not.toBe(MARIS_PHONE);
  expect(oldHomepage).not.toBe(KRISTIS_HOMEPAGE);

  try {
    await phone(mari).fill(MARIS_PHONE);
    await save(mari).click();
    await expect(saved(mari)).toBeVisible();

    // kristi still shows the data as it was when she opened it
    await expect(phone(kristi)).toHaveValue(oldPhone);
    await homepage(kristi).fill(KRISTIS_HOMEPAGE);
    await save(kristi).click();

    const notice = kristi.getByTestId('form-conflict');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Someone else changed this data while you were editing it');
    await expect(kristi.getByTestId('form-conflict-taken')).toHaveText(`Phone: ${MARIS_PHONE}`);
    // no success for the refused save, and nothing typed is lost: her homepage stays beside mari's phone
    await expect(saved(kristi)).toHaveCount(0);
    await expect(homepage(kristi)).toHaveValue(KRISTIS_HOMEPAGE);
    await expect(phone(kristi)).toHaveValue(MARIS_PHONE);

    await save(kristi).click();
    await expect(saved(kristi)).toBeVisible();
    await expect(notice).toHaveCount(0);

    await mari.reload();
    await expect(phone(mari)).toHaveValue(MARIS_PHONE);
    await expect(homepage(mari)).toHaveValue(KRISTIS_HOMEPAGE);
  } finally {
    // restore the demo data for the other tests (kristi's form holds the latest version)
    await kristi.reload();
    await phone(kristi).fill(oldPhone);
    await homepage(kristi).fill(oldHomepage);
    await save(kristi).click();
    await expect(saved(kristi).first()).toBeVisible();
    await mariContext.close();
    await kristiContext.close();
  }
});
