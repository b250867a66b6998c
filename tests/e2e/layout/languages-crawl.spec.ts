/**
 * Every page and every modal in the five languages: no catalogue key or 'X:' marker shows instead of a text, the
 * page is not wider than the window and no button, link, tab or table header cuts its text off, at the 1160 px wide
 * layout and at a 412 px phone.
 *
 * Pages: the language is switched in place through all five with the header's switch. Modals: their overlay covers
 * the switch, so the language is set first (the EPIT-LANGUAGE cookie the switch writes, and the modal address's
 * language) and the modal is opened in it, one language after the other in the same browser context.
 *
 * Read-only: mari (main administrator of Maasikas OÜ) on her pages, kristi (staff) on the staff and developer pages,
 * and the signed-out start. kristi sends mari a password reset link (a new outbox row; nothing reads it on this
 * server) to open the reset-password page; nothing is saved or signed. Each test prints what it crawled.
 *
 * Not crawled, and why: the redirecting addresses (/business/…, /private/…, /logistics, /logistics/resolve,
 * /user-settings/link/…, /) land on pages crawled here; the other person's tabs (/user-settings/…/$fgid) and the
 * represented-settings addresses without a jgid render the same views as the ones crawled; the debug error modal
 * exists only in the development build (src/features/debug); the ID-card PIN dialog opens only with a card in the
 * reader, which is the simulator's global state (tests/e2e/customer-add/signing.spec.ts shows it).
 */
import type { Locator, Page } from '@playwright/test';
import { COOKIE } from '../../../domain/contract';
import { post } from '../account/helpers';
import { expect, signInAs, test } from '../fixtures';
import { MAASIKAS, openAs } from '../represented-settings/helpers';
import { choiceDialog } from '../shell/helpers';
import {
  banner,
  expectNoKeysShown,
  LANGS,
  LANGUAGE3,
  type Lang,
  MESSAGES,
  pageLanguage,
  t,
  visibleLines,
} from '../skeleton/helpers';

const WIDE = { width: 1160, height: 900 };
const PHONE = { width: 412, height: 823 };

