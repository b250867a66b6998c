/**
 * Helpers for the customer-add end-to-end tests: open the modal the way a user does
 * (/ui/dashboard/EE/en/add-customer), choose a company, fill the confirmation form, and drive the simulator
 * console (/sim/api/...: inserted ID-card, Mobile-ID knobs, demo reset of a register company).
 */
import type { Page } from '@playwright/test';
import { UserContext } from '../../../domain/contract';
import { expect, loginAs, type DemoPerson } from '../fixtures';

export const TESTFIRMA = { name: 'Testfirma OÜ', regCode: '11000109', jgid: 'EPEE11000109' };
export const DIALOG_TITLE = 'Enter into a business customer contract';

export const MSG = {
  success:
    'Representation rights were added. The credit can be used in about 5 minutes. Please log out and log in again.',
  saved: 'Save successful',
  rightsExist: 'Representation rights already exist',
  NOT_A_BOARD_MEMBER: 'User must be enterprise board member to add representation rights',
  CERTIFICATE_MISMATCH: 'ID-card must belong to the logged in user',
  MOBILE_ID_CONTRACT_ERROR: 'Mobile-ID contract missing, does not belong to logged in user or not activated',
  MOBILE_ID_CERT_ERROR: 'Mobile-ID certificate missing or expired',
  ENTERPRISE_NOT_ACTIVE: 'Automatic adding failed, please contact customer manager',
  CONTRACT_STOPPED: 'Please contact your account manager',
  DIGIDOC_ERROR: 'Automatic adding failed. Contact customer manager',
  CREDIT_RATING_NOT_DEFINED: 'Automatic adding failed. Contact customer manager',
  MID_USER_CANCELLED: 'The Mobile-ID signing was cancelled on the phone.',
  MID_TIMEOUT: 'The Mobile-ID signing was not confirmed in time. Please try again.',
  MID_PHONE_ABSENT:
    'The phone cannot be reached. Make sure it is switched on and has network coverage, then try again.',
  MID_DELIVERY_ERROR: 'The signing request could not be delivered to the phone. Please try again.',
  MID_SIM_ERROR: 'The SIM card of the phone reported an error. Please contact your mobile operator.',
  MID_SIGNATURE_HASH_MISMATCH:
    'The Mobile-ID signature does not match the document. Please contact your mobile operator.',
  SID_USER_REFUSED: 'The Smart-ID signing was refused in the app.',
  SID_TIMEOUT: 'The Smart-ID signing was not confirmed in time. Please try again.',
  IDCARD_NO_CARD: 'No ID-card found. Insert your ID-card into the card reader and try again.',
  IDCARD_USER_CANCELLED: 'PIN entry was cancelled. The contract was not signed.',
} as const;

export const dialog = (page: Page) => page.getByRole('dialog', { name: DIALOG_TITLE });

/** Signs in and opens the customer-add modal through its URL (spec 1 §3: dashboard with modalName add-customer). */
export async function openCustomerAdd(page: Page, who: DemoPerson, title = DIALOG_TITLE) {
  await loginAs(page, who);
  await page.goto('/ui/dashboard/EE/en/add-customer');
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
}

export async function chooseCompany(page: Page, name: string, term = name.split(' ')[0]) {
  const box = page.getByRole('combobox', { name: 'Name or registry code of the represented company' });
  await box.fill(term);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  // in the modal: the dashboard behind it may show a represented company's registry code too
  await expect(page.getByRole('dialog').getByText('Registry code', { exact: true })).toBeVisible();
}

export async function fillConfirmation(page: Page, email = 'contracts@example.ee') {
  const d = page.getByRole('dialog').first();
  await d.getByLabel('E-mail address at the represented').fill(email);
  await d.getByLabel('I agree to the terms of the contract', { exact: false }).check();
  await d.getByLabel('I certify that I am a member of the board', { exact: false }).check();
}

