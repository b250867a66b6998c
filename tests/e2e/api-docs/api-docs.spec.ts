/**
 * The API reference page (server/routes/api-docs): GET /api/docs shows the published document in Swagger UI, with
 * every file from the portal's own origin and no Content-Security-Policy violation (the guard of ../fixtures.ts).
 */
import { expect, test } from '../fixtures';

test('/api/docs shows the API reference, a known call opens with its answer, and nothing is asked elsewhere', async ({
  page,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL!).origin && !r.url().startsWith('data:')) elsewhere.push(r.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /EPIT self-service portal API/ })).toBeVisible();

  // a call of spec 1 §7, by its method, path and summary; opened, it shows its answers with an example body
  const call = page.getByRole('button', { name: 'GET /context/getUserContext The full user context' });
  await call.click();
  const responses = page.getByRole('region').filter({ has: page.getByRole('cell', { name: '200', exact: true }) });
  await expect(responses.first()).toBeVisible();
  await expect(responses.first().getByRole('tabpanel').first()).toContainText('"epitPrincipal"');
  await expect(responses.first().getByRole('cell', { name: '401', exact: true })).toBeVisible();
  expect(elsewhere).toEqual([]);
});
