/**
 * Spec 1 §7 cross-domain ticket check: a signed-out public page asks the sign-on service's JSONP endpoint once
 * whether the browser has a sign-on session, and signs in when it has. The endpoint answers only the portal's own
 * callback names (domain/contract.ts TICKET_CHECK_CALLBACK), so the name the page makes must be one of them.
 */
import { expect, test } from '../fixtures';
import { expectSignedInAs } from '../skeleton/helpers';

test('signed on at the sign-on service only, the public page asks the ticket check once and signs in', async ({
  page,
}) => {
  const checks: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/cas/ticket-check') checks.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/cas/login');
  await page.getByLabel('Username', { exact: true }).fill('anna');
  await page.getByLabel('Password', { exact: true }).fill('Ivanova12');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.goto('/ui/');
  await expectSignedInAs(page, 'Anna Ivanova');
  expect(checks).toHaveLength(1);
  expect(checks[0]).toMatch(/^200 \S+\?callback=__epitJsonp[0-9a-z]+$/);
});
