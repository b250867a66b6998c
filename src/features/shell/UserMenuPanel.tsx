import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { businessSettingsLink } from '../../../domain/rights';
import { groupRepresentees } from '../../../domain/rights/representees';
import { panelRepresenteeMode } from '../../../domain/rights/side-panel';
import { ClientManager } from './Contact';
import { ContactInfo } from './ContactInfo';
import { GatedButton, GatedLink } from './Gated';
import { appLinks, settingsLink } from './menu';
import { useChangeRepresented, usePanelLinks, useRepresentees } from './usePanelData';
import { useDomain, useUserContext } from './useShellData';

/**
 * The mobile / user menu panel (spec 1 §2, §6): every conditional link of panelLinks. Representees as links below
 * 10, a select box at 10 or more. Actions needing the billing system check AXAPTA first.
 */
export function UserMenuPanel({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const { session, root } = usePortal();
  const ctx = useUserContext();
  const domain = useDomain();
  const links = usePanelLinks();
  const rights = useRepresentees();
  const { change, busy } = useChangeRepresented();
  const selectId = useId();
  const groups = useMemo(() => groupRepresentees(rights, intl.locale), [rights, intl.locale]);
  const t = (id: string) => intl.formatMessage({ id });
  const principal = ctx?.epitPrincipal;
  if (!principal) return null;
  const fgid = principal.representative.id;
  const represented = principal.represented;
  const settings = settingsLink(businessSettingsLink(principal, new Date()));
  const options = [...groups.private, ...groups.business];
  const mode = panelRepresenteeMode(options.length);
  const switchTo = (gid: string) => {
    onDone();
    if (gid && gid !== represented?.gid) change(gid);
  };

  return (
    <div className="user-panel" data-testid="user-menu-panel">
      <p className="user-panel__name">{`${principal.representative.firstName} ${principal.representative.lastName}`}</p>
      {(links.dashboard || links.userSettings) && (
        <ul className="user-panel__links">
          {links.dashboard && (
            <li>
              <Link to="/dashboard" onClick={onDone}>
                {t('header.dashboard')}
              </Link>
            </li>
          )}
          {links.userSettings && (
            <li>
              <Link to="/user-settings/edit/$fgid" params={{ fgid }} onClick={onDone}>
                {t('menu.userSettings')}
              </Link>
            </li>
          )}
        </ul>
      )}
      <div className="user-panel__section">
        <p className="user-panel__label">{t('represented.label')}</p>
        <p className="user-panel__represented" data-testid="panel-represented">
          {represented ? represented.name : t('represented.none')}
        </p>
        {links.businessSettings && settings && (
          <GatedLink link={settings} onNavigate={onDone} testId="panel-business-settings">
            {t('menu.businessSettings')}
          </GatedLink>
        )}
      </div>
      {links.representees && options.length > 0 && (
        <div className="user-panel__section">
          {mode === 'select' ? (
            <>
              <label className="user-panel__label" htmlFor={selectId}>
                {t('representee.change')}
              </label>
              <select
                id={selectId}
                className="input"
                value={represented?.gid ?? ''}
                disabled={busy}
                onChange={(e) => switchTo(e.target.value)}
                data-testid="panel-representee-select"
              >
                {!represented && <option value="">{t('representee.placeholder')}</option>}
                {groups.private.length > 0 && (
                  <optgroup label={t('representee.group.private')}>
                    {groups.private.map((o) => (
                      <option key={o.gid} value={o.gid}>
                        {o.name}
                      </option>
                    ))}
                  </optgroup>
                )}
                {groups.business.length > 0 && (
                  <optgroup label={t('representee.group.business')}>
                    {groups.business.map((o) => (
                      <option key={o.gid} value={o.gid}>
                        {o.name} ({o.country})
                      </option>
                    ))}
                  </optgroup>
                )}
              </select>
            </>
          ) : (
            <>
              <p className="user-panel__label">{t('representee.change')}</p>
              <ul className="user-panel__links" data-testid="panel-representee-links">
                {options.map((o) => (
                  <li key={o.gid}>
                    <a
                      href={`${import.meta.env.BASE_URL}dashboard`}
                      aria-current={o.gid === represented?.gid ? 'true' : undefined}
                      onClick={(e) => {
                        e.preventDefault();
                        if (!busy) switchTo(o.gid);
                      }}
                    >
                      {o.name}
                      {o.country ? ` (${o.country})` : ''}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <ul className="user-panel__links">
        {links.rolesOverview && (
          <li>
            <Link to="/user-settings/roles/$fgid" params={{ fgid }} onClick={onDone}>
              {t('menu.roles')}
            </Link>
          </li>
        )}
        {links.addCustomer && (
          <li>
            <GatedButton
              className="link-button"
              testId="panel-add-customer"
              onClick={() => {
                onDone();
                root.send({ type: 'customerAdd.requested' });
              }}
            >
              {t(links.addCustomer === 'any' ? 'menu.addCustomer.any' : 'menu.addCustomer.contract')}
            </GatedButton>
          </li>
        )}
        {links.searchCustomer && (
          <li>
            <GatedLink link={appLinks.customerSearch()} onNavigate={onDone}>
              {t('menu.searchCustomer')}
            </GatedLink>
          </li>
        )}
      </ul>
      {links.clientManager && <ClientManager details={represented?.details} headingLevel={3} />}
      <ContactInfo domain={domain} />
      <button type="button" className="button button--ghost" onClick={() => session.send({ type: 'session.logout' })}>
        {t('header.logout')}
      </button>
    </div>
  );
}
