import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { MenuIcon, MenuLinkItem, useMenu, useMenuSelection } from './MenuItems';

/**
 * The compact header's site menu (spec 1 §2): the main menu tree with the external applications by their translated
 * names. A chunk of its own (MobileHeader.tsx loads it when the menu first opens).
 */
export function SiteMenu({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const { entries } = useMenu();
  // at this width the rail is not there to keep the selected link up to date
  useMenuSelection();
  return (
    <nav className="site-menu" aria-label={intl.formatMessage({ id: 'menu.label' })} data-testid="mobile-site-menu">
      <ul>
        {entries
          .filter((e) => e.link || e.links.length > 0)
          .map((e) => (
            <li key={e.id}>
              {e.link ? (
                <Link {...e.link} className="site-menu__entry" onClick={onDone}>
                  <MenuIcon id={e.id} />
                  {intl.formatMessage({ id: e.labelKey })}
                </Link>
              ) : (
                <>
                  <p className="site-menu__entry site-menu__heading">
                    <MenuIcon id={e.id} />
                    {intl.formatMessage({ id: e.labelKey })}
                  </p>
                  <ul className="site-menu__sub">
                    {e.links.map((l) => (
                      <li key={l.id}>
                        <MenuLinkItem link={l} onNavigate={onDone} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
      </ul>
    </nav>
  );
}
