import { useIntl } from 'react-intl';

export function Logo({ href }: { href: string }) {
  const intl = useIntl();
  return (
    <a className="logo" href={href} aria-label={intl.formatMessage({ id: 'header.home' })}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M7 11.5 16 17l9-5.5M8 10h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1Z"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__text">{intl.formatMessage({ id: 'app.title' })}</span>
    </a>
  );
}
