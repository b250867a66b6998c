/**
 * The OSGi admin page: kristi (DEPLOYMENT_ADMIN) opens /osgi-admin, sees Install only on epit-web, epit-core and
 * ep-osgi packages, and installing one moves it to the installed bundles; mari gets 'No rights to access component'
 * and the API answers her 403. The deployment simulator's installations are forgotten at the end.
 */
import { expect, signInAs, test } from '../fixtures';
import { simPost } from '../account/helpers';

test('kristi installs an ep-osgi package; only matching packages have Install', async ({ page }) => {
  await signInAs(page, 'kristi', { target: '/ui/osgi-admin' });
  try {
    const packages = page.getByRole('table', { name: 'Deployment packages' });
    await expect(packages.getByRole('row')).not.toHaveCount(0);
    const rowOf = (name: string) => packages.getByRole('row').filter({ hasText: name });
    for (const name of ['epit-web-2.14.0', 'epit-core-2.14.0', 'ep-osgi-commons-1.3.2', 'epit-core-2.13.9'])
      await expect(rowOf(name).getByRole('button', { name: 'Install' })).toBeVisible();
    for (const name of ['reports-legacy-0.9.0', 'thirdparty-jackson-2.17.1', 'osgi-monitoring-1.0.0']) {
      await expect(rowOf(name)).toBeVisible();
      await expect(rowOf(name).getByRole('button')).toHaveCount(0);
    }
    const bundles = page.getByRole('table', { name: 'Installed bundles' });
    await expect(bundles.getByRole('row').filter({ hasText: 'org.apache.felix.framework' })).toContainText('library');
    await expect(bundles.getByText('ee.ep.osgi.commons')).toHaveCount(0);

    await rowOf('ep-osgi-commons-1.3.2').getByRole('button', { name: 'Install' }).click();
    const installed = bundles.getByRole('row').filter({ hasText: 'ee.ep.osgi.commons' });
    await expect(installed).toContainText('1.3.2');
    await expect(installed).toContainText('ep-osgi-commons-1.3.2.dp');
    await expect(installed).toContainText('library');
    await expect(rowOf('ep-osgi-commons-1.3.2')).toHaveCount(0);
  } finally {
    await simPost(page, 'deployment/reset', {});
  }
});

test('mari has no rights to the deployment admin page, and its API answers her 403', async ({ page }) => {
  await signInAs(page, 'mari', { target: '/ui/osgi-admin' });
  await expect(page.getByText('No rights to access component')).toBeVisible();
  await expect(page).not.toHaveURL(/osgi-admin/);
  expect((await page.request.get('/api/deployment/listBundles')).status()).toBe(403);
  expect((await page.request.get('/api/deployment/listDeployments')).status()).toBe(403);
});
