/**
 * Elliptic-curve signers (raw r‖s signatures, as ID-cards since 2018 and EC Mobile-ID return them) and the trust
 * folder: eeva's Mobile-ID key is P-256 and her ID-card's is P-384; certificates are trusted only when a CA of
 * SIGNING_TRUST_DIR issued them.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { verifyData } from './certificates.js';
import { customer, quickChecks, signWithCard } from './test-kit.js';

const ELLIPTIKA = { code: '11000144', name: 'Elliptika OÜ', jgid: 'EPEE11000144' };
const EEVA_CARD = '49005120229';

let t: TestApp;
let dirs: string[] = [];
afterEach(async () => {
  await t.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

const contracts = () => t.db.selectFrom('signed_contracts').selectAll().execute();

describe('EC signers', () => {
  it('eeva signs Elliptika with her P-256 Mobile-ID: a 64-byte raw r‖s signature that verifies', async () => {
    t = await makeTestApp();
    await quickChecks(t);
    const eeva = await t.login('eeva');
    const start = await eeva.post('/api/sign/mobile/start', {
      mobileNr: '+372 5550 1234',
      customer: customer(ELLIPTIKA.code, ELLIPTIKA.name),
    });
    expect(start.json()).toMatchObject({ status: 'SUCCESS', challengeId: expect.stringMatching(/^\d{4}$/) as string });
    t.clock.advance(4000);
    expect((await eeva.get('/api/sign/mobile/check')).json()).toEqual({ status: 'SUCCESS' });
    const [signed] = await contracts();
    const cert = new X509Certificate(Buffer.from(signed.cert_der, 'base64'));
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const signature = Buffer.from(signed.signature, 'base64');
    expect(signature).toHaveLength(64);
    expect(verifyData(cert.raw, Buffer.from(signed.data_to_sign, 'base64'), signature)).toBe(true);
  });

  it("eeva's P-384 ID-card: a raw r‖s signature (96 bytes) verifies, a changed one does not", async () => {
    t = await makeTestApp();
    const eeva = await t.login('eeva');
    expect((await eeva.post('/sim/api/id-card', { inserted: EEVA_CARD })).statusCode).toBe(200);
    const card = (await eeva.get('/sim/id-card/certificate')).json<{
      certificate: string;
      supportedSignatureAlgorithms: unknown[];
    }>();
    expect(card.supportedSignatureAlgorithms).toEqual([
      { cryptoAlgorithm: 'ECC', hashFunction: 'SHA-256', paddingScheme: 'NONE' },
    ]);
    const certDer = Buffer.from(card.certificate, 'base64');
    expect(new X509Certificate(certDer).publicKey.asymmetricKeyDetails?.namedCurve).toBe('secp384r1');

    // the card signs a hash it is given; the portal verifies it over the data with dsaEncoding 'ieee-p1363'
    const data = Buffer.from('EPIT-SIGNED-INFO/1 test data');
    const hash = createHash('sha256').update(data).digest('base64');
    const signed = (await eeva.post('/sim/id-card/sign', { hash, hashFunction: 'SHA-256' })).json<{
      signature: string;
    }>();
    const signature = Buffer.from(signed.signature, 'base64');
    expect(signature).toHaveLength(96);
    expect(verifyData(certDer, data, signature)).toBe(true);
    const changed = Buffer.from(signature);
    changed[10] ^= 0x01;
    expect(verifyData(certDer, data, changed)).toBe(false);
    expect(verifyData(certDer, Buffer.from('other data'), signature)).toBe(false);

    expect(await signWithCard(eeva, ELLIPTIKA.code)).toEqual({ step: 'finalize', status: 'SUCCESS' });
    expect(await signWithCard(eeva, ELLIPTIKA.code, true)).toEqual({ step: 'finalize', status: 'DIGIDOC_ERROR' });
  });
});

describe('the trust folder (SIGNING_TRUST_DIR)', () => {
  const folder = (withDemoCa: boolean) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'epit-trust-'));
    dirs.push(dir);
    if (withDemoCa) copyFileSync(path.resolve('server/trust/epit-demo-ca.pem'), path.join(dir, 'some-ca.crt'));
    return dir;
  };
  const withTrust = async (trustDir: string) => {
    const base = await makeTestApp();
    const env = { ...base.env, signing: { ...base.env.signing, trustDir } };
    await base.close();
    t = await makeTestApp({ env });
    await quickChecks(t);
  };

  it('without the demo CA in the folder no demo certificate is trusted', async () => {
    await withTrust(folder(false));
    const jaak = await t.login('jaak');
    expect(await signWithCard(jaak, '11000109')).toEqual({ step: 'digest', status: 'DIGIDOC_ERROR' });
    const mary = await t.login('mary');
    expect(
      (await mary.post('/api/sign/mobile/start', { mobileNr: '+37200000766', customer: customer('11000109') })).json(),
    ).toEqual({ status: 'MOBILE_ID_CERT_ERROR', challengeId: null });
    const sille = await t.login('sille');
    expect((await sille.post('/api/sign/smart_id/start', { customer: customer('11000109') })).json()).toEqual({
      status: 'SMART_ID_CERT_ERROR',
      challengeId: null,
    });
    expect(await contracts()).toHaveLength(0);
  });

  it('any folder holding the CA (any file name) is enough', async () => {
    await withTrust(folder(true));
    const jaak = await t.login('jaak');
    expect(await signWithCard(jaak, '11000109')).toEqual({ step: 'finalize', status: 'SUCCESS' });
  });
});
