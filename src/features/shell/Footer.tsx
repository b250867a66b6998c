import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { useFooterTexts } from '../../i18n/I18nProvider';
import { footerContent } from './footer';

/** The site footer (spec 1 §2 "Root layout"): contact and opening hours of the current domain, per language. */
export function Footer() {
  const portal = usePortal();
  const intl = useIntl();
  // the language on screen (its texts are loaded), which trails the session's for a moment after a switch
  const { language, catalogues } = useFooterTexts();
  const domain = useSelector(portal.session, (s) => s.context.domain);
  const c = useMemo(() => footerContent(domain, language, catalogues), [domain, language, catalogues]);
  return (
    <footer className="site-footer" data-testid="site-footer" data-domain={domain}>
      <section className="site-footer__contact" aria-label={c.contactTitle}>
        <p className="site-footer__company">{c.company}</p>
        <p>
          <span>{c.contactTitle}: </span>
          <a href={`tel:${c.phone.replace(/\s+/g, '')}`}>{c.phone}</a>
          {', '}
          <a href={`mailto:${c.email}`}>{c.email}</a>
        </p>
        <p data-testid="footer-hours">
          {c.openingHoursLabel}: {c.openingHours}
        </p>
      </section>
      <span className="site-footer__version">
        {intl.formatMessage({ id: 'common.version' }, { version: portal.config.appVersion })}
      </span>
    </footer>
  );
}
