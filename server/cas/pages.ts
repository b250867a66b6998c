/** HTML of the sign-on simulator pages: accessible, no scripts, readable from 320 px to desktop. */
import { esc, ICON_LINK } from '../lib/html.js';
import { CAS_LANG_NAMES, CAS_TEXTS, type CasLang } from './texts.js';
import { codeLoginSection } from './code-login.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#1f2933;line-height:1.45}
header{background:#a84300;color:#fff;padding:.75rem 1rem;display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap;gap:.5rem}
header .brand{font-weight:700;font-size:1.1rem}
header nav ul{list-style:none;display:flex;gap:.25rem;margin:0;padding:0;flex-wrap:wrap}
header nav a{color:#fff;padding:.25rem .45rem;border-radius:4px;text-decoration:none}
header nav a[aria-current]{background:rgba(0,0,0,.25);font-weight:700}
header nav a:hover{text-decoration:underline}
main{max-width:960px;margin:1.5rem auto;padding:0 1rem;display:grid;gap:1.5rem;grid-template-columns:1fr}
@media (min-width:800px){main{grid-template-columns:minmax(0,1fr) minmax(0,1.2fr)}}
section{background:#fff;border-radius:8px;padding:1.25rem 1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 .5rem}
h2{font-size:1.15rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=password]{width:100%;padding:.6rem .7rem;font-size:1rem;border:1px solid #9aa5b1;border-radius:4px}
button{font:inherit;cursor:pointer;border-radius:4px}
.primary{margin-top:1rem;width:100%;padding:.7rem;background:#ff6600;color:#1f1f1f;border:0;font-weight:700;font-size:1rem}
.primary:hover{background:#e65c00}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.error{background:#fde8e8;border:1px solid #c81e1e;color:#7f1d1d;padding:.6rem .75rem;border-radius:4px;margin:.5rem 0}
.people{list-style:none;margin:0;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
.people form{margin:0}
.people button{width:100%;text-align:left;padding:.5rem .7rem;background:#f9fafb;border:1px solid #cbd2d9}
.people button:hover{background:#fff3eb;border-color:#ff6600}
.people .who{display:block;font-weight:600}
.people .meta{display:block;font-size:.85rem;color:#52606d}
.hint{color:#52606d;font-size:.9rem;margin:.25rem 0 .75rem}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.75rem 0 0}
.check input{margin-top:.3rem}
`;
/** The sign-on pages' one inline style sheet: the Content-Security-Policy allows exactly it by its hash (server/security/headers.ts). */
export const CAS_STYLE = `${STYLE}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

export function layout(lang: CasLang, title: string, body: string, langLinks: (l: CasLang) => string): string {
  const t = CAS_TEXTS[lang];
  const langs = (Object.keys(CAS_LANG_NAMES) as CasLang[])
    .map(
      (l) =>
        `<li><a href="${esc(langLinks(l))}" lang="${l}"${l === lang ? ' aria-current="true"' : ''}>${l.toUpperCase()}<span class="sr"> ${esc(CAS_LANG_NAMES[l])}</span></a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
${ICON_LINK}
<style>${CAS_STYLE}</style>
</head>
<body>
<header><span class="brand">Single sign-on</span><nav aria-label="${esc(t.language)}"><ul>${langs}</ul></nav></header>
<main>${body}</main>
</body>
</html>`;
}

export interface DemoPerson {
  username: string;
  name: string;
  staff: boolean;
}

export function loginPage(opts: {
  lang: CasLang;
  /** the form's target: the simulator's own /login */
  action: string;
  /** CAS 3.0 §3.5 login ticket, as Apereo's `execution`: every form posts it, a POST without a live one is refused */
  execution: string;
  service: string | null;
  username?: string;
  error?: string | null;
  people: DemoPerson[];
  oneClick: boolean;
  langLink: (l: CasLang) => string;
}): string {
  const t = CAS_TEXTS[opts.lang];
  const serviceField =
    (opts.service ? `<input type="hidden" name="service" value="${esc(opts.service)}">` : '') +
    `<input type="hidden" name="execution" value="${esc(opts.execution)}">`;
  const error = opts.error ? `<div class="error" role="alert" id="login-error">${esc(opts.error)}</div>` : '';
  const describedBy = opts.error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const form = `<section aria-labelledby="login-heading">
<h1 id="login-heading">${esc(t.heading)}</h1>
<p class="hint">${esc(t.intro)}</p>
${error}
<form method="post" action="${esc(opts.action)}" novalidate>
${serviceField}
<label for="username">${esc(t.username)}</label>
<input type="text" id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" value="${esc(opts.username ?? '')}" required${describedBy}${opts.error ? '' : ' autofocus'}>
<label for="password">${esc(t.password)}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${describedBy}>
<label class="check" for="warn"><input type="checkbox" id="warn" name="warn" value="true"> ${esc(t.warn)}</label>
<button type="submit" class="primary">${esc(t.logIn)}</button>
</form>
</section>`;
  const people =
    opts.oneClick && opts.people.length
      ? `<section aria-labelledby="demo-heading">
<h2 id="demo-heading">${esc(t.demoHeading)}</h2>
<p class="hint">${esc(t.demoHint)}</p>
<ul class="people">
${opts.people
  .map(
    (
      p,
    ) => `<li><form method="post" action="${esc(opts.action)}">${serviceField}<input type="hidden" name="demoUser" value="${esc(p.username)}">
<button type="submit" aria-label="${esc(`${t.logInAs} ${p.name} (${p.username})`)}"><span class="who">${esc(p.name)}</span><span class="meta">${esc(p.username)}${p.staff ? ` · ${esc(t.staff)}` : ''}</span></button></form></li>`,
  )
  .join('\n')}
</ul>
</section>`
      : '';
  // people added by a customer sign on by personal code in the demo (./code-login.ts)
  const byCode = opts.oneClick ? codeLoginSection(opts.lang, opts.action, serviceField) : '';
  return layout(opts.lang, t.title, form + people + byCode, opts.langLink);
}

export function messagePage(lang: CasLang, title: string, message: string, langLink: (l: CasLang) => string): string {
  return layout(lang, title, `<section><h1>${esc(title)}</h1><p>${esc(message)}</p></section>`, langLink);
}

/** CAS 3.0 §2.2.1 `warn`: single sign-on is not transparent, the person confirms each service first. */
export function warnPage(opts: {
  lang: CasLang;
  action: string;
  execution: string;
  service: string;
  langLink: (l: CasLang) => string;
}): string {
  const t = CAS_TEXTS[opts.lang];
  const body = `<section aria-labelledby="warn-heading">
<h1 id="warn-heading">${esc(t.warnTitle)}</h1>
<p>${esc(t.warnText)}</p>
<p><code>${esc(opts.service)}</code></p>
<form method="post" action="${esc(opts.action)}">
<input type="hidden" name="service" value="${esc(opts.service)}">
<input type="hidden" name="execution" value="${esc(opts.execution)}">
<input type="hidden" name="_eventId" value="continue">
<button type="submit" class="primary">${esc(t.continueTo)}</button>
</form>
</section>`;
  return layout(opts.lang, t.warnTitle, body, opts.langLink);
}
