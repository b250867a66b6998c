import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { GatedLink } from './Gated';
import { LazyView, lazyView } from './LazyView';
import { menuSelection, menuTree, type MenuEntry, type MenuLink } from './menu';
import { useDomain, useUserContext } from './useShellData';
import { debounce, RESIZE_DEBOUNCE, sideMenuFloats } from './sidebar-layout';

// what a side-panel entry holds shows only once the person opens it: a chunk of its own, fetched at the first opening
const sidePanelContent = lazyView(() => import('./SidePanelContent').then((m) => m.SidePanelContent));

export function MenuIcon({ id }: { id: string }) {
  const d: Record<string, string> = {
    main: 'M4 11.5 12 5l8 6.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z',
    services: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
    settings:
      'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm8 3.5-2.1-.6-.5-1.3 1-1.9-1.6-1.6-1.9 1-1.3-.5L13 4h-2l-.6 2.1-1.3.5-1.9-1-1.6 1.6 1 1.9-.5 1.3L4 11v2l2.1.6.5 1.3-1 1.9 1.6 1.6 1.9-1 1.3.5L11 20h2l.6-2.1 1.3-.5 1.9 1 1.6-1.6-1-1.9.5-1.3L20 13z',
    help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1.9-1.1 1.6v.7M12 17h.01',
  };
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d[id] ?? d.services}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
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

/**
 * Spec 1 §4 "Sidebar resize": lays the rail out again on window resize (debounced RESIZE_DEBOUNCE, 100 ms): it
 * floats while the window is tall enough for its entries, else it scrolls with the page.
 */
function useFloatingRail(ref: RefObject<HTMLElement | null>, entryCount: number): boolean {
  const [floating, setFloating] = useState(true);
  useEffect(() => {
    const layout = () => {
      const list = ref.current?.querySelector('ul');
      if (!ref.current || !list) return;
      const style = getComputedStyle(ref.current);
      const menuHeight = list.scrollHeight + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      setFloating(sideMenuFloats(window.innerHeight, menuHeight));
    };
    layout();
    const onResize = debounce(layout, RESIZE_DEBOUNCE);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, [ref, entryCount]);
  return floating;
}

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
 * Desktop main menu (spec 1 §2): a left rail with the top level of the private or business tree; entries other than
 * the main page open the side panel (sidePanel machine: first click opens, another entry switches after 200 ms, the
 * open entry closes it, any link inside closes it).
 */
export function MainMenu() {
  const intl = useIntl();
  const { sidePanel } = usePortal();
  const { tree, entries } = useMenu();
  const openEntry = useSelector(sidePanel, (s) => s.context.openEntry);
  const selected = useSelector(sidePanel, (s) => s.context.selectedEntry);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // the application of an external page: the route's service, the order system on its wrapper
  const application = useRouterState({
    select: (s) => {
      const leaf = s.matches[s.matches.length - 1];
      if (leaf?.routeId === '/oss-wrapper') return 'OSS';
      const params: Partial<Record<string, string>> = leaf?.params ?? {};
      return params.service ?? null;
    },
  });
  const ctx = useUserContext();
  const railRef = useRef<HTMLElement>(null);
  const floating = useFloatingRail(railRef, entries.length);
  const { entry: selectEntry, iconCode } = menuSelection(path, application, ctx);
  useEffect(() => {
    sidePanel.send({ type: 'menu.select', entry: selectEntry, iconCode });
  }, [selectEntry, iconCode, sidePanel]);
  return (
    <>
      <nav
        ref={railRef}
        className={`main-menu${floating ? ' is-floating' : ''}`}
        aria-label={intl.formatMessage({ id: 'menu.label' })}
        data-tree={tree}
        data-floating={floating}
      >
        <ul>
          {entries.map((e) => (
            <li key={e.id}>
              {e.link ? (
                <Link
                  {...e.link}
                  className={`main-menu__entry${selected === e.id ? ' is-selected' : ''}`}
                  aria-current={selected === e.id ? 'page' : undefined}
                  onClick={() => sidePanel.send({ type: 'panel.close' })}
                >
                  <MenuIcon id={e.id} />
                  <span>{intl.formatMessage({ id: e.labelKey })}</span>
                </Link>
              ) : (
                <button
                  type="button"
                  className={`main-menu__entry${selected === e.id ? ' is-selected' : ''}${openEntry === e.id ? ' is-open' : ''}`}
                  aria-expanded={openEntry === e.id}
                  aria-controls="side-panel"
                  onClick={() => sidePanel.send({ type: 'panel.entryClicked', entry: e.id })}
                >
                  <MenuIcon id={e.id} />
                  <span>{intl.formatMessage({ id: e.labelKey })}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <SidePanel entries={entries} />
    </>
  );
}

function SidePanel({ entries }: { entries: MenuEntry[] }) {
  const intl = useIntl();
  const { sidePanel } = usePortal();
  const open = useSelector(sidePanel, (s) => s.hasTag('open'));
  const switching = useSelector(sidePanel, (s) => s.hasTag('switching'));
  const openEntry = useSelector(sidePanel, (s) => s.context.openEntry);
  const entry = entries.find((e) => e.id === openEntry);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && sidePanel.send({ type: 'panel.close' });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, sidePanel]);
  return (
    <aside
      id="side-panel"
      className={`side-panel${open ? ' is-open' : ''}${switching ? ' is-switching' : ''}`}
      aria-label={entry ? intl.formatMessage({ id: entry.labelKey }) : intl.formatMessage({ id: 'menu.label' })}
      hidden={!open}
    >
      {entry && (
        <LazyView
          code={sidePanelContent}
          shown={open}
          props={{ entry, onNavigate: () => sidePanel.send({ type: 'panel.linkClicked' }) }}
        />
      )}
    </aside>
  );
}
