import { useIntl } from 'react-intl';
import type { Domain, RepresentedDetails } from '../../../machines/lib/contract';
import { FOOTER_CONTACT } from './footer';

/** Client manager block (spec 1 §2): name, phone (tel link), e-mail (mailto link). */
export function ClientManager({
  details,
  headingLevel = 2,
}: {
  details: RepresentedDetails | null | undefined;
  headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  if (!details?.clientManagerName) return null;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className="client-manager"
      aria-label={intl.formatMessage({ id: 'clientManager.title' })}
      data-testid="client-manager"
    >
      <H className="client-manager__title">{intl.formatMessage({ id: 'clientManager.title' })}</H>
      <p className="client-manager__name">{details.clientManagerName}</p>
      {details.clientManagerPhone && (
        <p>
          <a href={`tel:${details.clientManagerPhone.replace(/\s+/g, '')}`}>{details.clientManagerPhone}</a>
        </p>
      )}
      {details.clientManagerEmail && (
        <p>
          <a href={`mailto:${details.clientManagerEmail}`}>{details.clientManagerEmail}</a>
        </p>
      )}
    </section>
  );
}

/** Contact info text per country (spec 1 §2 user menu panel). */
export function ContactInfo({ domain }: { domain: Domain }) {
  const intl = useIntl();
  const c = FOOTER_CONTACT[domain];
  return (
    <section className="contact-info" aria-label={intl.formatMessage({ id: 'contact.title' })}>
      <h3 className="contact-info__title">{intl.formatMessage({ id: 'contact.title' })}</h3>
      <p>{intl.formatMessage({ id: `contact.text.${domain}` })}</p>
      <p>
        <a href={`tel:${c.phone.replace(/\s+/g, '')}`}>{c.phone}</a>
        <br />
        <a href={`mailto:${c.email}`}>{c.email}</a>
      </p>
    </section>
  );
}
