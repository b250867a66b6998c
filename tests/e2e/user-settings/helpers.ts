/**
 * Helpers of the user-settings end-to-end tests: the person's fgids, API calls with the page's session
 * and XSRF token, and the settings page's parts by role and label.
 */
import type { Page } from '@playwright/test';
import { COOKIE, XSRF_HEADER } from '../../../domain/contract';
import type { UserEditAnswer } from '../../../domain/user-settings';
import { expect, signInAs, test, type DemoPerson } from '../fixtures';

export const FGID = {
  mari: 'EE48709050218',
  jaan: 'EE37503124229',
  kristi: 'EE49004170227',
} as const;

export async function xsrf(page: Page): Promise<string> {
  let c = (await page.context().cookies()).find((x) => x.name === COOKIE.xsrf);
  if (!c) {
    await page.request.get('/ui/config.json');
    await page.request.get('/api/context/getSimpleUserContext');
    c = (await page.context().cookies()).find((x) => x.name === COOKIE.xsrf);
  }
  return c?.value ?? '';
}

/** POST to the portal API with the page's session and XSRF token; the raw answer. */
export async function apiPost(page: Page, path: string, data: unknown) {
  return page.request.post(`/api/${path}`, { data, headers: { [XSRF_HEADER]: await xsrf(page) } });
}

/**
 * The body of POST user-settings/edit that puts back what GET user-settings/edit answered (`before`), with `change`
 * on top: a test that edits a person's data restores it with this, also when it fails half-way.
 */
export function editBodyFrom(before: UserEditAnswer, change: Record<string, unknown> = {}) {
  return {
    firstName: before.firstName,
    lastName: before.lastName,
    email: before.email ?? '',
    mobile: before.mobile ?? '',
    phone: before.phone ?? '',
    preferredLanguage: before.preferredLanguage ?? 'EST',
    address: before.address ?? null,
    ...change,
  };
}

/** POST to the simulator console API (e.g. roles/load-failure/OSS). */
export async function simPost(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`/sim/api/${path}`, { data, headers: { [XSRF_HEADER]: await xsrf(page) } });
  expect(res.ok(), `POST /sim/api/${path} → ${res.status()} ${await res.text()}`).toBeTruthy();
}

export const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
export const successToast = (page: Page) => page.getByText('Save successful', { exact: true });

/** Signs in with English as the language (the EPIT-LANGUAGE cookie), so texts are predictable. */
export async function signIn(page: Page, who: DemoPerson, target: string, represented?: string) {
  const url = test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 8181}`;
  await page.context().addCookies([{ name: COOKIE.language, value: 'eng', url }]);
  if (!represented) return signInAs(page, who, { target });
  // without a represented party the choice modal would open after login (spec 1 §4): choose one first
  await signInAs(page, who, { target: '/ui/config.json' });
  const res = await page.request.get(`/api/context/changeRepresented/${encodeURIComponent(represented)}`, {
    headers: { [XSRF_HEADER]: await xsrf(page) },
  });
  expect(res.ok(), `change the represented party to ${represented}`).toBeTruthy();
  await page.goto(target);
}

export const choiceDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Choose, whose main page You want to enter' });

/** Picks a party in the represented-choice modal (shown after login without one) and waits until it is gone. */
export async function pick(page: Page, name: string) {
  await choiceDialog(page).getByRole('button', { name, exact: true }).click();
  await expect(choiceDialog(page)).toBeHidden();
}

/**
 * Signs on afresh (the context's cookies cleared) with any username and password by the sign-on form's requests (like fixtures' signInAs, which knows only
 * the demo credentials). Resolves true when the sign-on service accepted them and the portal opened a session.
 */
export async function signOnWith(page: Page, username: string, password: string): Promise<boolean> {
  // a fresh browser: no portal or sign-on session to reuse, so the credentials themselves are what counts
  await page.context().clearCookies();
  const start = await page.request.get('/api/security/login?target=%2Fui%2F', { maxRedirects: 0 });
  const toSignOn = new URL(start.headers().location ?? '', 'http://base.invalid');
  const service = toSignOn.searchParams.get('service') ?? '';
  const form = await (await page.request.get(toSignOn.pathname + toSignOn.search)).text();
  const execution = /name="execution" value="([^"]+)"/.exec(form)?.[1] ?? '';
  const signOn = await page.request.post('/cas/login', {
    form: { service, username, password, execution },
    maxRedirects: 0,
  });
  const back = signOn.headers().location ?? '';
  if (!/[?&]ticket=ST-/.test(back)) return false;
  return (await page.request.get(back, { maxRedirects: 0 })).status() === 302;
}
