import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { LineIcon } from '../../ui/LineIcon';
import { GatedLink } from './Gated';
import type { MenuLink } from './menu';
import { menuSelection, menuTree } from './menu-tree';
import { useDomain, useUserContext } from './useShellData';

/*
 * What the desktop rail (MainMenu.tsx) and the compact header's site menu (SiteMenu.tsx) share: the entries' icons,
 * a menu link, the menu tree and the selected entry. Both load when first shown, and this with them.
 */

export function MenuIcon({ id }: { id: string }) {
  const d: Record<string, string> = {
    main: 'M4 11.5 12 5l8 6.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z',
    services: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
    settings:
      'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm8 3.5-2.1-.6-.5-1.3 1-1.9-1.6-1.6-1.9 1-1.3-.5L13 4h-2l-.6 2.1-1.3.5-1.9-1-1.6 1.6 1 1.9-.5 1.3L4 11v2l2.1.6.5 1.3-1 1.9 1.6 1.6 1.9-1 1.3.5L11 20h2l.6-2.1 1.3-.5 1.9 1 1.6-1.6-1-1.9.5-1.3L20 13z',
    help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1.9-1.1 1.6v.7M12 17h.01',
  };
  return <LineIcon d={d[id] ?? d.services} size={22} strokeWidth={1.8} />;
}

/** One link of a menu entry (side panel, mobile site menu); a link that needs the billing system is gated. */
export function MenuLinkItem({ link, onNavigate }: { link: MenuLink; onNavigate: () => void }) {
  const intl = useIntl();
  const { sidePanel } = usePortal();
  // spec 1 §2: the selected side-menu entry follows the current application's icon code
  const selected = useSelector(sidePanel, (s) => !!link.iconCode && s.context.selectedIcon === link.iconCode);
  const label = intl.formatMessage({ id: link.labelKey });
  return link.requiresAxapta ? (
    <GatedLink link={link.link} onNavigate={onNavigate}>
      {label}
    </GatedLink>
  ) : (
    <Link
      {...link.link}
      onClick={onNavigate}
      data-icon={link.iconCode}
      className={selected ? 'is-selected' : undefined}
      aria-current={selected ? 'page' : undefined}
    >
      {label}
    </Link>
  );
}

/** The menu tree of the page (spec 1 §2): private or business, with the context's applications. */
export function useMenu() {
  const ctx = useUserContext();
  const domain = useDomain();
  // the page's validated search (routes/-search.ts), not the raw address
  const businessFlag = useRouterState({
    select: (s) => s.matches[s.matches.length - 1]?.search.business === true,
  });
  return useMemo(() => menuTree(ctx, domain, { businessFlag }), [ctx, domain, businessFlag]);
}

/**
 * Spec 1 §2: the selected menu entry follows the page, and on an external application's page the link with that
 * application's icon code (the sidePanel machine keeps it for every menu that shows it).
 */
export function useMenuSelection() {
  const { sidePanel } = usePortal();
  const path = useRouterState({ select: (s) => s.location.pathname });
  // the application of an external page: the route's service, or the one its declaration names (the order system on
  // its wrapper, src/app/route-meta.ts)
  const application = useRouterState({
    select: (s) => {
      const leaf = s.matches.at(-1);
      const params: Partial<Record<string, string>> = leaf?.params ?? {};
      return params.service ?? leaf?.staticData.external?.service ?? null;
    },
  });
  const ctx = useUserContext();
  const { entry, iconCode } = menuSelection(path, application, ctx);
  useEffect(() => {
    sidePanel.send({ type: 'menu.select', entry, iconCode });
  }, [entry, iconCode, sidePanel]);
}
