/**
 * Contract signing (spec 1 §4 customer-add 7–9): business checks, what is signed, the pending
 * signing kept per portal session (table signing_sessions), and what a valid signature creates.
 *
 * What is signed, like a XAdES SignedInfo: the SHA-256 of the contract document, the SHA-256 of
 * the signer's certificate and the signing time, as UTF-8 text ("data to sign"). The digest sent to
 * the card / Mobile-ID / Smart-ID is SHA-256(data to sign); the signature is verified with
 * crypto.verify('sha256', dataToSign, certificate) — a real check, so a tampered signature fails.
 *
 * The business register is an outside service (server/clients/registry.ts); the signer's certificate must chain
 * to the trust folder (./certificates.ts).
 */
import { createHash } from 'node:crypto';
import type { SigningCustomer } from '../../../domain/contract.js';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Session } from '../../lib/session.js';
import { signingServices } from '../../clients/index.js';
import { isBoardMember, type RegistryCompany } from '../../clients/registry.js';
import type { AppDeps } from '../../lib/deps.js';
import { isSigningCertificate, issuedByTrusted, parseCert, trustAnchors, verifyData } from './certificates.js';
import { customerByRegCode, grantMainAdmin, upsertCustomerFromRegistry } from '../customer-add/customers.js';
import { writeAudit } from '../../audit/audit.js';
import type { SigningSessionsTable } from '../../db/schema.js';
import { bool } from '../../db/index.js';

export type Method = 'IDCARD' | 'MID' | 'SID';
export type Pending = SigningSessionsTable;

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/**
 * The end status that stops signing for this company and person before anything is signed, or
 * null. Order: a stopped contract first (spec 1 §4 step 1 ends there too), then the board, then the
 * register's activity and credit rating.
 */
export async function businessCheck(
  deps: AppDeps,
  session: Session,
  regCode: string,
): Promise<{ status: string } | { company: RegistryCompany }> {
  const company = await signingServices(deps).registry.company(regCode);
  if (!company) return { status: 'GENERIC_ERROR' };
  const customer = await customerByRegCode(deps.db, regCode);
  if (customer && bool(customer.contract_stopped)) return { status: 'CONTRACT_STOPPED' };
  if (!isBoardMember(company, session.person)) return { status: 'NOT_A_BOARD_MEMBER' };
  if (!company.active) return { status: 'ENTERPRISE_NOT_ACTIVE' };
  if (!company.creditRating) return { status: 'CREDIT_RATING_NOT_DEFINED' };
  return { company };
}

/** The contract document for this company and signer (plain UTF-8 text; stored with the signature). */
export function contractDocument(
  company: RegistryCompany,
  session: Session,
  customer: SigningCustomer,
  now: Date,
): Buffer {
  const p = session.person;
  return Buffer.from(
    [
      'BUSINESS CUSTOMER CONTRACT (general terms apply)',
      '',
      `Customer: ${company.name}, registry code ${company.regCode}, ${company.country}`,
      `Legal address: ${company.address?.padreFullName ?? '-'}`,
      `Represented by board member: ${p.first_name} ${p.last_name}, personal code ${p.personal_code}`,
      `E-mail at the customer: ${customer.email}`,
      `Additional information: ${customer.additionalInfo || '-'}`,
      '',
      'The signer agrees to the contract terms, is authorised to solely represent the legal person,',
      'and certifies being a board member with no business restrictions.',
      '',
      `Date: ${now.toISOString().slice(0, 10)}`,
      '',
    ].join('\n'),
    'utf8',
  );
}

export function dataToSign(document: Buffer, certDer: Buffer, signingTime: Date): Buffer {
  return Buffer.from(
    [
      'EPIT-SIGNED-INFO/1',
      `document: contract.txt; sha256=${sha256(document).toString('base64')}`,
      `signing-certificate: sha256=${sha256(certDer).toString('base64')}`,
      `signing-time: ${signingTime.toISOString()}`,
      '',
    ].join('\n'),
    'utf8',
  );
}

export type CertCheck =
  | { ok: true; der: Buffer }
  | { ok: false; reason: 'BAD' | 'OTHER_PERSON' | 'EXPIRED' | 'UNTRUSTED' | 'NOT_FOR_SIGNING' };

/** Is this the signed-in person's valid signing certificate, issued by a CA of the trust folder? */
export function checkCert(deps: AppDeps, session: Session, cert: Buffer | string): CertCheck {
  const parsed = parseCert(cert);
  if (!parsed) return { ok: false, reason: 'BAD' };
  const now = deps.clock.now();
  // a person is the country and the code together: a certificate that names no country names no one for sure
  if (
    parsed.info.personalCode !== session.person.personal_code ||
    parsed.info.country?.toUpperCase() !== session.person.country.toUpperCase()
  ) {
    return { ok: false, reason: 'OTHER_PERSON' };
  }
  if (parsed.info.notAfter < now || parsed.info.notBefore > now) return { ok: false, reason: 'EXPIRED' };
  if (!issuedByTrusted(parsed.cert, trustAnchors(deps.env.signing.trustDir), now))
    return { ok: false, reason: 'UNTRUSTED' };
  if (!isSigningCertificate(parsed.cert)) return { ok: false, reason: 'NOT_FOR_SIGNING' };
  return { ok: true, der: parsed.der };
}

