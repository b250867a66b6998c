import { useIntl } from 'react-intl';

/** A pager for lists (zero-based pages): previous, the page numbers, next. Hidden with one page. */
export function Pager({
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
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager__step" disabled={page === 0} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span> {intl.formatMessage({ id: 'pager.previous' })}
      </button>
      <ul>
        {Array.from({ length: pageCount }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              className="pager__page"
              aria-current={i === page ? 'page' : undefined}
              aria-label={intl.formatMessage({ id: 'pager.page' }, { page: i + 1, count: pageCount })}
              onClick={() => onPage(i)}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="pager__step" disabled={page >= pageCount - 1} onClick={() => onPage(page + 1)}>
        {intl.formatMessage({ id: 'pager.next' })} <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
