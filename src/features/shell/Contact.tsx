import { useIntl } from 'react-intl';
import type { RepresentedDetails } from '../../../domain/contract';

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
