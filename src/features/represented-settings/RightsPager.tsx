/**
 * A compact pager for long lists (10,000 users are 500 pages): previous, the first and last page, a window of pages
 * around the current one, next; one-based. Same look and texts as src/ui/Pager.tsx, a few buttons instead of
 * hundreds, so a page change repaints little.
 */
import { useIntl } from 'react-intl';

const WINDOW = 2;

export function RightsPager({
  page,
  pageCount,
  onPage,
  label,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  const shown = new Set<number>([1, pageCount]);
  for (let p = Math.max(1, page - WINDOW); p <= Math.min(pageCount, page + WINDOW); p++) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager__step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span> {intl.formatMessage({ id: 'pager.previous' })}
      </button>
      <ul>
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && p - pages[i - 1] > 1 && (
              <span className="rs-pager-gap" aria-hidden="true">
                …
              </span>
            )}
            <button
              type="button"
              className="pager__page"
              aria-current={p === page ? 'page' : undefined}
              aria-label={intl.formatMessage({ id: 'pager.page' }, { page: p, count: pageCount })}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="pager__step" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {intl.formatMessage({ id: 'pager.next' })} <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
