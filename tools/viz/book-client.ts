/**
 * The flow book's page script (browser code, no imports): transpiled by tools/viz/book.ts and inlined into
 * visualizations/index.html, so the book opens from the file system with no server and no network.
 *
 * - `#/` lists the flows; `#/<flow>` shows its main diagram (product-owner view) beside its plain test paths;
 *   `#/<flow>/<diagram>` a group's own diagram (a closed box is a link to it, and the breadcrumb leads back);
 *   `?view=engineer` in the hash shows the engineer view; clicking a state box lists the paths through it.
 * - Live mode (served at /ui/dev/flows by `npm run dev`): listens on the BroadcastChannel `epit-flows`, where the
 *   portal in another tab publishes each machine's state, highlights it, and keeps a trail of the last transitions.
 */

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

export interface BookFlow {
  flow: string;
  /** the machine's id (what the live portal reports) */
  machineId: string;
  description: string;
  diagrams: BookDiagram[];
  /** state id → its description (or its name) */
  states: Record<string, string>;
  paths: BookPath[];
}

export interface BookData {
  flows: BookFlow[];
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
      engineer: q.get('view') === 'engineer',
    };
  };
  const hrefOf = (r: Route) => {
    const q = new URLSearchParams();
    if (r.engineer) q.set('view', 'engineer');
    if (r.state) q.set('state', r.state);
    const qs = q.toString();
    const path = r.flow ? `${encodeURIComponent(r.flow)}${r.diagram ? `/${encodeURIComponent(r.diagram)}` : ''}` : '';
    return `#/${path}${qs ? `?${qs}` : ''}`;
  };

  const renderList = () => {
    const list = el('ul', { class: 'flows' });
    for (const f of data.flows) {
      const li = el('li', {}, link(hrefOf({ flow: f.flow, engineer: false }), f.flow, { class: 'flow-link' }));
      li.append(el('span', { class: 'flow-line' }, ` ${f.description}`));
      li.dataset.flow = f.flow;
      list.append(li);
    }
    app.replaceChildren(
      el('h1', {}, 'Flow book'),
      el(
        'p',
        { class: 'lead' },
        'Every flow of the portal as a diagram in plain words, with the test paths that walk it. ' +
          'Open a flow; a yellow box is a group of steps: click it to see inside. Click a step to list the paths through it.',
      ),
      list,
    );
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

  const renderPaths = (f: BookFlow, state: string | undefined) => {
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
    if (!paths.length) box.append(el('p', {}, 'No test path passes through this step.'));
    for (const p of paths) {
      const d = el('details', { class: 'path', 'data-path': String(p.index) });
      if (state || paths.length <= 3) d.open = true;
      d.append(
        el('summary', {}, p.scenario ? `Path ${p.index}: ${p.scenario}` : `Path ${p.index} (ends in ${p.ends})`),
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
    const add = (text: string, href?: string) => {
      crumbs.append(' › ', href ? link(href, text) : el('span', { 'aria-current': 'page' }, text));
    };
    if (diagram === main || r.engineer) add(f.flow);
    else {
      add(f.flow, hrefOf({ flow: f.flow, engineer: false }));
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
      el('h1', {}, diagram === main || r.engineer ? f.flow : `${f.flow} › ${diagram.title}`),
      el('p', { class: 'lead' }, f.description),
      views,
      el('div', { class: 'side-by-side' }, holder, renderPaths(f, r.state)),
    );
    highlight(f);
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

  const render = () => {
    const r = parse();
    if (r.flow) renderFlow(r);
    else renderList();
    document.title = r.flow ? `${r.flow} · Flow book` : 'Flow book';
    if (live) renderLive();
  };
  window.addEventListener('hashchange', render);
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
