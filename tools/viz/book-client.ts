/**
 * The flow book's page script (browser code, no imports): transpiled by tools/viz/book.ts and inlined into
 * visualizations/index.html, so the book opens from the file system with no server and no network.
 *
 * - `#/system` shows the portal's actors and what passes between them in one diagram, with a table of the actors
 *   (a box opens its flow).
 * - `#/` lists the flows; `#/<flow>` shows its main diagram (product-owner view) beside its plain test paths;
 *   `#/<flow>/<diagram>` a group's own diagram (a closed box is a link to it, and the breadcrumb leads back);
 *   `?view=engineer` in the hash shows the engineer view; clicking a state box lists the paths through it.
 * - Live mode (served at /ui/dev/flows by `npm run dev`): listens on the BroadcastChannel `epit-flows`, where the
 *   portal in another tab publishes each machine's state, highlights it, and keeps a trail of the last transitions.
 */
import { addScreens, type BookScreens } from './screens-client';

export interface BookStep {
  kind: 'does' | 'answers' | 'waits';
  text: string;
  sees: string;
  state: string;
}

export interface BookPath {
  index: number;
  /** the title of a path the model spec asks for by name */
  scenario?: string;
  ends: string;
  /** who signs in, the address to open and the data the path needs */
  tester?: { person?: string; address?: string; data?: string };
  start: string;
  steps: BookStep[];
  visits: string[];
}

export interface BookDiagram {
  name: string;
  kind: 'main' | 'region' | 'detail';
  title: string;
  /** Mermaid box id → state id (and the diagram of a closed group) */
  boxes: Record<string, { state: string; sub?: string }>;
}

/** One flow starting another: where (the parent's step) and which flow. */
export interface BookHandOff {
  /** the other flow */
  flow: string;
  /** the parent's state node id, and its description */
  state: string;
  step: string;
  /** the name the parent knows the child by */
  name: string;
  /** started with a page or dialog (and stopped with it) */
  spawned: boolean;
}

export interface BookFlow {
  flow: string;
  /** the flow's title in plain words, and the journey it is listed under (tools/viz/journeys.ts) */
  title: string;
  journey: string;
  /** the flows that start this one, and the flows this one starts */
  startedBy: BookHandOff[];
  handsOff: BookHandOff[];
  /** where the flow departs from the spec on purpose (a row of docs/spec-departures.md): the step, or the flow */
  departures: { row: string; state: string; title: string; spec: string; portal: string }[];
  /** the machine's id (what the live portal reports) */
  machineId: string;
  description: string;
  diagrams: BookDiagram[];
  /** state id → its description (or its name) */
  states: Record<string, string>;
  paths: BookPath[];
}

/** The system page: the portal's actors in one diagram (tools/viz/system.ts). */
export interface BookSystem {
  /** the diagram's name (its SVG template) and the page's route */
  name: string;
  title: string;
  howToRead: string[];
  actors: {
    /** the diagram's box id */
    node: string;
    name: string;
    flow: string;
    /** the name of the actor that starts it */
    parent?: string;
    spawned: boolean;
    description: string;
  }[];
}

export interface BookData {
  journeys: { id: string; title: string; line: string }[];
  legend: { sign: string; means: string }[];
  glossary: { term: string; means: string }[];
  flows: BookFlow[];
  system?: BookSystem;
  screens?: BookScreens;
}

/** What the portal publishes on the `epit-flows` channel (src/features/flow-book/broadcast.ts). */
export interface LiveMessage {
  type: 'flow.state';
  /** the machine's id */
  machine: string;
  /** the actor (systemId or id) */
  actor: string;
  /** every active state node id */
  active: string[];
  /** the event that led here, and the descriptions of the transitions it took */
  event?: string;
  transitions: string[];
  at: number;
}

interface Trail {
  machine: string;
  actor: string;
  text: string;
  state: string;
  at: number;
}

/** the smallest diagram text on screen at a diagram's opening scale, in CSS px (viz:check measures it) */
const READABLE = 12.5;

