import { useIntl } from 'react-intl';
import { ClientManager } from './Contact';
import { ContactInfo } from './ContactInfo';
import { MenuLinkItem } from './MenuItems';
import type { MenuEntry } from './menu';
import { useDomain, useUserContext } from './useShellData';

/**
 * What the desktop side panel shows for its open entry (spec 1 §2): the entry's links, and for help the client manager
 * and the contact details. A chunk of its own (MainMenu.tsx loads it when the panel first opens).
 */
export function SidePanelContent({ entry, onNavigate }: { entry: MenuEntry; onNavigate: () => void }) {
  const intl = useIntl();
  const domain = useDomain();
  const ctx = useUserContext();
  return (
    <div className="side-panel__content">
      <h2 className="side-panel__title">{intl.formatMessage({ id: entry.labelKey })}</h2>
      {entry.links.length > 0 && (
        <ul className="side-panel__links">
          {entry.links.map((l) => (
            <li key={l.id}>
              <MenuLinkItem link={l} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
      {entry.id === 'services' && entry.links.length === 0 && (
        <p className="muted">{intl.formatMessage({ id: 'menu.services.none' })}</p>
      )}
      {entry.id === 'help' && (
        <>
          <ClientManager details={ctx?.epitPrincipal?.represented?.details} headingLevel={3} />
          <ContactInfo domain={domain} />
        </>
      )}
    </div>
  );
}
