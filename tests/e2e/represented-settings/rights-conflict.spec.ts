/**
 * Two administrators edit one person's rights at once (RFC 9110 conditional requests; the rights modal's conflict
 * state, machines/rightsEdit.machine.ts): mari (main administrator of Maasikas OÜ) and kristi (customer manager, who
 * may change any customer) open the same person's rights. Mari removes the periodicals role and saves; kristi, still
 * on the rights as they were, moves the OSS role to another category and saves. Her save is refused as stale (412),
 * nothing she chose is lost, the dialog takes mari's removal and tells her so, and her second save stores both: the
 * periodicals right mari removed does not come back. When both change the same application's role, kristi is offered
 * both roles and keeps the one she picks. Each test adds its own person (a fresh code) and ends that person's rights at
 * the end, so Maasikas OÜ's active users are as before.
 */
import type { Browser, Page } from '@playwright/test';
import { EnterpriseUsersAnswer } from '../../../domain/represented-settings';
import { isRoleEnded } from '../../../domain/rights/validity';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures';
import { apiPost, dotsDate, freshEeCode, MAASIKAS, openAs } from './helpers';

const PAGE = `/ui/settings/rights/${MAASIKAS}`;

const modal = (p: Page) => p.getByRole('dialog');
const section = (p: Page, app: 'OSS' | 'PERIODICALS') => modal(p).getByTestId(`section-${app}`);
const save = (p: Page) => modal(p).getByRole('button', { name: 'Save', exact: true });
const saved = (p: Page) => p.locator('.toast').filter({ hasText: 'Save successful' });

async function openPerson(p: Page, code: string) {
  await expect(p.getByTestId('rights-add')).toBeEnabled();
  await p.getByLabel('Search by name or personal ID').fill(code);
  const row = p.getByTestId('rights-users').getByTestId('rights-row').filter({ hasText: code });
  await row.getByRole('button', { name: /Edit/ }).click();
  await expect(modal(p).getByLabel('Personal code')).toHaveValue(code);
}

/** The person's row in one application of Maasikas OÜ, as the server holds it. */
async function stored(p: Page, app: 'OSS' | 'PERIODICALS', userId: string) {
  const res = await p.request.get(`/api/enterprise/users/clientapp/${app}/${MAASIKAS}`);
  expect(res.status()).toBe(200);
  return EnterpriseUsersAnswer.parse(await res.json()).list.find((u) => u.userId === userId);
}

/**
 * Mari (Maasikas OÜ chosen) and kristi (no party: she may change any customer) in browsers of their own, a person of
 * the test's own with OSS shipment registrar (Operations) and periodicals manager (Publishing), and both with that
 * person's rights dialog open. The person's rights end afterwards.
 */
async function bothEditing(
  browser: Browser,
  firstName: string,
  run: (mari: Page, kristi: Page, userId: string) => Promise<void>,
) {
  const mariContext = await browser.newContext();
  const kristiContext = await browser.newContext();
  const mari = await mariContext.newPage();
  const kristi = await kristiContext.newPage();
  const code = freshEeCode();
  const userId = `EE${code}`;
  const person = {
    userId,
    userCode: code,
    country: 'EE',
    domain: 'EE',
    firstName,
    lastName: 'Testija',
    customerId: MAASIKAS,
    admin: false,
    email: `${firstName.toLowerCase()}@example.ee`,
  };
  try {
    await openAs(mari, 'mari', 'Maasikas OÜ', PAGE);
    const added = await apiPost(mari, '/api/user/role/add', {
      ...person,
      language: 'ET',
      roles: {
        OSS: { validity: 'UNLIMITED', categoryId: 'OPERATIONS', roleId: 102, begin: dotsDate(), end: null },
        PERIODICALS: { validity: 'UNLIMITED', categoryId: 'PUBLISHING', roleId: 111, begin: dotsDate(), end: null },
      },
    });
    expect(added.status()).toBe(200);
    await mari.reload();
    await openAs(kristi, 'kristi', null, PAGE);
    await openPerson(mari, code);
    await openPerson(kristi, code);
    await expect(section(kristi, 'PERIODICALS').getByRole('radio', { name: 'Publishing' })).toBeChecked();
    await run(mari, kristi, userId);
  } finally {
    // the test's own person leaves Maasikas OÜ's active users (Remove all rights: every right ended yesterday)
    const end = { validity: 'LIMITED', categoryId: null, roleId: null, begin: null, end: dotsDate(0, -1) };
    await apiPost(mari, '/api/user/role/edit', { ...person, roles: { OSS: end, PERIODICALS: end } });
    await mariContext.close();
    await kristiContext.close();
  }
}

