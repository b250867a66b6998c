import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { LazyView, lazyView } from './LazyView';
import type { MenuEntry } from './menu';
import { MenuIcon, useMenu, useMenuSelection } from './MenuItems';
import { debounce, RESIZE_DEBOUNCE, sideMenuFloats } from './sidebar-layout';

// what a side-panel entry holds shows only once the person opens it: a chunk of its own, fetched at the first opening
const sidePanelContent = lazyView(() => import('./SidePanelContent').then((m) => m.SidePanelContent));

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
  const railRef = useRef<HTMLElement>(null);
  const floating = useFloatingRail(railRef, entries.length);
  useMenuSelection();
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