/** @public called by the script book.ts writes into the page */
export function startFlowBook(data: BookData, live: boolean): void {
  const app = document.getElementById('app')!;
  const flows = new Map(data.flows.map((f) => [f.flow, f]));
  const byMachine = new Map(data.flows.map((f) => [f.machineId, f]));
  /** machine id → active state ids, from the live portal */
  const current = new Map<string, string[]>();
  const trail: Trail[] = [];

  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attrs: Record<string, string> = {},
    ...kids: (Node | string)[]
  ): HTMLElementTagNameMap[K] => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    e.append(...kids);
    return e;
  };
  const link = (href: string, text: string, attrs: Record<string, string> = {}) => el('a', { href, ...attrs }, text);

  interface Route {
    flow?: string;
    diagram?: string;
    state?: string;
    /** a path to open and scroll to (its number) */
    path?: number;
    engineer: boolean;
  }
  const parse = (): Route => {
    const [path, query = ''] = location.hash.replace(/^#\/?/, '').split('?');
    const [flow, diagram] = path.split('/').map(decodeURIComponent);
    const q = new URLSearchParams(query);
    return {
      flow: flow || undefined,
      diagram,
      state: q.get('state') ?? undefined,
      path: q.get('path') ? Number(q.get('path')) : undefined,
      engineer: q.get('view') === 'engineer',
    };
  };
  const hrefOf = (r: Route) => {
    const q = new URLSearchParams();
    if (r.engineer) q.set('view', 'engineer');
    if (r.state) q.set('state', r.state);
    if (r.path) q.set('path', String(r.path));
    const qs = q.toString();
    const path = r.flow ? `${encodeURIComponent(r.flow)}${r.diagram ? `/${encodeURIComponent(r.diagram)}` : ''}` : '';
    return `#/${path}${qs ? `?${qs}` : ''}`;
  };

  const journeyOf = (f: BookFlow) => data.journeys.find((j) => j.id === f.journey);
  /** every titled path of every flow, in the index's journey order: the questions the book answers */
  const questions = () =>
    data.journeys.flatMap((j) =>
      data.flows
        .filter((f) => f.journey === j.id)
        .flatMap((f) => f.paths.filter((p) => p.scenario).map((p) => ({ f, p: p as BookPath & { scenario: string } }))),
    );

  const renderList = () => {
    const search = el('input', {
      type: 'search',
      id: 'search',
      placeholder: 'e.g. Mobile-ID, session expires, switch company',
      'aria-describedby': 'search-hint',
    });
    const hint = el('span', { id: 'search-hint', class: 'more' }, '');
    const qs = questions();
    const questionList = el(
      'ul',
      { class: 'questions' },
      ...qs.map(({ f, p }) => {
        const li = el(
          'li',
          { 'data-search': `${p.scenario} ${f.title} ${f.flow}`.toLowerCase() },
          link(hrefOf({ flow: f.flow, engineer: false, path: p.index }), p.scenario),
          el('span', { class: 'more' }, ` · ${f.title}`),
        );
        return li;
      }),
    );
    const sections = data.journeys.map((j) => {
      const list = el('ul', { class: 'flows' });
      for (const f of data.flows.filter((x) => x.journey === j.id)) {
        const li = el(
          'li',
          { 'data-search': `${f.title} ${f.flow} ${f.description}`.toLowerCase() },
          link(hrefOf({ flow: f.flow, engineer: false }), f.title, { class: 'flow-link' }),
          el('span', { class: 'code-name' }, ` ${f.flow}`),
          el('div', { class: 'flow-line' }, f.description),
        );
        li.dataset.flow = f.flow;
        list.append(li);
      }
      const section = el(
        'section',
        { class: 'journey', id: `journey-${j.id}`, 'aria-labelledby': `h-${j.id}` },
        el('h2', { id: `h-${j.id}` }, j.title),
        el('p', { class: 'lead' }, j.line),
        list,
      );
      if (j.id === 'parts' && data.system) section.append(...startedBy(data.system));
      return section;
    });
    const filter = () => {
      const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const li of app.querySelectorAll<HTMLElement>('li[data-search]')) {
        const on = words.every((w) => li.dataset.search!.includes(w));
        li.hidden = !on;
        if (on) shown++;
      }
      for (const sec of app.querySelectorAll<HTMLElement>('section.journey, section.asked'))
        sec.hidden = words.length > 0 && !sec.querySelector('li[data-search]:not([hidden])');
      hint.textContent = words.length ? ` ${shown} found` : '';
    };
    search.addEventListener('input', filter);
    app.replaceChildren(
      el('h1', {}, 'Flow book'),
      el(
        'p',
        { class: 'lead' },
        'Every flow of the portal as a diagram in plain words, with the test paths that walk it, grouped by what a ' +
          'person does. Start from a question below, or open a flow. ',
        link('#/legend', 'How to read a diagram, and the words the book uses'),
        '.',
      ),
      el('p', { class: 'search' }, el('label', { for: 'search' }, 'Search the book: '), search, hint),
      el(
        'nav',
        { class: 'toc', 'aria-label': 'Journeys' },
        ...data.journeys.flatMap((j, i) => [...(i ? [' · '] : []), link(`#journey-${j.id}`, j.title)]),
      ),
      el(
        'section',
        { class: 'asked', 'aria-labelledby': 'h-asked' },
        el('h2', { id: 'h-asked' }, 'What happens if…'),
        el('p', { class: 'lead' }, 'Questions the book answers with a path you can follow step by step.'),
        questionList,
      ),
      ...sections,
    );
    // from a flow's breadcrumb: its journey's section
    const at = new URLSearchParams(location.hash.split('?')[1] ?? '').get('at');
    if (at) document.getElementById(`journey-${at}`)?.scrollIntoView();
    for (const a of app.querySelectorAll<HTMLAnchorElement>('nav.toc a'))
      a.addEventListener('click', (e) => {
        e.preventDefault();
        document.getElementById(a.getAttribute('href')!.slice(1))?.scrollIntoView();
      });
  };

  /** the system page's table of who starts whom: on the index (parts) and on the system page */
  const startedBy = (sys: BookSystem): Node[] => {
    const rows = sys.actors.map((a) =>
      el(
        'tr',
        { 'data-actor': a.node },
        el('td', {}, a.name),
        el(
          'td',
          {},
          flows.has(a.flow) ? link(hrefOf({ flow: a.flow, engineer: false }), flows.get(a.flow)!.title) : a.flow,
        ),
        el('td', {}, a.parent ? `${a.parent}${a.spawned ? ', with its page' : ''}` : '(the root)'),
        el('td', {}, a.description),
      ),
    );
    return [
      el('h3', {}, 'Who starts whom'),
      el(
        'p',
        { class: 'system-link' },
        link(hrefOf({ flow: sys.name, engineer: false }), sys.title),
        ': all of it in one diagram, and what the parts tell each other.',
      ),
      el(
        'table',
        { class: 'actors' },
        el('thead', {}, el('tr', {}, ...['Actor', 'Flow', 'Started by', 'What it does'].map((h) => el('th', {}, h)))),
        el('tbody', {}, ...rows),
      ),
    ];
  };

  /**
   * Puts a diagram in a pannable, zoomable window. It opens at a scale where its smallest text is at least
   * READABLE px on screen (smaller diagrams: fitted to the window's width, never enlarged past their own size); drag
   * or the arrow keys move it, Ctrl + wheel, + and − zoom, 0 or "Fit" shows it whole, 1 its own size.
   */
  const zoomable = (holder: HTMLElement, svg: SVGSVGElement) => {
    const box = svg.viewBox.baseVal;
    if (!box || !box.width) return;
    const viewport = el('div', {
      class: 'viewport',
      tabindex: '0',
      role: 'group',
      'aria-label': 'Diagram: drag or use the arrow keys to move, + and − to zoom, 0 to fit',
    });
    svg.replaceWith(viewport);
    viewport.append(svg);
    svg.removeAttribute('width');
    svg.style.maxWidth = 'none';
    const smallest = () => {
      let min = Infinity;
      for (const t of svg.querySelectorAll('text')) {
        if (!t.textContent?.trim()) continue;
        min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) || Infinity);
      }
      return min === Infinity ? 16 : min;
    };
    let scale = 1;
    const apply = (next: number, keep = true) => {
      const cx = (viewport.scrollLeft + viewport.clientWidth / 2) / scale;
      const cy = (viewport.scrollTop + viewport.clientHeight / 2) / scale;
      scale = Math.min(4, Math.max(0.05, next));
      svg.style.width = `${box.width * scale}px`;
      svg.style.height = `${box.height * scale}px`;
      holder.dataset.scale = scale.toFixed(3);
      label.textContent = `${Math.round(scale * 100)} %`;
      if (keep) {
        viewport.scrollLeft = cx * scale - viewport.clientWidth / 2;
        viewport.scrollTop = cy * scale - viewport.clientHeight / 2;
      }
    };
    const fit = () =>
      Math.min((viewport.clientWidth - 4) / box.width, (viewport.clientHeight - 4) / box.height || Infinity);
    const button = (text: string, title: string, act: () => void) => {
      const b = el('button', { type: 'button', title, 'aria-label': title }, text);
      b.addEventListener('click', act);
      return b;
    };
    const label = el('span', { class: 'zoom-level', 'aria-live': 'polite' }, '');
    const bar = el(
      'div',
      { class: 'zoom-bar' },
      button('−', 'Zoom out', () => apply(scale / 1.25)),
      label,
      button('+', 'Zoom in', () => apply(scale * 1.25)),
      button('Fit', 'Fit the whole diagram in the window', () => apply(fit(), false)),
      button('1:1', 'Its own size', () => apply(1)),
    );
    holder.insertBefore(bar, viewport);
    // opening scale: fitted to the width, but never so small that text goes under READABLE px, never enlarged
    const opening = Math.min(1, Math.max(READABLE / smallest(), (viewport.clientWidth - 4) / box.width));
    viewport.style.height = `${Math.ceil(Math.min(box.height * opening + 6, Math.max(320, window.innerHeight * 0.75)))}px`;
    apply(opening, false);
    // the chosen step (or the live one) in the middle of the window
    const chosen = svg.querySelector('g.is-selected, g.is-current');
    if (chosen) {
      const r = chosen.getBoundingClientRect();
      const v = viewport.getBoundingClientRect();
      viewport.scrollLeft += r.left - v.left - (v.width - r.width) / 2;
      viewport.scrollTop += r.top - v.top - (v.height - r.height) / 2;
    }
    viewport.addEventListener(
      'wheel',
      (e) => {
        if (!e.ctrlKey && !e.metaKey) return;
        e.preventDefault();
        apply(scale * (e.deltaY < 0 ? 1.15 : 1 / 1.15));
      },
      { passive: false },
    );
    viewport.addEventListener('keydown', (e) => {
      const step = 60;
      const k = e.key;
      if (k === '+' || k === '=') apply(scale * 1.25);
      else if (k === '-' || k === '_') apply(scale / 1.25);
      else if (k === '0') apply(fit(), false);
      else if (k === '1') apply(1);
      else if (k === 'ArrowLeft') viewport.scrollLeft -= step;
      else if (k === 'ArrowRight') viewport.scrollLeft += step;
      else if (k === 'ArrowUp') viewport.scrollTop -= step;
      else if (k === 'ArrowDown') viewport.scrollTop += step;
      else return;
      e.preventDefault();
    });
    // drag to move; a drag is not a click on the box it started on
    let drag: { x: number; y: number; left: number; top: number; moved: boolean } | undefined;
    viewport.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, left: viewport.scrollLeft, top: viewport.scrollTop, moved: false };
    });
    viewport.addEventListener('pointermove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
      if (!drag.moved) return;
      viewport.classList.add('dragging');
      viewport.scrollLeft = drag.left - dx;
      viewport.scrollTop = drag.top - dy;
    });
    const end = () => {
      viewport.classList.remove('dragging');
      setTimeout(() => (drag = undefined));
    };
    viewport.addEventListener('pointerup', end);
    viewport.addEventListener('pointerleave', end);
    viewport.addEventListener(
      'click',
      (e) => {
        if (drag?.moved) {
          e.stopPropagation();
          e.preventDefault();
        }
      },
      true,
    );
  };

  const renderSystem = (sys: BookSystem) => {
    const holder = el('figure', { class: 'diagram system', 'data-diagram': sys.name });
    const tpl = document.getElementById(`svg-${sys.name}`) as HTMLTemplateElement | null;
    if (tpl) {
      holder.append(tpl.content.cloneNode(true));
    } else holder.append(el('img', { src: `${sys.name}.svg`, alt: `${sys.title} diagram` }));
    holder.append(el('figcaption', {}, 'Click a box to open its flow.'));
    // a box opens the flow its actor runs
    for (const a of sys.actors) {
      const g = holder.querySelector(`g.node[id^="flowchart-${CSS.escape(a.node)}-"]`);
      if (!g || !flows.has(a.flow)) continue;
      const go = () => {
        location.hash = hrefOf({ flow: a.flow, engineer: false });
      };
      g.classList.add('clickable');
      g.setAttribute('role', 'link');
      g.setAttribute('tabindex', '0');
      g.setAttribute('aria-label', `Open the flow: ${a.flow}`);
      g.addEventListener('click', go);
      g.addEventListener('keydown', (e) => {
        if ((e as KeyboardEvent).key === 'Enter') go();
      });
    }
    app.replaceChildren(
      el('nav', { class: 'crumbs', 'aria-label': 'Where you are' }, link('#/', 'All flows'), ' › ', sys.title),
      el('h1', {}, sys.title),
      el('ul', { class: 'how-to-read', 'aria-label': 'How to read it' }, ...sys.howToRead.map((t) => el('li', {}, t))),
      holder,
      el('h2', {}, 'The actors'),
      ...startedBy(sys).slice(2),
    );
    const svg = holder.querySelector('svg');
    if (svg) zoomable(holder, svg);
  };

  const stepLine = (s: BookStep, i: number) => {
    const lead = s.kind === 'does' ? 'Do' : s.kind === 'answers' ? 'Answer' : 'Wait';
    return el(
      'li',
      {},
      el('strong', {}, `${lead}: `),
      s.text,
      el('div', { class: 'sees' }, el('strong', {}, 'See: '), s.sees),
      el('div', { class: 'machine-state', title: 'the step the machine is in' }, `${i + 1} → ${s.state}`),
    );
  };

  const renderPaths = (f: BookFlow, state: string | undefined, open?: number) => {
    const paths = state ? f.paths.filter((p) => p.visits.includes(state)) : f.paths;
    const box = el('section', { class: 'paths', 'aria-label': 'Test paths' });
    const head = state
      ? el(
          'h2',
          {},
          `Paths through “${f.states[state] ?? state}” (${paths.length})`,
          ' ',
          link(hrefOf({ ...parse(), state: undefined }), 'show all', { class: 'clear' }),
        )
      : el('h2', {}, `Test paths (${paths.length})`);
    box.append(head);
    for (const d of state ? f.departures.filter((x) => x.state === state) : [])
      box.append(
        el(
          'div',
          { class: 'departures' },
          el('strong', {}, 'Departs from the spec: '),
          el('ul', {}, departureItem(f, d)),
        ),
      );
    const onward = state ? f.handsOff.filter((h) => h.state === state) : [];
    for (const h of onward)
      box.append(
        el(
          'p',
          { class: 'hand-off' },
          'This step continues in ',
          link(hrefOf({ flow: h.flow, engineer: false }), flows.get(h.flow)?.title ?? h.flow),
          '.',
        ),
      );
    if (!paths.length) box.append(el('p', {}, 'No test path passes through this step.'));
    for (const p of paths) {
      const d = el('details', { class: 'path', 'data-path': String(p.index) });
      if (state || paths.length <= 3 || p.index === open) d.open = true;
      if (p.index === open) d.classList.add('is-asked');
      d.append(
        el('summary', {}, p.scenario ? `Path ${p.index}: ${p.scenario}` : `Path ${p.index} (ends in ${p.ends})`),
      );
      const t = p.tester ?? {};
      d.append(
        el(
          'ul',
          { class: 'tester' },
          el('li', {}, el('strong', {}, 'Who signs in: '), t.person ?? '(nobody named)'),
          el('li', {}, el('strong', {}, 'Open: '), t.address ?? '(no address)'),
          ...(t.data ? [el('li', {}, el('strong', {}, 'Data: '), t.data)] : []),
        ),
      );
      d.append(el('p', { class: 'start' }, el('strong', {}, 'At the start: '), p.start));
      d.append(el('ol', {}, ...p.steps.map(stepLine)));
      box.append(d);
    }
    box.append(
      el(
        'p',
        { class: 'more' },
        'For engineers: ',
        link(`paths/${f.flow}.md`, `paths/${f.flow}.md`),
        ' (events and data), ',
        link(`paths/${f.flow}.plain.md`, `paths/${f.flow}.plain.md`),
      ),
    );
    return box;
  };

  const highlight = (f: BookFlow) => {
    const active = current.get(f.machineId);
    const holder = app.querySelector('.diagram');
    if (!holder) return;
    const d = f.diagrams.find((x) => x.name === holder.getAttribute('data-diagram'));
    if (!d) return;
    for (const [id, box] of Object.entries(d.boxes)) {
      const g = holder.querySelector(`g[data-id="${CSS.escape(id)}"]`);
      if (!g) continue;
      // the innermost box drawn for where the flow is: the step itself, or the closed group around it
      const on =
        !!active &&
        /^s_/.test(id) &&
        active.includes(box.state) &&
        (!!box.sub || !active.some((o) => o.startsWith(`${box.state}.`)));
      g.classList.toggle('is-current', on);
      if (on) g.setAttribute('aria-current', 'step');
      else g.removeAttribute('aria-current');
    }
  };

  const departureItem = (f: BookFlow, d: BookFlow['departures'][number]) =>
    el(
      'li',
      { 'data-departure': d.row },
      link('../docs/spec-departures.md#departures', d.row),
      d.state === f.machineId || !d.state.includes('.')
        ? ' (the whole flow): '
        : ` (step “${f.states[d.state] ?? d.state}”): `,
      el('strong', {}, `${d.title}. `),
      d.portal,
      el('div', { class: 'more' }, `The spec: ${d.spec}`),
    );

  /** "Started by" and "Continues in": every flow this one hands off to, and every flow that hands off to it */
  const handOffLines = (f: BookFlow): Node[] => {
    const item = (h: BookHandOff, back: boolean) =>
      el(
        'li',
        { 'data-hand-off': h.flow },
        link(hrefOf({ flow: h.flow, engineer: false }), flows.get(h.flow)?.title ?? h.flow),
        (h.step ? (back ? ` starts it in its step “${h.step}”` : ` from the step “${h.step}”`) : '') +
          (h.spawned ? ' (while its page or dialog shows)' : ''),
      );
    const out: Node[] = [];
    if (f.departures.length)
      out.push(
        el(
          'div',
          { class: 'departures' },
          el('strong', {}, 'Departs from the spec on purpose: '),
          el('ul', {}, ...f.departures.map((d) => departureItem(f, d))),
        ),
      );
    if (f.startedBy.length)
      out.push(
        el(
          'div',
          { class: 'hand-offs started-by' },
          el('strong', {}, 'Started by: '),
          el('ul', {}, ...f.startedBy.map((h) => item(h, true))),
        ),
      );
    if (f.handsOff.length)
      out.push(
        el(
          'div',
          { class: 'hand-offs continues-in' },
          el('strong', {}, 'Continues in: '),
          el('ul', {}, ...f.handsOff.map((h) => item(h, false))),
        ),
      );
    return out;
  };

  const renderFlow = (r: Route) => {
    const f = flows.get(r.flow!);
    if (!f) {
      app.replaceChildren(el('p', {}, `No flow named ${r.flow}. `, link('#/', 'All flows')));
      return;
    }
    const main = f.diagrams[0];
    const diagram = r.engineer
      ? f.diagrams.find((d) => d.kind === 'detail')!
      : (f.diagrams.find((d) => d.name === r.diagram && d.kind !== 'detail') ?? main);
    const crumbs = el('nav', { class: 'crumbs', 'aria-label': 'Where you are' }, link('#/', 'All flows'));
    const journey = journeyOf(f);
    if (journey) crumbs.append(' › ', link(`#/?at=${journey.id}`, journey.title, { 'data-journey': journey.id }));
    const add = (text: string, href?: string) => {
      crumbs.append(' › ', href ? link(href, text) : el('span', { 'aria-current': 'page' }, text));
    };
    if (diagram === main || r.engineer) add(f.title);
    else {
      add(f.title, hrefOf({ flow: f.flow, engineer: false }));
      // the chain of groups down to this one
      const parts = diagram.name.slice(f.flow.length + 1).split('.');
      for (let i = 1; i < parts.length; i++) {
        const name = `${f.flow}.${parts.slice(0, i).join('.')}`;
        if (f.diagrams.some((d) => d.name === name))
          add(parts[i - 1], hrefOf({ flow: f.flow, diagram: name, engineer: false }));
      }
      add(parts[parts.length - 1]);
    }
    const views = el(
      'p',
      { class: 'views' },
      r.engineer
        ? link(hrefOf({ flow: f.flow, engineer: false }), 'Product-owner view')
        : el('strong', {}, 'Product-owner view'),
      ' · ',
      r.engineer
        ? el('strong', {}, 'Engineer view')
        : link(hrefOf({ flow: f.flow, engineer: true }), 'Engineer view (events, guards, actors)'),
      ' · ',
      link('#/legend', 'Legend and glossary'),
    );
    const holder = el('figure', { class: 'diagram', 'data-diagram': diagram.name });
    const tpl = document.getElementById(`svg-${diagram.name}`) as HTMLTemplateElement | null;
    if (tpl) {
      holder.append(tpl.content.cloneNode(true));
      // mermaid marks groups with data-id but leaf boxes only with id="state-<box id>-<n>": mark them alike
      for (const g of holder.querySelectorAll('g.node[id^="state-"]')) {
        const m = /^state-(.+)-\d+$/.exec(g.id);
        if (m && !g.hasAttribute('data-id')) g.setAttribute('data-id', m[1]);
      }
    } else holder.append(el('img', { src: `${diagram.name}.svg`, alt: `${diagram.title} diagram` }));
    const hint = el(
      'figcaption',
      {},
      r.engineer
        ? 'Every step and arrow with event, guard, actor and action names.'
        : 'Click a step to list the test paths through it; click a yellow group to open it.',
    );
    holder.append(hint);
    // boxes: a closed group opens its diagram, a step lists its paths
    for (const [id, box] of Object.entries(diagram.boxes)) {
      const g = holder.querySelector(`g[data-id="${CSS.escape(id)}"]`);
      if (!g) continue;
      const name = f.states[box.state] ?? box.state;
      const target: Route = box.sub
        ? { flow: f.flow, diagram: box.sub, engineer: false }
        : {
            flow: f.flow,
            diagram: diagram.kind === 'main' ? undefined : diagram.name,
            state: box.state,
            engineer: r.engineer,
          };
      g.classList.add('clickable');
      g.setAttribute('role', 'link');
      g.setAttribute('tabindex', '0');
      g.setAttribute('aria-label', box.sub ? `Open the group: ${name}` : `Paths through: ${name}`);
      if (r.state === box.state && !box.sub) g.classList.add('is-selected');
      if (f.departures.some((d) => d.state === box.state) && !box.sub) g.classList.add('departs');
      const onward = f.handsOff.filter((h) => h.state === box.state);
      if (onward.length && !box.sub) {
        g.classList.add('hands-off');
        g.setAttribute('aria-label', `${name}: continues in ${onward.map((h) => flows.get(h.flow)?.title).join(', ')}`);
      }
      const go = () => {
        location.hash = hrefOf(target);
      };
      g.addEventListener('click', go);
      g.addEventListener('keydown', (e) => {
        if ((e as KeyboardEvent).key === 'Enter') go();
      });
    }
    app.replaceChildren(
      crumbs,
      el('h1', {}, diagram === main || r.engineer ? f.title : `${f.title} › ${diagram.title}`),
      el('p', { class: 'lead' }, f.description, ' ', el('span', { class: 'code-name' }, `(machine: ${f.flow})`)),
      ...handOffLines(f),
      views,
      el('div', { class: 'side-by-side' }, holder, renderPaths(f, r.state, r.path)),
    );
    addScreens(app, f, data.screens);
    const svg = holder.querySelector('svg');
    if (svg) zoomable(holder, svg);
    highlight(f);
    if (r.path) app.querySelector(`[data-path="${r.path}"]`)?.scrollIntoView();
  };

  const renderLive = () => {
    let panel = document.getElementById('live');
    if (!panel) {
      panel = el('aside', { id: 'live', 'aria-label': 'Live portal' });
      document.body.append(panel);
    }
    const rows = [...current.entries()].map(([machine, active]) => {
      const f = byMachine.get(machine);
      const leaves = active.filter((id) => !active.some((o) => o !== id && o.startsWith(`${id}.`)));
      const words = leaves.map((id) => f?.states[id] ?? id).join(' · ');
      return el(
        'li',
        { 'data-machine': machine },
        f ? link(hrefOf({ flow: f.flow, engineer: false }), machine) : machine,
        ': ',
        el('span', { class: 'live-state', 'data-state': leaves.join(' ') }, words),
      );
    });
    panel.replaceChildren(
      el('h2', {}, 'Live portal'),
      el('p', {}, current.size ? 'Where each flow is now:' : 'Waiting for the portal: open it in another tab.'),
      el('ul', { class: 'live-now' }, ...rows),
      el('h2', {}, 'Last transitions'),
      el(
        'ol',
        { class: 'trail', reversed: '' },
        ...trail.map((t) =>
          el(
            'li',
            { 'data-machine': t.machine },
            el('strong', {}, `${t.machine}: `),
            t.text,
            el('small', {}, ` → ${t.state}`),
          ),
        ),
      ),
    );
  };

  const renderLegend = () => {
    const dl = (rows: [string, string][]) =>
      el('dl', { class: 'glossary' }, ...rows.flatMap(([t, d]) => [el('dt', {}, t), el('dd', {}, d)]));
    app.replaceChildren(
      el(
        'nav',
        { class: 'crumbs', 'aria-label': 'Where you are' },
        link('#/', 'All flows'),
        ' › ',
        'Legend and glossary',
      ),
      el('h1', {}, 'Legend and glossary'),
      el('h2', { id: 'legend' }, 'How to read a diagram and a path'),
      dl(data.legend.map((l) => [l.sign, l.means])),
      el(
        'p',
        { class: 'lead' },
        'Moving a diagram: drag it with the mouse, zoom with Ctrl + the mouse wheel or the + and − buttons; with the ' +
          'diagram focused, the arrow keys move it, + and − zoom, 0 fits it to the window.',
      ),
      el('h2', { id: 'glossary' }, 'Glossary'),
      dl(data.glossary.map((g) => [g.term, g.means])),
    );
  };

  const render = () => {
    const r = parse();
    if (r.flow === 'legend' && !flows.has('legend')) renderLegend();
    else if (data.system && r.flow === data.system.name) renderSystem(data.system);
    else if (r.flow) renderFlow(r);
    else renderList();
    document.title = r.flow ? `${flows.get(r.flow)?.title ?? r.flow} · Flow book` : 'Flow book';
    if (live) renderLive();
  };
  window.addEventListener('hashchange', render);
  // a printed page shows every path: a closed <details> prints only its summary
  window.addEventListener('beforeprint', () => {
    for (const d of app.querySelectorAll('details')) d.open = true;
  });
  render();

  if (live && 'BroadcastChannel' in window) {
    document.documentElement.classList.add('is-live');
    const channel = new BroadcastChannel('epit-flows');
    channel.onmessage = (e: MessageEvent<LiveMessage>) => {
      const m = e.data;
      if (!m || m.type !== 'flow.state') return;
      current.set(m.machine, m.active);
      if (m.transitions.length) {
        const f = byMachine.get(m.machine);
        const leaves = m.active.filter((id) => !m.active.some((o) => o !== id && o.startsWith(`${id}.`)));
        trail.unshift({
          machine: m.machine,
          actor: m.actor,
          text: m.transitions.join('; then '),
          state: leaves.map((id) => f?.states[id] ?? id).join(' · '),
          at: m.at,
        });
        trail.splice(20);
      }
      const shown = flows.get(parse().flow ?? '');
      if (shown) highlight(shown);
      renderLive();
    };
    // ask the portal tabs for where they are now
    channel.postMessage({ type: 'flow.hello' });
  }
}
