/**
 * The flow book's screens in the page (browser code, no imports at run time): transpiled with book-client.ts by
 * tools/viz/book.ts. On a flow's page: a row "What the person sees" with each screen the browser tests took for the
 * flow and when, and a small picture beside every test path step in the step a screen shows. A picture opens large
 * in a new tab. The data: tools/viz/screens.ts.
 */
import type { BookFlow } from './book-client';

export interface BookScreens {
  /** the oldest and the newest time a screen was taken (ISO) */
  from: string;
  to: string;
  commits: string[];
  shots: { flow: string; step: string; state: string; shows: string; src: string }[];
}

const h = (tag: string, attrs: Record<string, string>, ...children: (Node | string)[]) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
};

const thumb = (s: BookScreens['shots'][number], width: number) =>
  h(
    'a',
    { href: s.src, target: '_blank', rel: 'noopener', class: 'screen', title: `${s.shows} (opens large)` },
    h('img', { src: s.src, alt: s.shows, width: String(width), loading: 'lazy' }),
  );

const when = (iso: string) => iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');

/** adds the screens of flow `f` to its rendered page in `root` (nothing when the flow has none) */
export function addScreens(root: HTMLElement, f: BookFlow, screens: BookScreens | undefined): void {
  const shots = screens?.shots.filter((s) => s.flow === f.flow) ?? [];
  if (!screens || !shots.length) return;
  // the deepest screen whose step is the path step's state or a group around it
  const forState = (state: string) =>
    shots
      .filter((s) => state === s.state || state.startsWith(`${s.state} › `))
      .sort((a, b) => b.state.length - a.state.length)
      .filter((s, _, all) => s.state === all[0].state);
  for (const d of root.querySelectorAll<HTMLElement>('details.path[data-path]')) {
    const path = f.paths.find((p) => String(p.index) === d.dataset.path);
    const items = d.querySelectorAll(':scope > ol > li');
    path?.steps.forEach((step, i) => {
      const item = items[i];
      if (!item) return;
      for (const s of forState(step.state)) item.append(h('div', { class: 'step-screen' }, thumb(s, 200)));
    });
  }
  const strip = h(
    'section',
    { class: 'screens', 'aria-label': 'What the person sees' },
    h('h2', {}, 'What the person sees'),
    h(
      'p',
      { class: 'more' },
      `Screens taken by the browser tests that walk this journey (npm run viz:screens), ${when(screens.from)}` +
        `${screens.to.slice(0, 16) === screens.from.slice(0, 16) ? '' : ` to ${when(screens.to)}`}, ` +
        `commit ${screens.commits.join(', ')}. Each also shows beside its step in the test paths; click one to open it large.`,
    ),
    h(
      'div',
      { class: 'screen-row' },
      ...shots.map((s) => h('figure', {}, thumb(s, 280), h('figcaption', {}, s.shows))),
    ),
  );
  root.append(strip);
}

/** the screens' styles, added to the book's CSS */
export const SCREENS_CSS = `
.screens { margin-top: 1.5rem; }
.screen-row { display: flex; flex-wrap: wrap; gap: 1rem; }
.screen-row figure { margin: 0; max-width: 280px; font-size: .85rem; }
.screen img { display: block; height: auto; border: 1px solid #ccc; max-width: 100%; }
.step-screen { margin: .3rem 0; }
@media print { .step-screen { display: none; } }
`;
