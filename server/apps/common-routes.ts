/**
 * The routes every application has, on its own path prefix (`/oss/`, `/periodicals/`, `/finance/`):
 *   GET  {prefix}auth/cas?next=…[&ticket=ST-…]  sign-on as its own CAS service (sign-on.ts)
 *   POST {prefix}auth/cas                     back-channel single logout (sign-out.ts)
 *   GET  {prefix}logout                       ends this application's session (sign-out.ts)
 *   GET  {prefix}api/ping                     204, or 503 while the console's "not answering pings" is on
 *   GET  {prefix}profile                      the profile page (customParameters.profileChangeUrl)
 */
import type { FastifyInstance } from 'fastify';
import { esc } from '../lib/html.js';
import { gatePage } from './access.js';
import type { AppDefinition, AppsDeps } from './definitions.js';
import { page } from './layout.js';
import { channelConfig, sendHtml } from './replies.js';
import { registerSignOn } from './sign-on.js';
import { registerSignOut } from './sign-out.js';
import { registerPing } from './switches.js';
import { COMMON_TEXTS } from './texts.js';

export function registerCommonRoutes(app: FastifyInstance, deps: AppsDeps, def: AppDefinition): void {
  registerSignOn(app, deps, def);
  registerSignOut(app, deps, def);
  registerPing(app, deps, def);

  app.get(`${def.prefix}profile`, async (req, reply) => {
    const gate = await gatePage(req, reply, deps, def, { party: false });
    if (!gate) return reply;
    const t = COMMON_TEXTS[gate.lang];
    const person = `${gate.user.first_name} ${gate.user.last_name}`.trim() || gate.user.fgid;
    return sendHtml(
      reply,
      200,
      page({
        lang: gate.lang,
        application: def.application,
        title: t.profileTitle,
        who: { person },
        body: `<section data-testid="app-profile"><h2>${esc(t.profileTitle)}</h2><p>${esc(t.profile)}</p></section>`,
        config: channelConfig(req, deps, def, gate.switches),
      }),
    );
  });
}
