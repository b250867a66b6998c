/**
 * The flow book's live view (/ui/dev/flows in `npm run dev`) is open in a second tab while a
 * person logs in in the first; the session machine's highlight moves from loading the context to signed in, and
 * the trail names the transitions in their descriptions. The view follows the portal through the BroadcastChannel
 * the portal's development build publishes its machines' states on.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { banner, expectSignedInAs, pageLanguage, t } from '../skeleton/helpers';
import { test } from '../dev-server';

/** Records every session state the live view shows (the data-state of its session row), as the DOM changes. */
async function recordLiveSession(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenSession: string[] }).seenSession = seen;
    new MutationObserver(() => {
      const v = document.querySelector('#live li[data-machine="session"] .live-state')?.getAttribute('data-state');
      if (v && v !== seen[seen.length - 1]) seen.push(v);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}
const seenSession = (page: Page) => page.evaluate(() => (window as unknown as { seenSession: string[] }).seenSession);

test.describe.configure({ timeout: 180_000 });

test('the live flow book follows the session from loading the context to signed in while a person logs in', async ({
  context,
  devOrigin,
}) => {
  const portal = await context.newPage();
  // the first load of the development build can take a while (Vite optimizes the dependencies)
  await portal.goto(`${devOrigin}/ui/`);
  const lang = await expect(banner(portal))
    .toBeVisible({ timeout: 90_000 })
    .then(() => pageLanguage(portal));

  const book = await context.newPage();
  await recordLiveSession(book);
  await book.goto(`${devOrigin}/ui/dev/flows#/session`);
  await expect(book.getByRole('heading', { level: 1, name: 'Who is signed in', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  const live = book.getByRole('complementary', { name: 'Live portal' });
  await expect(live).toBeVisible();
  // the portal tab answers the book's hello with where it is now: signed out
  const sessionRow = live.locator('li[data-machine="session"] .live-state');
  await expect(sessionRow).toHaveAttribute('data-state', 'session.signedOut.ready', { timeout: 30_000 });
  const diagram = book.locator('figure.diagram[data-diagram="session"]');
  await expect(diagram.locator('g.is-current')).toHaveAttribute('data-id', 's_session_signedOut');

  // log in the way a person does, in the portal's tab
  await portal.bringToFront();
  await banner(portal)
    .getByRole('link', { name: t(lang, 'header.login'), exact: true })
    .click();
  await expect(portal).toHaveURL(/\/cas\/login/);
  await portal.getByLabel('Username', { exact: true }).fill('mari');
  await portal.getByLabel('Password', { exact: true }).fill('Maasikas1');
  await portal.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectSignedInAs(portal, 'Mari Maasikas', { timeout: 60_000 });

  // the book highlighted loading the context, then signed in
  await expect(sessionRow).toHaveAttribute('data-state', 'session.signedIn.ready', { timeout: 30_000 });
  const seen = await seenSession(book);
  test.info().annotations.push({ type: 'session states in the live view', description: seen.join(' → ') });
  const loading = seen.lastIndexOf('session.loadingContext');
  expect(loading, `the live view showed loadingContext (seen: ${seen.join(' → ')})`).toBeGreaterThanOrEqual(0);
  expect(seen.indexOf('session.signedIn.ready', loading), `then signed in (seen: ${seen.join(' → ')})`).toBeGreaterThan(
    loading,
  );
  await expect(diagram.locator('g[data-id="s_session_signedIn_ready"]')).toHaveClass(/is-current/);
  await expect(diagram.locator('g[data-id="s_session_signedOut"]')).not.toHaveClass(/is-current/);
  // the trail names the last transitions by their descriptions, not by event names
  const trail = live.getByRole('list').last();
  await expect(trail.locator('li[data-machine="session"]').first()).toBeVisible();
  await expect(trail).not.toContainText('xstate.');
});
