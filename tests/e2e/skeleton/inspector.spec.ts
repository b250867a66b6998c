/**
 * The offline inspector shows the session actor change state live during login; an uncaught error opens the debug
 * system-error modal with its stack, and the debug log lists it (spec 1 §8, spec 2 §8).
 *
 * The inspector panel and the debug aids exist only in the development build, so these tests run on the development
 * server of tests/e2e/dev-server.ts (`devOrigin`), one per worker: the tests of this file stay in one worker, in order
 * (mode 'default'), so they share it.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { test } from '../dev-server';
import { banner, expectSignedInAs, MESSAGES, pageLanguage, t } from './helpers';

/**
 * Records every value the inspector's session row shows, as the DOM changes (a MutationObserver, so each
 * rendered state is seen, not a sample), across page loads in sessionStorage: `@load <path>` marks each load.
 */
async function recordSessionStates(page: Page) {
  await page.addInitScript(() => {
    const KEY = 'qa.inspector.session';
    const read = () => JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
    const push = (v: string) => sessionStorage.setItem(KEY, JSON.stringify([...read(), v]));
    push(`@load ${location.pathname}`);
    let last: string | null = null;
    const check = () => {
      const cell = document.querySelector('[data-testid="inspector-state-session"]');
      const value = cell?.textContent ?? null;
      if (value !== null && value !== last) push(value);
      last = value;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const recorded = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('qa.inspector.session') ?? '[]') as string[]);

test.describe.configure({ mode: 'default', timeout: 180_000 });

test('the offline inspector shows the session actor go through loading to signedIn during login', async ({
  page,
  devOrigin,
}) => {
  await recordSessionStates(page);
  await page.goto(`${devOrigin}/ui/`);
  // the first load of the development build can take a while (Vite optimizes the dependencies)
  const lang = await expect(banner(page))
    .toBeVisible({ timeout: 90_000 })
    .then(() => pageLanguage(page));
  const panel = page.getByRole('complementary', { name: t(lang, 'inspector.title'), exact: true });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const toggle = new RegExp(`^${t(lang, 'inspector.toggle').replace(/[()]/g, '\\$&').replace('{count}', '\\d+')}$`);
  await expect(panel.getByRole('button', { name: toggle })).toHaveAttribute('aria-expanded', 'true');
  for (const key of ['inspector.actor', 'inspector.state', 'inspector.events']) {
    await expect(panel.getByRole('columnheader', { name: t(lang, key), exact: true })).toBeVisible();
  }
  const sessionState = panel.getByTestId('inspector-state-session');
  await expect(sessionState, 'signed out, the session settles in signedOut').toHaveText('{"signedOut":"ready"}', {
    timeout: 30_000,
  });
  const signedOutRun = await recorded(page);
  const afterLastLoad = (values: string[]) => values.slice(values.findLastIndex((v) => v.startsWith('@load /ui/')) + 1);
  // without the EPIT-SIGNED-IN cookie the portal knows at once that no one is signed in (no call), so the
  // session passes loadingContext within one turn; the login below shows it loading
  expect(afterLastLoad(signedOutRun).at(-1), 'the signed-out load settled in signedOut').toBe('{"signedOut":"ready"}');

  // log in the way a person does: the header link, the sign-on page, back to the portal
  await page.evaluate(() => sessionStorage.setItem('qa.inspector.session', '[]'));
  await banner(page)
    .getByRole('link', { name: t(lang, 'header.login'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/cas\/login/);
  await page.getByLabel('Username', { exact: true }).fill('mari');
  await page.getByLabel('Password', { exact: true }).fill('Maasikas1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/ui\//, { timeout: 60_000 });
  await expectSignedInAs(page, 'Mari Maasikas', { timeout: 60_000 });
  await expect(sessionState, 'the inspector shows the session signed in').toHaveText(/signedIn/);

  const values = afterLastLoad(await recorded(page));
  test.info().annotations.push({ type: 'session states during login', description: values.join(' → ') });
  const loading = values.indexOf('loadingContext');
  const signedIn = values.findIndex((v) => v.includes('signedIn'));
  expect(loading, `the session row showed loadingContext live (seen: ${values.join(' → ')})`).toBeGreaterThanOrEqual(0);
  expect(signedIn, `then signedIn (seen: ${values.join(' → ')})`).toBeGreaterThan(loading);
  expect(values.slice(0, signedIn), 'never signedOut on the way back from the sign-on page').not.toContain(
    '{"signedOut":"ready"}',
  );
  // the row's last events name what moved it
  await expect(panel.locator('tr[data-system-id="session"]').getByRole('listitem').first()).not.toBeEmpty();
  // the panel's texts follow the language like every other text
  expect(MESSAGES.et['inspector.title']).not.toBe(MESSAGES.en['inspector.title']);
});

test('an uncaught error opens the debug modal with the stack, and the debug log keeps it', async ({
  page,
  devOrigin,
}) => {
  await page.goto(`${devOrigin}/ui/`);
  const lang = await expect(banner(page))
    .toBeVisible({ timeout: 90_000 })
    .then(() => pageLanguage(page));
  // a handler that throws, outside any try (what a system error is)
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('debug modal check');
    }),
  );
  const modal = page.getByRole('dialog', { name: t(lang, 'debug.error.title'), exact: true });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('alert')).toHaveText('Error: debug modal check');
  await expect(modal.locator('pre')).toContainText(/debug modal check\n\s+at /);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  const toggle = new RegExp(`^${t(lang, 'debug.overlay.toggle')} \\(\\d+\\)$`);
  await page.getByRole('button', { name: toggle }).click();
  await expect(page.getByTestId('debug-overlay')).toContainText('error Error: debug modal check');
});