/** Choose, confirm and open the signing panel. */
export async function toSigningPanel(page: Page, company: string, term?: string) {
  await chooseCompany(page, company, term);
  await fillConfirmation(page);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose how to sign' })).toBeVisible();
}

/** The closing message of the flow: a toast with the text, and the modal is gone. */
export async function expectOutcome(
  page: Page,
  message: string,
  { closes = true, timeout }: { closes?: boolean; timeout?: number } = {},
) {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible({ timeout });
  if (closes) await expect(dialog(page)).toBeHidden();
}

async function xsrf(page: Page): Promise<string> {
  let c = (await page.context().cookies()).find((x) => x.name === 'EPIT-XSRF-TOKEN');
  if (!c) {
    await page.request.get('/sim/api/signing');
    c = (await page.context().cookies()).find((x) => x.name === 'EPIT-XSRF-TOKEN');
  }
  return c!.value;
}

/** POST to the simulator console API with the page's cookies and XSRF token. */
export async function simPost(page: Page, path: string, data: unknown): Promise<unknown> {
  const res = await page.request.post(`/sim/api/${path}`, { data, headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
  expect(res.ok(), `POST /sim/api/${path} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json() as Promise<unknown>;
}

/** The signed-in person's user context as the API answers it, read with the shared contract. */
export async function userContext(page: Page): Promise<UserContext> {
  return UserContext.parse(await (await page.request.get('/api/context/getUserContext')).json());
}

export interface SigningSettings {
  midDelayMs: number;
  sidDelayMs: number;
  midAnyPersonalCode: boolean;
  checkWaitMs: number;
}
export const DEFAULT_SETTINGS: SigningSettings = {
  midDelayMs: 3500,
  sidDelayMs: 3000,
  midAnyPersonalCode: false,
  checkWaitMs: 2000,
};

export const setSigningSim = (page: Page, patch: Partial<SigningSettings>) => simPost(page, 'signing', patch);
export const insertCard = (page: Page, personalCode: string | null) =>
  simPost(page, 'id-card', { inserted: personalCode });
/** Undo customer-add for a register company (server/sim/demo-reset.ts); with fgid only that person's new rights. */
export const resetCompany = (page: Page, regCode: string, fgid?: string) =>
  simPost(page, 'registry/reset', fgid ? { regCode, fgid } : { regCode });

export interface SignRequest {
  /** e.g. /api/sign/mobile/check */
  path: string;
  /** page clock (Playwright's clock when installed): when the portal sent it, and when its answer came */
  sent: number;
  answered: number | null;
  /** the `status` of the answer */
  status: string | null;
}

/**
 * Logs the portal's own /api/sign/ requests in the page, with the page clock's time, from the next page load on.
 * With Playwright's clock paused, the times are exactly those the machine's timers ran out at.
 */
export async function recordSignRequests(page: Page) {
  await page.addInitScript(() => {
    const log: SignRequest[] = [];
    Object.assign(window, { __signRequests: log });
    const send = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes('/api/sign/')) return send(input, init);
      const entry: SignRequest = {
        path: new URL(url, location.href).pathname,
        sent: Date.now(),
        answered: null,
        status: null,
      };
      log.push(entry);
      const res = await send(input, init);
      const body = (await res
        .clone()
        .json()
        .catch(() => ({}))) as { status?: string };
      Object.assign(entry, { answered: Date.now(), status: body.status ?? null });
      return res;
    };
  });
  return {
    /** the requests so far whose path contains `part` */
    list: (part = '/api/sign/') =>
      page.evaluate(
        (p) =>
          (window as unknown as { __signRequests: SignRequest[] }).__signRequests.filter((r) => r.path.includes(p)),
        part,
      ),
  };
}

export const mobileIdButton = (page: Page) => page.getByRole('button', { name: 'Mobile-ID', exact: true });
export const phoneField = (page: Page) => page.getByLabel('Mobile phone number');
