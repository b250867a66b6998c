/**
 * The demo applications' HTML: one page shell (with the channel script) and the pages every application shares.
 * The page is sized to its content (`#app-root`), since the portal sizes the frame by the reported height.
 */
import { esc, ICON_LINK } from '../lib/html.js';
import type { AccessGranted } from '../lib/apps-protocol.js';
import { CHANNEL_SCRIPT } from './channel.js';
import { APP_NAMES, COMMON_TEXTS, type AppLang, type DemoApplication } from './texts.js';

const STYLE = `*{box-sizing:border-box}
html,body{margin:0;padding:0}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#fff;line-height:1.45;font-size:16px}
#app-root{padding:16px 20px 24px}
.app-head{display:flex;flex-wrap:wrap;gap:4px 24px;align-items:baseline;border-bottom:2px solid #e4e7eb;padding-bottom:8px;margin-bottom:16px}
.app-head h1{margin:0;font-size:1.35rem;color:#0b4f8a}
.who{margin:0;color:#3e4c59;font-size:.95rem;display:flex;flex-wrap:wrap;gap:4px 16px}
.who strong{color:#1f2933}
h2{font-size:1.15rem;margin:0 0 12px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e4e7eb;vertical-align:top}
th{background:#f5f7fa;font-weight:600}
td.num,th.num{text-align:right}
a{color:#0b57a4}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:.85rem;background:#e4e7eb}
.badge.ok{background:#d7f5dd;color:#0e5a1f}.badge.warn{background:#fff3c4;color:#6b4e00}.badge.bad{background:#fde2e1;color:#8a1c17}
.notice{border-left:4px solid #0b4f8a;background:#f0f6fc;padding:12px 16px;margin:0 0 16px}
.notice.bad{border-color:#b42318;background:#fef3f2}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin:0 0 16px}
.button{display:inline-block;background:#0b4f8a;color:#fff;border:0;border-radius:4px;padding:8px 16px;font:inherit;cursor:pointer;text-decoration:none}
.button.secondary{background:#e4e7eb;color:#1f2933}
form.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:12px 20px;max-width:720px}
label{display:block;font-weight:600;margin-bottom:4px}
input,select{width:100%;padding:7px 9px;border:1px solid #9aa5b1;border-radius:4px;font:inherit}
.field-error{color:#b42318;font-size:.9rem;margin:4px 0 0}
dl.details{display:grid;grid-template-columns:max-content 1fr;gap:6px 20px;margin:0 0 16px}
dl.details dt{font-weight:600}dl.details dd{margin:0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

interface Who {
  person: string;
  party?: AccessGranted['party'] | null;
  role?: string | null;
}

export interface PageOptions {
  lang: AppLang;
  application: DemoApplication;
  /** the page title after the application's name */
  title?: string;
  /** HTML of the page body (inside #app-root, after the header) */
  body: string;
  who?: Who | null;
  /** settings for the channel script (and the page's own script) */
  config: { portalOrigin: string; pingUrl: string } & Record<string, unknown>;
  /** the page's own browser script */
  script?: string;
  status?: number;
}

/** JSON for a `<script type="application/json">`: `<` escaped so no text closes the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function whoHtml(lang: AppLang, who: Who): string {
  const t = COMMON_TEXTS[lang];
  // data-t: the key a page that changes language in place (OSS) re-texts the element by
  const label = (key: keyof typeof t) => `<span data-t="${key}">${esc(t[key])}</span>`;
  const party = who.party
    ? `<span>${label('actingFor')}: <strong data-testid="app-party">${esc(who.party.name)}</strong>${
        who.party.code
          ? ` (${label(who.party.isPerson ? 'personalCode' : 'regCode')} <span data-testid="app-party-code">${esc(who.party.code)}</span>)`
          : ''
      }</span>`
    : '';
  const role = who.role
    ? `<span>${label('role')}: <strong data-testid="app-role" data-role>${esc(who.role)}</strong></span>`
    : '';
  return `<p class="who"><span>${label('signedInAs')}: <strong data-testid="app-user">${esc(who.person)}</strong></span>${party}${role}</p>`;
}

export function page(opts: PageOptions): string {
  const name = APP_NAMES[opts.application][opts.lang];
  const title = opts.title ? `${opts.title} – ${name}` : name;
  return `<!doctype html>
<html lang="${opts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>${ICON_LINK}<style>${STYLE}</style></head>
<body><main id="app-root" data-app="${opts.application}">
<header class="app-head"><h1 data-testid="app-name" data-t="appName">${esc(name)}</h1>${opts.who ? whoHtml(opts.lang, opts.who) : ''}</header>
${opts.body}
</main>
<script type="application/json" id="app-config">${scriptJson({ ...opts.config, lang: opts.lang })}</script>
<script>${CHANNEL_SCRIPT}</script>${opts.script ? `\n<script>${opts.script}</script>` : ''}
</body></html>`;
}

/** A page with one message: signed out, denied, maintenance, ... (`testid` names it for tests). */
export function messagePage(
  opts: Omit<PageOptions, 'body' | 'title'> & {
    heading: string;
    text: string;
    testid: string;
    link?: { href: string; label: string; top?: boolean };
    bad?: boolean;
  },
): string {
  const link = opts.link
    ? `<p><a class="button" href="${esc(opts.link.href)}"${opts.link.top ? ' target="_top"' : ''}>${esc(opts.link.label)}</a></p>`
    : '';
  return page({
    ...opts,
    title: opts.heading,
    body: `<section class="notice${opts.bad ? ' bad' : ''}" data-testid="${esc(opts.testid)}" role="${opts.bad ? 'alert' : 'status'}"><h2>${esc(opts.heading)}</h2><p>${esc(opts.text)}</p></section>${link}`,
  });
}
