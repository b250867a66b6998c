/**
 * Periodicals: the represented customer's subscriptions (demo data, server/db/seed/apps-demo.json).
 *   GET /periodicals/?guid=…&lang=…   the page (spec 1 §7 external application URL)
 * plus the common routes (server/apps/common-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { esc } from '../../lib/html.js';
import { dayOffset, loadAppsDemo } from '../demo-data.js';
import { gatePage } from '../access.js';
import { registerCommonRoutes } from '../common-routes.js';
import type { AppDefinition, AppsDeps } from '../definitions.js';
import { channelConfig, sendHtml } from '../replies.js';
import { page } from '../layout.js';
import { LOCALE, type AppLang } from '../texts.js';

const PERIODICALS: AppDefinition = { application: 'PERIODICALS', prefix: '/periodicals/' };

interface PeriodicalsTexts {
  subscriptions: string;
  none: string;
  title: string;
  copies: string;
  period: string;
  deliveryAddress: string;
  status: string;
  active: string;
  ended: string;
  upcoming: string;
}

const PERIODICALS_TEXTS: Record<AppLang, PeriodicalsTexts> = {
  et: {
    subscriptions: 'Tellimused',
    none: 'Teil ei ole perioodika tellimusi.',
    title: 'Väljaanne',
    copies: 'Eksemplare',
    period: 'Periood',
    deliveryAddress: 'Kättetoimetamise aadress',
    status: 'Olek',
    active: 'Kehtiv',
    ended: 'Lõppenud',
    upcoming: 'Algab',
  },
  en: {
    subscriptions: 'Subscriptions',
    none: 'You have no periodical subscriptions.',
    title: 'Publication',
    copies: 'Copies',
    period: 'Period',
    deliveryAddress: 'Delivery address',
    status: 'Status',
    active: 'Active',
    ended: 'Ended',
    upcoming: 'Upcoming',
  },
  ru: {
    subscriptions: 'Подписки',
    none: 'У вас нет подписок на периодику.',
    title: 'Издание',
    copies: 'Экземпляров',
    period: 'Период',
    deliveryAddress: 'Адрес доставки',
    status: 'Статус',
    active: 'Действует',
    ended: 'Закончилась',
    upcoming: 'Начнётся',
  },
  lv: {
    subscriptions: 'Abonementi',
    none: 'Jums nav periodikas abonementu.',
    title: 'Izdevums',
    copies: 'Eksemplāri',
    period: 'Periods',
    deliveryAddress: 'Piegādes adrese',
    status: 'Statuss',
    active: 'Spēkā',
    ended: 'Beidzies',
    upcoming: 'Sāksies',
  },
  lt: {
    subscriptions: 'Prenumeratos',
    none: 'Neturite periodinių leidinių prenumeratų.',
    title: 'Leidinys',
    copies: 'Egzempliorių',
    period: 'Laikotarpis',
    deliveryAddress: 'Pristatymo adresas',
    status: 'Būsena',
    active: 'Galioja',
    ended: 'Pasibaigė',
    upcoming: 'Prasidės',
  },
};

export function registerPeriodicals(app: FastifyInstance, deps: AppsDeps): void {
  registerCommonRoutes(app, deps, PERIODICALS);

  app.get('/periodicals/', async (req, reply) => {
    const gate = await gatePage(req, reply, deps, PERIODICALS, { party: true });
    if (!gate) return reply;
    const { access, lang } = gate;
    const t = PERIODICALS_TEXTS[lang];
    const now = deps.clock.now();
    const date = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium', timeZone: 'UTC' });
    const subs = loadAppsDemo().subscriptions[gate.guid] ?? [];
    const rows = subs
      .map((s) => {
        const from = dayOffset(s.from, now);
        const to = dayOffset(s.to, now);
        const [status, cls] = to < now ? [t.ended, 'bad'] : from > now ? [t.upcoming, 'warn'] : [t.active, 'ok'];
        return `<tr><td>${esc(s.title)}</td><td class="num">${s.copies}</td><td>${esc(date.format(from))} – ${esc(date.format(to))}</td><td>${esc(s.deliveryAddress)}</td><td><span class="badge ${cls}">${esc(status)}</span></td></tr>`;
      })
      .join('');
    const body = subs.length
      ? `<h2>${esc(t.subscriptions)}</h2><table data-testid="periodicals-subscriptions"><thead><tr><th scope="col">${esc(t.title)}</th><th scope="col" class="num">${esc(t.copies)}</th><th scope="col">${esc(t.period)}</th><th scope="col">${esc(t.deliveryAddress)}</th><th scope="col">${esc(t.status)}</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<h2>${esc(t.subscriptions)}</h2><p data-testid="periodicals-none">${esc(t.none)}</p>`;
    return sendHtml(
      reply,
      200,
      page({
        lang,
        application: 'PERIODICALS',
        who: {
          person: `${access.person.firstName} ${access.person.lastName}`,
          party: access.party,
          role: access.roleNames[lang] ?? null,
        },
        body,
        config: channelConfig(req, deps, PERIODICALS, gate.switches),
      }),
    );
  });
}
