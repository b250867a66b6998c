/**
 * Helpers of the account and developer-page tests: the simulator console API (outbox, server clock,
 * switches) and the portal API with the page's own cookies and XSRF token.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export async function xsrf(page: Page): Promise<string> {
  let c = (await page.context().cookies()).find((x) => x.name === 'EPIT-XSRF-TOKEN');
  if (!c) {
    await page.request.get('/ui/config.json');
    c = (await page.context().cookies()).find((x) => x.name === 'EPIT-XSRF-TOKEN');
  }
  return c?.value ?? '';
}

/** POST with the page's cookies and XSRF token; returns the response. */
export async function post(page: Page, url: string, data: unknown) {
  return page.request.post(url, { data, headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
}

/** POST to the simulator console API; fails the test unless it answers 2xx. */
export async function simPost(page: Page, path: string, data: unknown): Promise<unknown> {
  const res = await post(page, `/sim/api/${path}`, data);
  expect(res.ok(), `POST /sim/api/${path} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

interface Mail {
  to: string;
  subject: string;
  body: string;
  kind: string;
}

/** The newest outbox e-mail to `to` (of `kind`), read from the simulator console. */
export async function newestMail(page: Page, to: string, kind?: string): Promise<Mail> {
  const res = await page.request.get('/sim/api/outbox');
  const { value } = (await res.json()) as { value: Mail[] };
  const mail = value.find((m) => m.to === to && (!kind || m.kind === kind));
  expect(mail, `an e-mail to ${to} in the outbox`).toBeTruthy();
  return mail!;
}

/** The portal path (/ui/...) of the first link in an e-mail. */
export function linkIn(mail: Mail): string {
  const url = /https?:\/\/\S+/.exec(mail.body)?.[0] ?? '';
  return new URL(url).pathname;
}

/** Moves the server's clock (simulator console); returns the undo. */
export async function shiftClock(page: Page, ms: number): Promise<() => Promise<void>> {
  await simPost(page, 'clock', { shiftMs: ms });
  return async () => {
    await simPost(page, 'clock', { shiftMs: -ms });
  };
}

/** Signs on at the CAS sign-on page with a username and password (the page must be showing it). */
export async function signOnWith(page: Page, username: string, password: string) {
  await expect(page).toHaveURL(/\/cas\/login/);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}
