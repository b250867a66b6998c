/**
 * /test/ax (spec 2 §2 "Developer and test pages"): the accounting system's person (FISIK) get, create and modify
 * form. Status '-' → LOADING → OK or ERROR. FGID, first name, last name, personal code, language and country are
 * marked required, visually only (spec 2 §5): the buttons work with any of them empty, and the accounting system
 * decides (an empty FGID ends in ERROR). Staff only; not in live run mode.
 */
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FisikPerson } from '../../../domain/dev-pages/contract';
import { getFisik, saveFisik } from '../../api/ax/fisik';
import { usePortal } from '../../app/PortalContext';
import { DevGate } from './DevGate';
import './dev-pages.css';

export function TestAxPage() {
  return (
    <DevGate>
      <TestAx />
    </DevGate>
  );
}

type Status = '-' | 'LOADING' | 'OK' | 'ERROR';
interface AxForm {
  id: string;
  firstName: string;
  lastName: string;
  personalCode: string;
  preferredLanguage: string;
  country: string;
  email: string;
  phone: string;
  mobile: string;
}
const EMPTY: AxForm = {
  id: '',
  firstName: '',
  lastName: '',
  personalCode: '',
  preferredLanguage: '',
  country: '',
  email: '',
  phone: '',
  mobile: '',
};
const FIELDS: { name: keyof AxForm; label: string; required?: boolean }[] = [
  { name: 'id', label: 'devpages.ax.fgid', required: true },
  { name: 'firstName', label: 'devpages.ax.first-name', required: true },
  { name: 'lastName', label: 'devpages.ax.last-name', required: true },
  { name: 'personalCode', label: 'devpages.ax.personal-code', required: true },
  { name: 'preferredLanguage', label: 'devpages.ax.language', required: true },
  { name: 'country', label: 'devpages.ax.country', required: true },
  { name: 'email', label: 'devpages.ax.email' },
  { name: 'phone', label: 'devpages.ax.phone' },
  { name: 'mobile', label: 'devpages.ax.mobile' },
];

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

function toPerson(f: AxForm): FisikPerson {
  return {
    id: f.id.trim(),
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    personalCode: f.personalCode.trim(),
    email: orNull(f.email),
    phone: orNull(f.phone),
    mobile: orNull(f.mobile),
    preferredLanguage: orNull(f.preferredLanguage.toUpperCase()),
    trustfulAuthentication: false,
    notActive: false,
    address: orNull(f.country)
      ? {
          name: null,
          type: null,
          country: orNull(f.country.toUpperCase()),
          county: null,
          city: null,
          street: null,
          state: null,
          zipCode: null,
          padreId: null,
          padreFullName: null,
        }
      : null,
  };
}

function toForm(p: FisikPerson): AxForm {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    personalCode: p.personalCode,
    preferredLanguage: p.preferredLanguage ?? '',
    country: p.address?.country ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    mobile: p.mobile ?? '',
  };
}

function TestAx() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { api, logWarning } = usePortal();
  const [form, setForm] = useState<AxForm>(EMPTY);
  const [status, setStatus] = useState<Status>('-');

  const act = async (kind: 'get' | 'create' | 'modify') => {
    setStatus('LOADING');
    try {
      const person = kind === 'get' ? await getFisik(api, form.id.trim()) : await saveFisik(api, kind, toPerson(form));
      setForm(toForm(person));
      setStatus('OK');
    } catch (error) {
      // spec 2 §8: other failed loads in the test pages are only logged
      logWarning({ type: 'warning', code: `test.ax.${kind}`, detail: String(error) });
      setStatus('ERROR');
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void act('get');
  };

  return (
    <section className="page card dev-page">
      <h1>{t('devpages.ax.title')}</h1>
      <p>
        {t('devpages.ax.status')}:{' '}
        <strong data-testid="ax-status" aria-live="polite">
          {status}
        </strong>
      </p>
      <form onSubmit={onSubmit} className="dev-page">
        <div className="dev-row">
          {FIELDS.map((f) => (
            <label key={f.name}>
              <span className={f.required ? 'dev-required' : undefined}>{t(f.label)}</span>
              <input
                name={f.name}
                value={form[f.name]}
                onChange={(e) => setForm((prev) => ({ ...prev, [f.name]: e.target.value }))}
              />
            </label>
          ))}
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={status === 'LOADING'}>
            {t('devpages.ax.get')}
          </button>
          <button type="button" className="button" disabled={status === 'LOADING'} onClick={() => void act('create')}>
            {t('devpages.ax.create')}
          </button>
          <button type="button" className="button" disabled={status === 'LOADING'} onClick={() => void act('modify')}>
            {t('devpages.ax.modify')}
          </button>
        </div>
      </form>
    </section>
  );
}
