import { useIntl } from 'react-intl';
import type { Domain } from '../../../domain/contract';
import { FOOTER_CONTACT } from './footer';

/**
 * Contact info text per country (spec 1 §2 user menu panel). Only the panels that open on a click show it (the user
 * menu panel, the side panel's help entry), so it loads with them.
 */
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
