/**
 * /test/show (spec 2 §2 "Developer and test pages"): SLA tests with pass/fail markers, the LDAP save button,
 * enterprise queries against the business register, the ID-card signature test (digest → the card signs →
 * finalize → download; 'failed' when ok is false), and the lists of user roles and all roles. Staff only; not in
 * live run mode. Failed loads here are only logged (spec 2 §8), except a failed finalize (error.server).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { runSlaTest } from '../../api/sla/run-sla-test';
import { digidocDigest, digidocFinalize } from '../../api/test/digidoc';
import {
  findEnterprises,
  getEnterprise,
  getEnterpriseRating,
  getEnterpriseVat,
  isBoardMember,
} from '../../api/test/enterprise';
import { execLdap } from '../../api/test/exec-ldap';
import { testRolesQuery, testUserRolesQuery } from '../../api/test/get-roles';
import { usePortal } from '../../app/PortalContext';
import { PinDialog } from '../customer-add';
import { DevGate } from './DevGate';
import './dev-pages.css';

const toHex = (b64: string) => Array.from(atob(b64), (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

export function TestShowPage() {
  return (
    <DevGate>
      <TestShow />
    </DevGate>
  );
}

function TestShow() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <section className="page card dev-page">
      <h1>{t('devpages.test.title')}</h1>
      <SlaTests t={t} />
      <LdapSave t={t} />
      <EnterpriseQueries t={t} />
      <SignatureTest t={t} />
      <Roles t={t} />
    </section>
  );
}

type T = (id: string, values?: Record<string, string | number>) => string;

function Marker({ ok, t }: { ok: boolean; t: T }) {
  return <span className={ok ? 'dev-pass' : 'dev-fail'}>{t(ok ? 'devpages.test.pass' : 'devpages.test.fail')}</span>;
}

function SlaTests({ t }: { t: T }) {
  const { api, logWarning } = usePortal();
  const run = useMutation({
    mutationFn: () => runSlaTest(api),
    onError: (error) => logWarning({ type: 'warning', code: 'test.sla', detail: String(error) }),
  });
  return (
    <section aria-labelledby="sla-h">
      <h2 id="sla-h">{t('devpages.test.sla')}</h2>
      <button type="button" className="button" disabled={run.isPending} onClick={() => run.mutate()}>
        {t('devpages.test.sla.run')}
      </button>
      {run.data && (
        <ul data-testid="sla-results">
          {run.data.results.map((r) => (
            <li key={r.name}>
              {r.name}: <Marker ok={r.status === 'OK'} t={t} />
              {r.message ? ` (${r.message})` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LdapSave({ t }: { t: T }) {
  const { api, logWarning } = usePortal();
  const save = useMutation({
    mutationFn: () => execLdap(api),
    onError: (error) => logWarning({ type: 'warning', code: 'test.ldap', detail: String(error) }),
  });
  return (
    <section aria-labelledby="ldap-h">
      <h2 id="ldap-h">{t('devpages.test.ldap')}</h2>
      <button type="button" className="button" disabled={save.isPending} onClick={() => save.mutate()}>
        {t('devpages.test.ldap.save')}
      </button>{' '}
      {(save.isSuccess || save.isError) && (
        <span data-testid="ldap-result">
          <Marker ok={save.isSuccess} t={t} />
        </span>
      )}
    </section>
  );
}

function EnterpriseQueries({ t }: { t: T }) {
  const { api, logWarning } = usePortal();
  const [code, setCode] = useState('');
  const [person, setPerson] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: async (kind: 'find' | 'company' | 'vat' | 'rating' | 'board') => {
      const c = code.trim();
      switch (kind) {
        case 'find':
          return (await findEnterprises(api, code)).map((e) => `${e.name} (${e.code})`).join('\n');
        case 'company': {
          const company = await getEnterprise(api, c);
          return company ? `${company.name} (${company.regCode})` : '-';
        }
        case 'vat':
          return (await getEnterpriseVat(api, c)) ?? '-';
        case 'rating':
          return (await getEnterpriseRating(api, c)) ?? '-';
        case 'board':
          return String(await isBoardMember(api, code, person));
      }
    },
    onSuccess: (text) => setResult(text || '-'),
    onError: (error) => {
      setResult(null);
      logWarning({ type: 'warning', code: 'test.enterprise', detail: String(error) });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate('company');
  };
  return (
    <section aria-labelledby="ent-h">
      <h2 id="ent-h">{t('devpages.test.enterprise')}</h2>
      <form className="dev-row" onSubmit={onSubmit}>
        <label>
          {t('devpages.test.enterprise.code')}
          <input name="enterpriseCode" value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={!code.trim() || ask.isPending}>
          {t('devpages.test.enterprise.company')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!code.trim() || ask.isPending}
          onClick={() => ask.mutate('find')}
        >
          {t('devpages.test.enterprise.find')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!code.trim() || ask.isPending}
          onClick={() => ask.mutate('vat')}
        >
          {t('devpages.test.enterprise.vat')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!code.trim() || ask.isPending}
          onClick={() => ask.mutate('rating')}
        >
          {t('devpages.test.enterprise.rating')}
        </button>
        <label>
          {t('devpages.test.enterprise.person')}
          <input name="personCode" value={person} onChange={(e) => setPerson(e.target.value)} />
        </label>
        <button
          type="button"
          className="button"
          disabled={!code.trim() || !person.trim() || ask.isPending}
          onClick={() => ask.mutate('board')}
        >
          {t('devpages.test.enterprise.board')}
        </button>
      </form>
      {result !== null && (
        <pre className="dev-output" data-testid="enterprise-result" aria-live="polite">
          {result}
        </pre>
      )}
    </section>
  );
}

function SignatureTest({ t }: { t: T }) {
  const portal = usePortal();
  const { api, customerAdd: signing, showToast, logWarning } = portal;
  const [state, setState] = useState<'-' | 'signing' | 'ok' | 'failed'>('-');
  const run = async () => {
    setState('signing');
    try {
      const cert = await signing.idCard.getSigningCertificate();
      const { digest } = await digidocDigest(api, toHex(cert.certificate));
      const signed = await signing.idCard.sign(cert.certificate, digest, 'SHA-256');
      let fin: Awaited<ReturnType<typeof digidocFinalize>>;
      try {
        fin = await digidocFinalize(api, signed.signature);
      } catch (error) {
        // spec 2 §8: error.server when the signature's finalize fails
        showToast({ toastType: 'error', messageKey: 'error.server' });
        throw error;
      }
      setState(fin.ok ? 'ok' : 'failed');
    } catch (error) {
      logWarning({ type: 'warning', code: 'test.signature', detail: String(error) });
      setState('failed');
    }
  };
  const base = portal.config.apiUrl.replace(/\/+$/, '');
  return (
    <section aria-labelledby="sig-h">
      <h2 id="sig-h">{t('devpages.test.signature')}</h2>
      <button type="button" className="button" disabled={state === 'signing'} onClick={() => void run()}>
        {t('devpages.test.signature.run')}
      </button>{' '}
      <span data-testid="signature-result" aria-live="polite">
        {state === 'ok' ? (
          <Marker ok t={t} />
        ) : state === 'failed' ? (
          <span className="dev-fail">{t('devpages.test.signature.failed')}</span>
        ) : state === 'signing' ? (
          t('common.loading')
        ) : (
          '-'
        )}
      </span>
      {state === 'ok' && (
        <p>
          <a href={`${base}/test/digidoc/download`} download>
            {t('devpages.test.signature.download')}
          </a>
        </p>
      )}
      <PinDialog prompt={signing.pinPrompt} />
    </section>
  );
}

function Roles({ t }: { t: T }) {
  const { api } = usePortal();
  const intl = useIntl();
  const roles = useQuery(testRolesQuery(api));
  const userRoles = useQuery(testUserRolesQuery(api));
  return (
    <section aria-labelledby="roles-h">
      <h2 id="roles-h">{t('devpages.test.user-roles')}</h2>
      {userRoles.data && (
        <table className="dev-table" aria-label={t('devpages.test.user-roles')}>
          <thead>
            <tr>
              <th scope="col">{t('devpages.test.customer')}</th>
              <th scope="col">{t('devpages.test.user')}</th>
              <th scope="col">{t('devpages.test.role')}</th>
            </tr>
          </thead>
          <tbody>
            {userRoles.data.value.map((r, i) => (
              <tr key={`${r.userId}-${r.customerId}-${i}`}>
                <td>
                  {r.name} ({r.customerId})
                </td>
                <td>
                  {r.firstName} {r.lastName} ({r.userId})
                </td>
                <td>{r.roleId ?? '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('devpages.test.all-roles')}</h2>
      {roles.data && (
        <ul>
          {roles.data.value.map((r) => (
            <li key={`${r.application}-${r.id}`}>
              {r.application} {r.id}: {r.names[intl.locale] ?? r.names.en ?? ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
