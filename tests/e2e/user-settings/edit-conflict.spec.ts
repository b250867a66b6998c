/**
 * A person and staff edit the person's data at once (RFC 9110 conditional requests; the form machine's conflict
 * state, machines/settingsForm.machine.ts): mari opens her own data, kristi (customer manager) opens mari's; kristi
 * changes the phone and saves; mari, still on the old data, changes her mobile and saves. Her save is refused as
 * stale, nothing she typed is lost, the form takes kristi's phone and says so, and her second save stores both.
 * mari's phone and mobile are restored at the end.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { FGID, saveButton, signIn, successToast } from './helpers';

const PAGE = `/ui/user-settings/edit/${FGID.mari}`;
const KRISTIS_PHONE = '+372 6111 2222';
const MARIS_MOBILE = '+372 5333 4444';

const phone = (p: Page) => p.getByLabel('Phone', { exact: true });
const mobile = (p: Page) => p.getByLabel('Mobile', { exact: true });

test("kristi changes mari's phone while mari edits her mobile: mari sees the phone, and both are stored", async ({
  browser,
}) => {
  const mariContext = await browser.newContext();
  const kristiContext = await browser.newContext();
  const mari = await mariContext.newPage();
  const kristi = await kristiContext.newPage();
  await signIn(mari, 'mari', PAGE, 'EPEE11000015');
  await signIn(kristi, 'kristi', PAGE);
  await expect(mobile(mari)).toBeVisible();
  await expect(phone(kristi)).toBeVisible();
  const oldPhone = await phone(mari).inputValue();
  const oldMobile = await mobile(mari).inputValue();

  try {
    await phone(kristi).fill(KRISTIS_PHONE);
    await saveButton(kristi).click();
    await expect(successToast(kristi)).toBeVisible();

    await mobile(mari).fill(MARIS_MOBILE);
    await saveButton(mari).click();
    const notice = mari.getByTestId('form-conflict');
    await expect(notice).toBeVisible();
    // (a save also stores the address as the form holds it: a demo address typed by hand loses its register name)
    await expect(mari.getByTestId('form-conflict-taken')).toContainText(`Phone: ${KRISTIS_PHONE}`);
    await expect(mari.getByTestId('form-conflict-taken')).not.toContainText('Mobile');
    await expect(successToast(mari)).toHaveCount(0);
    await expect(mobile(mari)).toHaveValue(MARIS_MOBILE);
    await expect(phone(mari)).toHaveValue(KRISTIS_PHONE);

    await saveButton(mari).click();
    await expect(successToast(mari)).toBeVisible();
    await expect(notice).toHaveCount(0);
    await kristi.reload();
    await expect(phone(kristi)).toHaveValue(KRISTIS_PHONE);
    await expect(mobile(kristi)).toHaveValue(MARIS_MOBILE);
  } finally {
    await mari.reload();
    await phone(mari).fill(oldPhone);
    await mobile(mari).fill(oldMobile);
    await saveButton(mari).click();
    await expect(successToast(mari).first()).toBeVisible();
    await mariContext.close();
    await kristiContext.close();
  }
});
