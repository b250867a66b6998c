/**
 * Simulator console (developer tool, English):
 *   GET  /sim/                         HTML page: application switches, e-mail outbox, and registered sections
 *   GET  /sim/api/outbox               { value: [{ id, createdAt, to, subject, body, kind }] } newest first
 *   GET  /sim/api/applications         { value: [{ application, dead }] }
 *   POST /sim/api/applications/{app}   body { dead: boolean } → { value: [...] } (XSRF-protected like all /sim POSTs)
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { APPLICATIONS } from '../../../domain/contract.js';
import { applicationStatuses, setApplicationDead } from '../../lib/application-status.js';
import { parseOrThrow } from '../../lib/errors.js';
import { esc, ICON_LINK } from '../../lib/html.js';
import { listOutbox } from '../../lib/mail.js';
import { consoleSections, registerConsoleSection } from './sections.js';

const APP_LABELS: Record<string, string> = {
  AXAPTA: 'AXAPTA (back-office billing)',
  OSS: 'OSS (order and shipping)',
  PERIODICALS: 'PERIODICALS (periodicals)',
  FINANCE: 'FINANCE (invoicing management)',
};

registerConsoleSection({
  id: 'applications',
  title: 'Applications',
  order: 10,
  async render({ db }) {
    const rows = await applicationStatuses(db);
    return `<p class="hint">A dead application answers 503; the portal sees the change at its next dead-application poll (every 30 s).</p>
<ul class="switches">${rows
      .map(
        (
          r,
        ) => `<li><label class="switch"><input type="checkbox" role="switch" data-app="${r.application}" ${r.dead ? 'checked' : ''}>
<span>${esc(APP_LABELS[r.application] ?? r.application)}</span> <strong class="state" data-state-for="${r.application}">${r.dead ? 'dead' : 'alive'}</strong></label></li>`,
      )
      .join('')}</ul>`;
  },
  script: `document.querySelectorAll('input[data-app]').forEach(function (box) {
  box.addEventListener('change', async function () {
    var app = box.getAttribute('data-app');
    var res = await simPost('/sim/api/applications/' + app, { dead: box.checked });
    if (!res.ok) { box.checked = !box.checked; simStatus('Could not switch ' + app); return; }
    document.querySelector('[data-state-for="' + app + '"]').textContent = box.checked ? 'dead' : 'alive';
    simStatus(app + ' is now ' + (box.checked ? 'dead' : 'alive'));
  });
});`,
});

registerConsoleSection({
  id: 'outbox',
  title: 'E-mail outbox',
  order: 90,
  async render({ db }) {
    const mails = await listOutbox(db);
    if (!mails.length) return '<p>No e-mails yet.</p>';
    return `<ol class="outbox" reversed>${mails
      .map(
        (m) => `<li><article aria-label="${esc(m.subject)}"><h3>${esc(m.subject)}</h3>
<p class="meta">To <strong>${esc(m.to)}</strong> · <time datetime="${esc(m.createdAt)}">${esc(m.createdAt.replace('T', ' ').slice(0, 19))} UTC</time> · ${esc(m.kind)}</p>
<pre>${esc(m.body).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article></li>`,
      )
      .join('')}</ol>`;
  },
});

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#f3f4f6;color:#1f2933;line-height:1.45}
header{background:#1f2933;color:#fff;padding:.75rem 1rem}header h1{margin:0;font-size:1.2rem}
main{max-width:960px;margin:1rem auto;padding:0 1rem;display:grid;gap:1rem}
section{background:#fff;border-radius:8px;padding:1rem 1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h2{margin:0 0 .5rem;font-size:1.1rem}h3{margin:0;font-size:1rem}
.hint,.meta{color:#52606d;font-size:.9rem;margin:.25rem 0}
.switches{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}
.switch{display:flex;gap:.5rem;align-items:center;cursor:pointer}.switch input{width:1.2rem;height:1.2rem}
.outbox{padding-left:1.5rem;display:grid;gap:.75rem}
pre{white-space:pre-wrap;background:#f9fafb;padding:.5rem;border-radius:4px;margin:.25rem 0 0;font-size:.9rem}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
#status{min-height:1.5em}`;

const PAGE_SCRIPT = `function simXsrf(){var m=document.cookie.match(/(?:^|; )EPIT-XSRF-TOKEN=([^;]*)/);return m?decodeURIComponent(m[1]):'';}
function simPost(url, body){return fetch(url,{method:'POST',credentials:'same-origin',headers:{'Content-Type':'application/json','X-XSRF-TOKEN':simXsrf()},body:JSON.stringify(body)});}
function simStatus(text){document.getElementById('status').textContent=text;}`;

export const simConsoleRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const deps = app.deps;
  const { db, clock } = deps;

  app.get('/', async (_req, reply) => {
    const sections = consoleSections();
    const parts = await Promise.all(
      sections.map(
        async (s) =>
          `<section id="${esc(s.id)}" aria-labelledby="${esc(s.id)}-h"><h2 id="${esc(s.id)}-h">${esc(s.title)}</h2>${await s.render(deps)}</section>`,
      ),
    );
    const scripts = sections
      .filter((s) => s.script)
      .map((s) => `try{(function(){${s.script}})();}catch(e){console.error(e)}`);
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulator console</title>${ICON_LINK}<style>${STYLE}</style></head><body>
<header><h1>Simulator console</h1></header>
<main><p id="status" role="status" aria-live="polite"></p>${parts.join('\n')}</main>
<script>${PAGE_SCRIPT}\n${scripts.join('\n')}</script></body></html>`);
  });

  app.get('/api/outbox', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { value: await listOutbox(db) };
  });

  app.get('/api/applications', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { value: await applicationStatuses(db) };
  });

  app.post('/api/applications/:app', async (req, reply) => {
    const { app: application } = parseOrThrow(z.object({ app: z.enum(APPLICATIONS) }), req.params, 'app');
    const body = parseOrThrow(z.object({ dead: z.boolean() }), req.body ?? {});
    await setApplicationDead(db, clock, application, body.dead);
    reply.header('Cache-Control', 'no-store');
    return { value: await applicationStatuses(db) };
  });
  done();
};
