/** Shared bits of the signing and customer-add tests. */
import type { Client, TestApp } from '../../test/helpers.js';

/** The fields the sign, card and context answers have that the tests read. */
export interface SignJson {
  status: string;
  challengeId: string | null;
  code: string;
  fields: Record<string, string>;
  certificate: string;
  digest: string;
  signature: string;
  epitPrincipal: {
    representationRightsCache: Record<
      string,
      { name: string; userRoleList: { application: string; notActive: boolean }[] }
    >;
  };
}

export const TESTFIRMA = { code: '11000109', name: 'Testfirma OÜ', jgid: 'EPEE11000109' };

export const customer = (enterpriseCode: string, enterpriseName = 'Company') => ({
  enterpriseCode,
  enterpriseName,
  email: 'board@example.ee',
  additionalInfo: '',
});

/** Changes the simulators' knobs through the console API (POST /sim/api/signing), as a tester would. */
export async function simSettings(t: TestApp, patch: Record<string, unknown>) {
  const c = t.client();
  await c.get('/sim/api/signing'); // the XSRF cookie
  const res = await c.post('/sim/api/signing', patch);
  if (res.statusCode !== 200) throw new Error(`POST /sim/api/signing: ${res.statusCode} ${res.body}`);
}

/**
 * Status requests are held as briefly as SK allows (1 s) and the device choice needs no time: the fake clock
 * decides when the person acts.
 */
export async function quickChecks(t: TestApp) {
  await simSettings(t, { checkWaitMs: 0, sidCertChoiceDelayMs: 0 });
}

/** ID-card: what the browser adapter does — read the card's certificate, digest, card signs, finalize. */
export async function signWithCard(c: Client, enterpriseCode: string, tamper = false) {
  const cert = await c.get('/sim/id-card/certificate');
  if (cert.statusCode !== 200) throw new Error(`certificate: ${cert.statusCode} ${cert.body}`);
  const digest = await c.post('/api/sign/digest', {
    cert: cert.json<SignJson>().certificate,
    customer: customer(enterpriseCode),
  });
  if (digest.json<SignJson>().status !== 'SUCCESS')
    return { step: 'digest' as const, status: digest.json<SignJson>().status };
  const signed = await c.post('/sim/id-card/sign', { hash: digest.json<SignJson>().digest, hashFunction: 'SHA-256' });
  let signature: string = signed.json<SignJson>().signature;
  if (tamper) {
    const b = Buffer.from(signature, 'base64');
    b[b.length - 1] ^= 0x01;
    signature = b.toString('base64');
  }
  const fin = await c.post('/api/sign/finalize', { value: signature });
  return { step: 'finalize' as const, status: fin.json<SignJson>().status };
}
