/**
 * The Content-Security-Policy in a browser (docs/security.md): the portal's policy refuses an inline script, and the
 * guard of tests/e2e/fixtures.ts turns that violation into a failed test. `test.fail`: this test passes only when the
 * guard fails it; without the policy (or without the guard) nothing is violated and Playwright reports an unexpected
 * pass.
 */
import { signInAs, test } from '../fixtures';

test('an inline script on a portal page violates the policy, and the guard fails the test for it', async ({ page }) => {
  test.fail(true, 'the guard must fail a test whose page violates the Content-Security-Policy');
  await signInAs(page, 'mari');
  // what an injected <script> would do: refused by script-src 'self' (no 'unsafe-inline')
  await page.addScriptTag({ content: 'window.injected = true;' }).catch(() => undefined);
});
