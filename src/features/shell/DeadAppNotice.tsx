import { useIntl } from 'react-intl';
import { useAxaptaDead, useRepresentationFailures } from './useShellData';

/**
 * Inline notices of the shell: the back office is dead (error.axapta.dead, spec 1 §8; gone without a reload once the
 * poll sees it alive), and applications whose roles failed to load (error.representation-failure).
 */
export function ShellNotices() {
  const intl = useIntl();
  const dead = useAxaptaDead();
  const failed = useRepresentationFailures();
  return (
    <div className="shell-notices" aria-live="polite">
      {dead && (
        <p className="notice notice--error" data-testid="axapta-dead-notice">
          {intl.formatMessage({ id: 'error.axapta.dead' })}
        </p>
      )}
      {failed.length > 0 && (
        <p className="notice notice--warning" data-testid="representation-failure">
          {intl.formatMessage(
            { id: 'error.representation-failure' },
            {
              services: intl.formatList(
                failed.map((a) => intl.formatMessage({ id: `error.service.${a}` })),
                { type: 'conjunction' },
              ),
            },
          )}
        </p>
      )}
    </div>
  );
}
