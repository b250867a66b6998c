/** Shared bits of the signing and customer-add tests. */
import type { Client, TestApp } from '../../test/helpers.js';
import { setSimSettings } from '../../sim/settings.js';

export const TESTFIRMA = { code: '11000109', name: 'Testfirma OÜ', jgid: 'EPEE11000109' };

export const customer = (enterpriseCode: string, enterpriseName = 'Company') => ({
  enterpriseCode,
  enterpriseName,
  email: 'board@example.ee',
  additionalInfo: '',
});

/** Checks answer at once in tests (no real-time long poll); the fake clock decides completion. */
export async function quickChecks(t: TestApp) {
  await setSimSettings(t.db, { checkWaitMs: 0 });
}

/** ID-card: what the browser adapter does — read the card's certificate, digest, card signs, finalize. */
export async function signWithCard(c: Client, enterpriseCode: string, tamper = false) {
  const cert = await c.get('/sim/id-card/certificate');
  if (cert.statusCode !== 200) throw new Error(`certificate: ${cert.statusCode} ${cert.body}`);
  const digest = await c.post('/api/sign/digest', {
    cert: cert.json().certificate,
    customer: customer(enterpriseCode),
  });
  if (digest.json().status !== 'SUCCESS') return { step: 'digest' as const, status: digest.json().status as string };
  const signed = await c.post('/sim/id-card/sign', { hash: digest.json().digest, hashFunction: 'SHA-256' });
  let signature: string = signed.json().signature;
  if (tamper) {
    const b = Buffer.from(signature, 'base64');
    b[b.length - 1] ^= 0x01;
    signature = b.toString('base64');
  }
  const fin = await c.post('/api/sign/finalize', { value: signature });
  return { step: 'finalize' as const, status: fin.json().status as string };
}