/** Starts (or replaces) the session's pending signing and answers the digest to sign. */
export async function savePending(
  db: Db,
  clock: Clock,
  session: Session,
  p: { method: Method; company: RegistryCompany; customer: SigningCustomer; certDer: Buffer },
): Promise<Pending> {
  const now = clock.now();
  const document = contractDocument(p.company, session, p.customer, now);
  const data = dataToSign(document, p.certDer, now);
  const row: Pending = {
    session_id: session.id,
    method: p.method,
    person_fgid: session.fgid,
    reg_code: p.company.regCode,
    customer: JSON.stringify(p.customer),
    document: document.toString('base64'),
    cert_der: p.certDer.toString('base64'),
    data_to_sign: data.toString('base64'),
    digest: sha256(data).toString('base64'),
    sim_session_id: null,
    challenge: null,
    status: 'RUNNING',
    created_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('signing_sessions').where('session_id', '=', session.id).execute();
    await trx.insertInto('signing_sessions').values(row).execute();
  });
  return row;
}

export async function pendingOf(db: Db, session: Session): Promise<Pending | undefined> {
  return db
    .selectFrom('signing_sessions')
    .selectAll()
    .where('session_id', '=', session.id)
    .where('person_fgid', '=', session.fgid)
    .executeTakeFirst();
}

export async function setPending(db: Db, sessionId: string, patch: Partial<Pending>): Promise<void> {
  await db.updateTable('signing_sessions').set(patch).where('session_id', '=', sessionId).execute();
}

/**
 * Claims a RUNNING signing for finishing, so two concurrent checks can't both create rights.
 * Returns false when someone else already finished it.
 */
async function claim(db: Db, sessionId: string): Promise<boolean> {
  const r = await db
    .updateTable('signing_sessions')
    .set({ status: 'FINALIZING' })
    .where('session_id', '=', sessionId)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The outcome of a signing another request is finishing (a status check sent again, or twice at once from two tabs):
 * waits while it is FINALIZING, so that every send of one signing answers as the one that finished it did, not an
 * error for a contract that is being made.
 */
async function outcomeOf(db: Db, sessionId: string): Promise<string> {
  for (let waited = 0; waited <= OUTCOME_WAIT_MS; waited += OUTCOME_POLL_MS) {
    const now = await db
      .selectFrom('signing_sessions')
      .select('status')
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (!now) return 'GENERIC_ERROR';
    if (now.status !== 'FINALIZING') return now.status;
    await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
  }
  return 'GENERIC_ERROR';
}
const OUTCOME_POLL_MS = 50;
const OUTCOME_WAIT_MS = 5000;

/**
 * Verifies the signature and, when valid, stores the signed contract and creates the customer (if
 * needed), the contract and the signer's AXAPTA main-admin right. Returns the final status and
 * records it on the pending row (repeated checks answer the same).
 */
export async function finish(deps: AppDeps, pending: Pending, signature: Buffer): Promise<string> {
  const { db } = deps;
  if (!(await claim(db, pending.session_id))) return outcomeOf(db, pending.session_id);
  const status = await verifyAndCreate(deps, pending, signature).catch(async (err: unknown) => {
    // the register or the database failed: let a later check try again instead of a pending row stuck FINALIZING
    await setPending(db, pending.session_id, { status: 'RUNNING' });
    throw err;
  });
  await setPending(db, pending.session_id, { status });
  deps.metrics.signingEnded(pending.method, status);
  return status;
}

async function verifyAndCreate(deps: AppDeps, pending: Pending, signature: Buffer): Promise<string> {
  const { db, clock } = deps;
  const certDer = Buffer.from(pending.cert_der ?? '', 'base64');
  const data = Buffer.from(pending.data_to_sign ?? '', 'base64');
  if (!verifyData(certDer, data, signature)) return 'DIGIDOC_ERROR';
  const company = await signingServices(deps).registry.company(pending.reg_code);
  if (!company) return 'GENERIC_ERROR';
  // the register's knob for "the signature container service fails for this company"
  if (company.digidocFails) return 'DIGIDOC_ERROR';
  const customer = JSON.parse(pending.customer) as SigningCustomer;
  await db.transaction().execute(async (trx) => {
    const jgid = await upsertCustomerFromRegistry(trx, clock, company, { contract: true, email: customer.email });
    await trx
      .insertInto('signed_contracts')
      .values({
        jgid,
        reg_code: company.regCode,
        signer_fgid: pending.person_fgid,
        method: pending.method,
        email: customer.email,
        additional_info: customer.additionalInfo ?? '',
        document: pending.document,
        data_to_sign: pending.data_to_sign!,
        signature: signature.toString('base64'),
        cert_der: pending.cert_der!,
        signed_at: clock.now().toISOString(),
      })
      .execute();
    await grantMainAdmin(trx, clock, pending.person_fgid, jgid);
    // the audit log (no request here: the signing check may run in a later request than the start)
    await writeAudit(trx, clock, {
      event: 'customer.add',
      actorFgid: pending.person_fgid,
      subject: jgid,
      detail: { via: pending.method },
    });
  });
  return 'SUCCESS';
}