test("mari and kristi edit one person's rights at once: kristi sees what mari changed, both changes are stored, and the right mari removed stays removed", async ({
  browser,
}) => {
  await bothEditing(browser, 'Kahekordne', async (mari, kristi, userId) => {
    // mari removes the periodicals role and saves
    await section(mari, 'PERIODICALS').getByRole('radio', { name: 'No rights' }).check();
    await save(mari).click();
    await expect(modal(mari)).toBeHidden();
    await expect(saved(mari)).toBeVisible();

    // kristi, still on the rights as they were, moves OSS to Management and saves
    await section(kristi, 'OSS').getByRole('radio', { name: 'Management' }).check();
    await save(kristi).click();
    const notice = kristi.getByTestId('rights-conflict');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Someone else changed this data while you were editing it');
    await expect(kristi.getByTestId('rights-conflict-taken')).toHaveText('Periodicals: No rights');
    // nothing was saved, nothing she chose is lost, and the dialog now shows mari's removal
    await expect(saved(kristi)).toHaveCount(0);
    await expect(section(kristi, 'OSS').getByRole('radio', { name: 'Management' })).toBeChecked();
    await expect(section(kristi, 'PERIODICALS').getByRole('radio', { name: 'No rights' })).toBeChecked();
    expect((await stored(kristi, 'OSS', userId))?.roleId, 'the refused save changed nothing').toBe(102);
    await expectNoSeriousA11yViolations(kristi);

    await save(kristi).click();
    await expect(modal(kristi)).toBeHidden();
    await expect(saved(kristi)).toBeVisible();

    // both changes are stored: OSS as kristi chose, and the periodicals right mari removed has not come back
    expect((await stored(mari, 'OSS', userId))?.roleId).toBe(101);
    const periodicals = await stored(mari, 'PERIODICALS', userId);
    // removed = ended yesterday (the row stays among the ended ones)
    expect(periodicals === undefined || isRoleEnded(periodicals, new Date()), 'the removed right stays removed').toBe(
      true,
    );
    await mari.reload();
    await mari.getByLabel('Search by name or personal ID').fill(userId.slice(2));
    const row = mari
      .getByTestId('rights-users')
      .getByTestId('rights-row')
      .filter({ hasText: userId.slice(2) });
    await expect(row.getByTestId('cell-OSS')).toContainText('Shipment administrator');
    await expect(row.getByTestId('cell-PERIODICALS')).toHaveText('—');
  });
});

test("both change the same application's role: kristi is offered both roles and the one she picks is stored", async ({
  browser,
}) => {
  await bothEditing(browser, 'Valikuline', async (mari, kristi, userId) => {
    // mari makes the person a shipment administrator; kristi, meanwhile, a shipment viewer
    await section(mari, 'OSS').getByRole('radio', { name: 'Management' }).check();
    await save(mari).click();
    await expect(modal(mari)).toBeHidden();
    await section(kristi, 'OSS').getByRole('radio', { name: 'Shipment viewer' }).check();
    await save(kristi).click();

    const choice = kristi.getByTestId('rights-conflict-both-OSS');
    await expect(choice).toBeVisible();
    await expect(kristi.getByTestId('rights-conflict-taken')).toHaveCount(0);
    const mine = choice.getByRole('radio', { name: 'Your value: Shipment viewer' });
    const theirs = choice.getByRole('radio', { name: 'Saved meanwhile: Shipment administrator' });
    // her own role shows until she picks the other
    await expect(mine).toBeChecked();
    await expect(section(kristi, 'OSS').getByRole('radio', { name: 'Shipment viewer' })).toBeChecked();
    await theirs.check();
    await expect(section(kristi, 'OSS').getByRole('radio', { name: 'Management' })).toBeChecked();
    await mine.check();
    await expect(section(kristi, 'OSS').getByRole('radio', { name: 'Shipment viewer' })).toBeChecked();

    await save(kristi).click();
    await expect(modal(kristi)).toBeHidden();
    expect((await stored(mari, 'OSS', userId))?.roleId).toBe(103);
    expect((await stored(mari, 'PERIODICALS', userId))?.roleId, 'the row neither changed stays').toBe(111);
  });
});
