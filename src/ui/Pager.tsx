/**
 * The one pager of the portal's lists (the choice of whom to represent, spec 1 §2; the rights list, spec 2 §3):
 * previous, the first and last page, a window of pages around the current one, next. Pages count from 1, as the
 * buttons show them. A long list (10,000 users are 500 pages) gets a few buttons instead of hundreds, so a page
 * change repaints little. Hidden with one page.
 */
import { useIntl } from 'react-intl';

const WINDOW = 2;

/** The page numbers shown: the first, the last and those within WINDOW of the current one, in order. */
export function shownPages(page: number, pageCount: number): number[] {
  const shown = new Set<number>([1, pageCount]);
  for (let p = Math.max(1, page - WINDOW); p <= Math.min(pageCount, page + WINDOW); p++) shown.add(p);
  return [...shown].sort((a, b) => a - b);
}

export function Pager({
  page,
  pageCount,
  onPage,
  label,
}: {
  /** the current page, from 1 */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  const pages = shownPages(page, pageCount);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager__step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span> {intl.formatMessage({ id: 'pager.previous' })}
      </button>
      <ul>
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && p - pages[i - 1] > 1 && (
              <span className="pager__gap" aria-hidden="true">
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