/** the page's requests still running (its frames' too), counted from the browser's request events */
const running = new WeakMap<Page, () => number>();
function countRequests(page: Page) {
  let n = 0;
  page.on('request', () => void n++);
  page.on('requestfinished', () => void n--);
  page.on('requestfailed', () => void n--);
  running.set(page, () => n);
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * `network`: also wait until no request runs, across two frames in a row (what a view loads when it is first shown,
 * e.g. the wide header's menus and their texts, has started by then). Playwright's 'networkidle' waits 0.5 s of
 * quiet on every call, which this crawl pays hundreds of times; a narrower window loads nothing, so it only needs the
 * frames.
 */
async function settle(page: Page, network = true) {
  const count = running.get(page);
  if (network && !count) await page.waitForLoadState('networkidle');
  await frames(page);
  if (!network || !count) return;
  await expect.poll(count, { intervals: [20, 50, 100] }).toBe(0);
  await frames(page);
  await expect.poll(count, { intervals: [20, 50, 100] }).toBe(0);
}
test.beforeEach(({ page }) => countRequests(page));

async function switchTo(page: Page, to: Lang) {
  const from = await pageLanguage(page);
  if (from === to) return;
  const nav = banner(page).getByRole('navigation', { name: t(from, 'header.language'), exact: true });
  await nav.getByRole('button', { name: t(from, `lang.name.${to}`), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  await settle(page);
}

/** what overflows: the page itself, and controls and headers whose text is cut off */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) out.push(`the page is ${doc.scrollWidth} px wide in ${window.innerWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('button, a, [role=tab], th, label, legend, h1, h2')) {
      const box = el.getBoundingClientRect();
      // absent, or visually hidden for screen readers (a 1 px clip)
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1)
        out.push(`"${el.innerText.trim().slice(0, 60)}" is cut off (${el.scrollWidth} px in ${el.clientWidth})`);
    }
    return out;
  });
}

/** opens a page and waits for its heading, which is the page's own (no "Page not found", no "No rights") */
async function open(page: Page, path: string) {
  await page.setViewportSize(WIDE);
  await page.goto(path);
  const heading = page.locator('h1').first();
  await expect(heading).toBeVisible();
  const refusals = LANGS.flatMap((l) => [MESSAGES[l]['error.notFound.title'], MESSAGES[l]['error.noRights']]);
  expect(refusals, `${path} should open its own page`).not.toContain((await heading.innerText()).trim());
}

/** what each test crawled, printed at its end (the note quotes it) */
const crawled: string[] = [];
test.beforeEach(() => void crawled.splice(0));
test.afterEach(() => console.log(`crawled in ${LANGS.join(', ')}:\n  ${crawled.join('\n  ')}`));

async function crawl(page: Page, where: string) {
  crawled.push(where);
  for (const lang of LANGS) {
    await page.setViewportSize(WIDE);
    await settle(page);
    await switchTo(page, lang);
    expectNoKeysShown(await visibleLines(page));
    expect(await overflowing(page), `${where} in ${lang} at ${WIDE.width} px`).toEqual([]);
    await page.setViewportSize(PHONE);
    await settle(page, false);
    expectNoKeysShown(await visibleLines(page));
    expect(await overflowing(page), `${where} in ${lang} at ${PHONE.width} px`).toEqual([]);
  }
}

/** the current state (a modal open) in one language at both widths; the page must already show `lang` */
async function check(page: Page, lang: Lang, where: string, shown: Locator) {
  if (!crawled.includes(where)) crawled.push(where);
  await expect(shown, `${where} in ${lang}`).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await settle(page, size === WIDE);
    expectNoKeysShown(await visibleLines(page));
    expect(await overflowing(page), `${where} in ${lang} at ${size.width} px`).toEqual([]);
  }
  await page.setViewportSize(WIDE);
}

/** the language the next page load shows: the cookie the header's switch writes */
async function setLanguage(page: Page, lang: Lang) {
  const url = test.info().project.use.baseURL ?? page.url();
  await page.context().addCookies([{ name: COOKIE.language, value: LANGUAGE3[lang].toLowerCase(), url }]);
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

test('mari: the dashboard, her settings and Maasikas OÜ’s settings and rights in five languages', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(WIDE);
  await openAs(page, 'mari', 'Maasikas OÜ');
  for (const path of [
    '/ui/dashboard',
    '/ui/user-settings/edit',
    '/ui/user-settings/roles',
    '/ui/user-settings/password',
    '/ui/user-settings/preferences',
    `/ui/settings/represented/${MAASIKAS}`,
    `/ui/settings/rights/${MAASIKAS}`,
  ]) {
    await open(page, path);
    await crawl(page, path);
  }
});

test('mari: the application pages (the order system and periodicals) in five languages', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDE);
  await openAs(page, 'mari', 'Maasikas OÜ');
  // the portal's own texts around the frame (the application inside it speaks for itself)
  for (const path of ['/ui/oss-wrapper', '/ui/external/PERIODICS']) {
    await open(page, path);
    await expect(page.locator('main iframe')).toBeVisible();
    await crawl(page, path);
  }
});

test('kristi: the staff start page and the customer search in five languages', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signInAs(page, 'kristi', { target: '/ui/dashboard' });
  for (const path of ['/ui/dashboard', '/ui/customer-search']) {
    await open(page, path);
    await crawl(page, path);
  }
});

test('signed out: the start page and the finance recovery page in five languages', async ({ page }) => {
  await open(page, '/ui/');
  await crawl(page, '/ui/');
  await open(page, '/ui/finance/error/unavailable?refresh=manual');
  await crawl(page, '/ui/finance/error/unavailable (signed out)');
});

test('mari: the choice, customer add up to signing, the rights modals and a modal that cannot load, in five languages', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(WIDE);
  for (const lang of LANGS) {
    // a fresh sign-on (no sign-on cookie left): the choice of whom to represent opens on the dashboard
    await page.context().clearCookies();
    await setLanguage(page, lang);
    await signInAs(page, 'mari', { target: '/ui/dashboard' });
    const choice = dialogNamed(page, t(lang, 'choice.title'));
    await check(page, lang, 'modal: the choice of whom to represent', choice);
    await choice.getByRole('button', { name: 'Maasikas OÜ', exact: true }).click();
    await expect(choiceDialog(page)).toBeHidden();

    // customer add (spec 1 §4 steps 1–4): the search, no company found, a company with rights already, a company to
    // confirm rights in, a new company's contract form with its errors, and the signing methods with a phone error
    await page.goto(`/ui/dashboard/EE/${lang}/add-customer`);
    const add = dialogNamed(page, t(lang, 'customer-add.title'));
    await check(page, lang, 'modal: customer add, the search', add);
    const search = add.getByRole('combobox');
    await search.fill('Olematu Ettevõte');
    await check(
      page,
      lang,
      'modal: customer add, no company found',
      add.getByText(t(lang, 'customer-add.company-not-found')),
    );
    const choose = async (term: string, name: string) => {
      await search.fill(term);
      await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      await expect(add.getByText(t(lang, 'customer-add.reg-code.label'), { exact: true })).toBeVisible();
    };
    await choose('Maasikas', 'Maasikas OÜ');
    await check(
      page,
      lang,
      'modal: customer add, rights already exist',
      add.getByText(t(lang, 'customer-add.rights-exist')),
    );
    await choose('Põldmari', 'Põldmari AS');
    await check(
      page,
      lang,
      'modal: customer add, confirm the rights',
      add.getByRole('button', { name: t(lang, 'customer-add.confirm') }),
    );
    await choose('Testfirma', 'Testfirma OÜ');
    const email = add.locator('input[type=email]');
    await email.focus();
    await email.blur();
    await add.getByRole('checkbox').first().check();
    await add.getByRole('checkbox').first().uncheck();
    await check(
      page,
      lang,
      'modal: customer add, the contract form with its errors',
      add.locator('.field-error').first(),
    );
    await email.fill('contracts@example.ee');
    for (const box of await add.getByRole('checkbox').all()) await box.check();
    await add.getByRole('button', { name: t(lang, 'customer-add.sign'), exact: true }).click();
    const panel = add.getByRole('heading', { name: t(lang, 'customer-add.signing.title') });
    await check(page, lang, 'modal: customer add, the signing methods', panel);
    // Mobile-ID without a phone number: the number's error, nothing is sent
    await add.getByRole('button', { name: t(lang, 'customer-add.method.mobile-id'), exact: true }).click();
    await check(
      page,
      lang,
      'modal: customer add, the signing methods with a phone error',
      add.locator('.signing-panel .field-error'),
    );

    // the rights page's modals: a new person, a person's rights, the remove-all question (cancelled)
    await page.goto(`/ui/settings/rights/${MAASIKAS}`);
    await page.getByTestId('rights-add').click();
    const rights = page.getByRole('dialog');
    await check(page, lang, 'modal: rights of a new person', rights.getByTestId('rights-modal'));
    await rights.getByRole('button', { name: t(lang, 'common.cancel'), exact: true }).click();
    await expect(rights).toBeHidden();
    await page.getByTestId('rights-users').getByTestId('rights-row').first().getByRole('button').first().click();
    await check(page, lang, "modal: a person's rights", rights.getByTestId('rights-modal'));
    await rights.getByRole('button', { name: t(lang, 'represented-settings.removeAll'), exact: true }).click();
    const question = rights.getByRole('alertdialog');
    await check(page, lang, 'modal: remove all rights?', question);
    await question.getByRole('button', { name: t(lang, 'common.cancel'), exact: true }).click();
    await expect(question).toBeHidden();

    // spec 1 §8: a modal named in the address that does not exist
    await page.goto(`/ui/dashboard/EE/${lang}/no-such-modal`);
    await check(page, lang, 'modal: the modal that cannot load', page.getByTestId('modal-load-error'));
  }
});

test('kristi: the developer pages, another person’s settings and "Page not found" in five languages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDE);
  await signInAs(page, 'kristi', { target: '/ui/dashboard' });
  for (const path of [
    '/ui/test/show',
    '/ui/test/ax',
    '/ui/osgi-admin',
    '/ui/test-component/demo',
    '/ui/user-settings/edit/EE48709050218',
  ]) {
    await open(page, path);
    await crawl(page, path);
  }
  await page.setViewportSize(WIDE);
  await page.goto('/ui/no-such-page');
  await expect(page.locator('h1').first()).toHaveText(MESSAGES[await pageLanguage(page)]['error.notFound.title']);
  await crawl(page, '/ui/no-such-page (Page not found)');
});

test('kristi: the staff customer add, the test modal, the reset-password and terms-of-use pages in five languages', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDE);
  await signInAs(page, 'kristi', { target: '/ui/dashboard' });
  // a reset link for mari, opened by a signed-out browser as she would; and uku's invitation from the demo outbox
  const sent = await post(page, '/api/user-settings/password/sendPasswordReset/', {
    fgid: 'EE48709050218',
    firstName: 'Mari',
    lastName: 'Maasikas',
    personalCode: '48709050218',
    personalCodeCountry: 'EE',
    email: 'mari.maasikas@example.ee',
    language: 'EST',
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const outbox = (await (await page.request.get('/sim/api/outbox')).json()) as {
    value: { to: string; kind: string; body: string }[];
  };
  const linkTo = (to: string, kind: string) => {
    const mail = outbox.value.find((m) => m.to === to && m.kind === kind);
    expect(mail, `a ${kind} mail to ${to}`).toBeTruthy();
    return new URL(/https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '').pathname;
  };
  const resetLink = linkTo('mari.maasikas@example.ee', 'password-reset');
  const inviteLink = linkTo('uku.uus@example.ee', 'invite');
  const out = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signedOut = await out.newPage();
  try {
    for (const lang of LANGS) {
      await setLanguage(page, lang);
      await setLanguage(signedOut, lang);
      await page.goto(`/ui/dashboard/EE/${lang}/add-customer`);
      const add = page.getByRole('dialog');
      await check(page, lang, 'modal: customer add by staff, the search', add.getByRole('combobox'));
      await add.getByRole('combobox').fill('Testfirma');
      await page.getByRole('option', { name: /^Testfirma OÜ/ }).click();
      await check(
        page,
        lang,
        'modal: customer add by staff, the company to add',
        add.locator('.button-row .button--primary'),
      );

      await page.goto('/ui/test-component/demo');
      await page.getByRole('button', { name: t(lang, 'devpages.component.open-modal') }).click();
      await check(
        page,
        lang,
        'modal: the test component’s modal',
        dialogNamed(page, t(lang, 'devpages.component.modal')),
      );

      // the person's own terms of use (spec 2 §4 "EULA confirm"), shown to the signed-in kristi
      await page.goto('/ui/user-add/edit/');
      const eula = dialogNamed(page, t(lang, 'account.eula.title'));
      await check(
        page,
        lang,
        'page: /ui/user-add/edit/ (terms of use)',
        eula.getByRole('button', { name: t(lang, 'account.eula.confirm') }),
      );

      await signedOut.goto(inviteLink);
      const invited = dialogNamed(signedOut, t(lang, 'account.eula.title'));
      await check(
        signedOut,
        lang,
        'page: /ui/user-add/edit/$key (terms of use from an invitation)',
        invited.getByRole('button', { name: t(lang, 'account.eula.confirm') }),
      );

      await signedOut.goto(resetLink);
      const reset = dialogNamed(signedOut, t(lang, 'account.reset.title'));
      await expect(reset.getByRole('button', { name: t(lang, 'account.reset.save') })).toBeVisible();
      // Save with nothing filled in: each field's error (nothing is sent)
      await reset.getByRole('button', { name: t(lang, 'account.reset.save') }).click();
      await check(
        signedOut,
        lang,
        'page: /ui/user-add/reset-password/$key (with its errors)',
        reset.locator('.field-error').first(),
      );
    }
  } finally {
    await out.close();
  }
});
