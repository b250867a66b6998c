/**
 * The flow book (visualizations/index.html, written by `npm run viz`) opens from the file system in Chromium with
 * the network off: from the flow list into session and a state's test paths, then into a group drawn closed
 * (signing's Mobile-ID) and back, and from the system page (the actors and what passes between them) into a flow;
 * the index's journeys and its questions (searched), a hand-off both ways, the diagram's zoom, the legend.
 * Every request that is not a file is aborted and recorded: there must be none.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const BOOK = pathToFileURL(join(process.cwd(), 'visualizations', 'index.html')).href;

test('the flow book opens from the file system offline: flows, a group and back, the paths through a step', async ({
  browser,
}) => {
  const context = await browser.newContext({ offline: true });
  const network: string[] = [];
  await context.route(/^(?!file:)/, (route) => {
    network.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(BOOK);

  // the list: grouped by journey, one line per flow, the internal parts last
  await expect(page.getByRole('heading', { level: 1, name: 'Flow book' })).toBeVisible();
  const flows = page.locator('ul.flows > li');
  expect(await flows.count()).toBeGreaterThanOrEqual(18);
  for (const li of await flows.all()) await expect(li.locator('.flow-line')).not.toBeEmpty();
  await expect(page.locator('section.journey h2')).toHaveText([
    'Signing in and out',
    'Choosing whom to act for',
    'Adding a customer',
    'Settings',
    'Rights',
    'Applications',
    'Moving around',
    'How the parts work together',
  ]);
  await expect(page.locator('#journey-parts li[data-flow="portal"]')).toBeVisible();
  await expect(page.locator('#journey-parts table.actors tr[data-actor="a_portal_pages_rightsList"]')).toContainText(
    'with its page',
  );

  // a question, found by searching: it opens its path in its flow
  const asked = page.getByRole('region', { name: 'What happens if…' });
  await page.getByLabel('Search the book:').fill('mobile-id times out');
  await expect(asked.locator('li:not([hidden])')).toHaveCount(1);
  await expect(page.locator('section.journey:not([hidden])')).toHaveCount(0);
  await asked.getByRole('link', { name: /^What happens if Mobile-ID signing times out\?/ }).click();
  await expect(page).toHaveURL(/#\/signing\?path=1$/);
  await expect(page.locator('details.path.is-asked[data-path="1"]')).toHaveAttribute('open', '');

  // a hand-off, both ways: customer add continues in signing, and signing links back
  await page.locator('.started-by').getByRole('link', { name: 'Adding a business customer', exact: true }).click();
  await expect(page.locator('.continues-in li[data-hand-off="signing"]')).toContainText('from the step');
  await page.goto(`${BOOK}#/`);

  // into session: its product-owner diagram beside its plain test paths
  await page.locator('#journey-sign-in').getByRole('link', { name: 'Who is signed in', exact: true }).click();
  await expect(page).toHaveURL(/#\/session$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Who is signed in', exact: true })).toBeVisible();
  const diagram = page.locator('figure.diagram[data-diagram="session"]');
  await expect(diagram.locator('svg')).toBeVisible();
  // it opens at a readable scale, not shrunk to the page; Fit shows it whole, the keys zoom and move it
  const opening = Number(await diagram.getAttribute('data-scale'));
  expect(opening).toBeGreaterThanOrEqual(0.75);
  await diagram.getByRole('button', { name: 'Fit the whole diagram in the window' }).click();
  expect(Number(await diagram.getAttribute('data-scale'))).toBeLessThan(opening);
  const viewport = diagram.locator('.viewport');
  await viewport.focus();
  await page.keyboard.press('1');
  await expect(diagram).toHaveAttribute('data-scale', '1.000');
  await page.keyboard.press('ArrowRight');
  expect(await viewport.evaluate((v) => v.scrollLeft)).toBeGreaterThan(0);
  const paths = page.getByRole('region', { name: 'Test paths' });
  await expect(paths.getByRole('heading', { name: /^Test paths \(\d+\)$/ })).toBeVisible();
  await expect(paths.locator('details.path').first()).toBeVisible();

  // a step's paths: only the paths that pass through it, each opened
  const all = await paths.locator('details.path').count();
  await diagram.locator('g[data-id="s_session_contextFailed"]').click();
  await expect(page).toHaveURL(/state=session\.contextFailed/);
  await expect(paths.getByRole('heading', { name: /^Paths through “.+” \(\d+\)/ })).toBeVisible();
  const through = paths.locator('details.path');
  const shown = await through.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(all);
  for (const p of await through.all()) {
    await expect(p).toHaveAttribute('open', '');
    // every step reads in plain words: what to do or what answers, then what to see
    await expect(p.locator('ol > li').first()).toContainText(/^(Do|Answer|Wait): /);
    await expect(p.locator('ol > li .sees').first()).toContainText(/^See: \S/);
  }
  await expect(diagram.locator('g[data-id="s_session_contextFailed"]')).toHaveClass(/is-selected/);
  await paths.getByRole('link', { name: 'show all' }).click();
  await expect(paths.locator('details.path')).toHaveCount(all);

  // the engineer view is the SVG file beside the page
  await page.getByRole('link', { name: /^Engineer view/ }).click();
  const img = page.locator('figure.diagram[data-diagram="session.detail"] img');
  await expect(img).toBeVisible();
  expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(100);

  // into the Mobile-ID group, drawn closed on the signing diagram, and back by the breadcrumb
  await page.goto(`${BOOK}#/signing`);
  const signing = page.locator('figure.diagram[data-diagram="signing"]');
  const group = signing.locator('g[data-id="s_signing_mobileId"]');
  await expect(group).toHaveAttribute('role', 'link');
  await group.click();
  await expect(page).toHaveURL(/#\/signing\/signing\.mobileId$/);
  const signingTitle = 'Signing the contract with ID-card, Mobile-ID or Smart-ID';
  await expect(page.getByRole('heading', { level: 1, name: `${signingTitle} › mobileId` })).toBeVisible();
  await expect(page.locator('figure.diagram[data-diagram="signing.mobileId"] svg')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Where you are' });
  await crumbs.getByRole('link', { name: signingTitle, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: signingTitle, exact: true })).toBeVisible();
  // and the browser's back button goes down again
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: `${signingTitle} › mobileId` })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: signingTitle, exact: true })).toBeVisible();

  // the legend and the glossary
  await page.getByRole('link', { name: 'Legend and glossary' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Glossary' })).toBeVisible();
  await expect(page.locator('dl.glossary dt', { hasText: 'Represented party' })).toBeVisible();

  // the system page: every actor in one diagram, read from the machines; a box opens its flow
  await page.goto(`${BOOK}#/`);
  await page.getByRole('link', { name: 'The system', exact: true }).click();
  await expect(page).toHaveURL(/#\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The system' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'How to read it' })).toContainText('reports it to');
  const system = page.locator('figure.diagram[data-diagram="system"] svg');
  await expect(system).toContainText('session.signedIn');
  await expect(page.locator('table.actors tr[data-actor="a_portal_pages_rightsList"]')).toContainText('with its page');
  await system.getByRole('link', { name: 'Open the flow: pages' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'What the page on screen runs', exact: true }),
  ).toBeVisible();

  expect(errors, 'no script errors').toEqual([]);
  expect(network, 'no request left the file system').toEqual([]);
  await context.close();
});
