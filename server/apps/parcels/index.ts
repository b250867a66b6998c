/**
 * The private package service (spec 1 §2: a private person's LOGISTICS goes to the package-private address of the
 * current domain, which the portal hands out in user-settings/service-urls, server/lib/external-applications.ts).
 * A real deployment points that address at the provider's own service; this is its demo: one page, opened in the
 * browser's top window (not in the portal's frame).
 *   GET /parcels/{domain}/{lang}/private   the page for a private customer in that country, in that language
 * It signs its visitor on as its own CAS service (silently, like the applications: sign-on.ts) to greet them by name,
 * and has the sign-on routes of every application (`/parcels/auth/cas`, `/parcels/logout`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { esc } from '../../lib/html.js';
import { portalOrigin } from '../../lib/origins.js';
import type { AppsDeps, SignOnDefinition } from '../definitions.js';
import { channelConfig, sendHtml } from '../replies.js';
import { registerSignOn, signedInUser } from '../sign-on.js';
import { registerSignOut } from '../sign-out.js';
import { page } from '../layout.js';
import { APP_LANGS, COMMON_TEXTS, type AppLang } from '../texts.js';

const PARCELS: SignOnDefinition = { application: 'PARCELS', prefix: '/parcels/' };

const COUNTRIES = ['ee', 'lv', 'lt'] as const;
type Country = (typeof COUNTRIES)[number];

interface ParcelsTexts {
  heading: string;
  intro: string;
  country: string;
  countries: Record<Country, string>;
}

const PARCELS_TEXTS: Record<AppLang, ParcelsTexts> = {
  et: {
    heading: 'Pakkide saatmine ja vastuvõtmine',
    intro: 'Saatke pakk pakiautomaati või postkontorisse ja jälgige teile saadetud pakkide teekonda.',
    country: 'Riik',
    countries: { ee: 'Eesti', lv: 'Läti', lt: 'Leedu' },
  },
  en: {
    heading: 'Sending and receiving parcels',
    intro: 'Send a parcel to a parcel locker or a post office, and follow the parcels on their way to you.',
    country: 'Country',
    countries: { ee: 'Estonia', lv: 'Latvia', lt: 'Lithuania' },
  },
  ru: {
    heading: 'Отправка и получение посылок',
    intro: 'Отправьте посылку в пакоавтомат или почтовое отделение и следите за посылками, которые идут к вам.',
    country: 'Страна',
    countries: { ee: 'Эстония', lv: 'Латвия', lt: 'Литва' },
  },
  lv: {
    heading: 'Paku sūtīšana un saņemšana',
    intro: 'Nosūtiet paku uz pakomātu vai pasta nodaļu un sekojiet līdzi pakām, kas ceļo pie jums.',
    country: 'Valsts',
    countries: { ee: 'Igaunija', lv: 'Latvija', lt: 'Lietuva' },
  },
  lt: {
    heading: 'Siuntų siuntimas ir gavimas',
    intro: 'Išsiųskite siuntą į paštomatą ar pašto skyrių ir sekite jums siunčiamas siuntas.',
    country: 'Šalis',
    countries: { ee: 'Estija', lv: 'Latvija', lt: 'Lietuva' },
  },
};

const PageParams = z.object({ domain: z.enum(COUNTRIES), lang: z.enum(APP_LANGS) });

export function registerParcels(app: FastifyInstance, deps: AppsDeps): void {
  registerSignOn(app, deps, PARCELS);
  registerSignOut(app, deps, PARCELS);

  app.get('/parcels/:domain/:lang/private', async (req, reply) => {
    const params = PageParams.safeParse(req.params);
    if (!params.success) return reply.callNotFound();
    const { domain, lang } = params.data;
    const user = await signedInUser(req, reply, deps, PARCELS);
    if (!user) return reply;
    const t = PARCELS_TEXTS[lang];
    const person = `${user.first_name} ${user.last_name}`.trim() || user.fgid;
    const portal = `${portalOrigin(deps.env, req)}/ui/dashboard`;
    return sendHtml(
      reply,
      200,
      page({
        lang,
        application: 'PARCELS',
        title: t.countries[domain],
        who: { person },
        body: `<section data-testid="parcels-private" data-domain="${domain.toUpperCase()}"><h2>${esc(t.heading)}</h2>
<p>${esc(t.intro)}</p>
<dl class="details"><dt>${esc(t.country)}</dt><dd data-testid="parcels-country">${esc(t.countries[domain])}</dd></dl>
<p><a class="button" href="${esc(portal)}">${esc(COMMON_TEXTS[lang].openPortal)}</a></p></section>`,
        config: channelConfig(req, deps, PARCELS),
      }),
    );
  });
}
