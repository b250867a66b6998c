/**
 * Invoicing management (FINANCE): the represented customer's invoices, and its finance special status (spec 1 §4
 * "Service recovery (finance)"): none; PACKET_NOT_FOUND (a known customer without a finance package);
 * CUSTOMER_NOT_FOUND (a customer finance does not know); UNAVAILABLE (the console's switch: finance is down).
 *   GET /finance/?guid=…&lang=…                 the page
 *   GET /finance/api/status?customerId=<gid>     for the portal's server: { status } (Authorization: Bearer APPS_SECRET)
 * plus the common routes (server/apps/common-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type FinanceStatusAnswer, holdsSecret } from '../../lib/apps-protocol.js';
import { esc } from '../../lib/html.js';
import { dayOffset, loadAppsDemo } from '../demo-data.js';
import { gatePage } from '../access.js';
import { registerCommonRoutes } from '../common-routes.js';
import type { AppDefinition, AppsDeps } from '../definitions.js';
import { channelConfig, sendHtml } from '../replies.js';
import { messagePage, page } from '../layout.js';
import { LOCALE, type AppLang } from '../texts.js';

const FINANCE: AppDefinition = { application: 'FINANCE', prefix: '/finance/' };

interface FinanceTexts {
  invoices: string;
  none: string;
  number: string;
  issued: string;
  due: string;
  amount: string;
  status: string;
  paid: string;
  unpaid: string;
  overdue: string;
  totalUnpaid: string;
  noPackageTitle: string;
  noPackage: string;
  unavailableTitle: string;
  unavailable: string;
}

const FINANCE_TEXTS: Record<AppLang, FinanceTexts> = {
  et: {
    invoices: 'Arved',
    none: 'Arveid ei ole.',
    number: 'Arve number',
    issued: 'Väljastatud',
    due: 'Maksetähtaeg',
    amount: 'Summa',
    status: 'Olek',
    paid: 'Makstud',
    unpaid: 'Maksmata',
    overdue: 'Tähtaeg ületatud',
    totalUnpaid: 'Maksmata kokku',
    noPackageTitle: 'Arvete haldus puudub',
    noPackage: 'Sellel kliendil ei ole arvete halduse paketti.',
    unavailableTitle: 'Arvete haldus ei ole kättesaadav',
    unavailable: 'Arvete haldus on ajutiselt kättesaamatu. Palun proovige hiljem uuesti.',
  },
  en: {
    invoices: 'Invoices',
    none: 'There are no invoices.',
    number: 'Invoice number',
    issued: 'Issued',
    due: 'Due',
    amount: 'Amount',
    status: 'Status',
    paid: 'Paid',
    unpaid: 'Unpaid',
    overdue: 'Overdue',
    totalUnpaid: 'Total unpaid',
    noPackageTitle: 'No invoicing management',
    noPackage: 'This customer has no invoicing management package.',
    unavailableTitle: 'Invoicing management is unavailable',
    unavailable: 'Invoicing management is temporarily unavailable. Please try again later.',
  },
  ru: {
    invoices: 'Счета',
    none: 'Счетов нет.',
    number: 'Номер счёта',
    issued: 'Выставлен',
    due: 'Срок оплаты',
    amount: 'Сумма',
    status: 'Статус',
    paid: 'Оплачен',
    unpaid: 'Не оплачен',
    overdue: 'Просрочен',
    totalUnpaid: 'Всего к оплате',
    noPackageTitle: 'Нет управления счетами',
    noPackage: 'У этого клиента нет пакета управления счетами.',
    unavailableTitle: 'Управление счетами недоступно',
    unavailable: 'Управление счетами временно недоступно. Пожалуйста, попробуйте позже.',
  },
  lv: {
    invoices: 'Rēķini',
    none: 'Rēķinu nav.',
    number: 'Rēķina numurs',
    issued: 'Izrakstīts',
    due: 'Apmaksas termiņš',
    amount: 'Summa',
    status: 'Statuss',
    paid: 'Apmaksāts',
    unpaid: 'Neapmaksāts',
    overdue: 'Kavēts',
    totalUnpaid: 'Neapmaksāts kopā',
    noPackageTitle: 'Nav rēķinu pārvaldības',
    noPackage: 'Šim klientam nav rēķinu pārvaldības paketes.',
    unavailableTitle: 'Rēķinu pārvaldība nav pieejama',
    unavailable: 'Rēķinu pārvaldība īslaicīgi nav pieejama. Lūdzu, mēģiniet vēlāk.',
  },
  lt: {
    invoices: 'Sąskaitos',
    none: 'Sąskaitų nėra.',
    number: 'Sąskaitos numeris',
    issued: 'Išrašyta',
    due: 'Apmokėti iki',
    amount: 'Suma',
    status: 'Būsena',
    paid: 'Apmokėta',
    unpaid: 'Neapmokėta',
    overdue: 'Pradelsta',
    totalUnpaid: 'Iš viso neapmokėta',
    noPackageTitle: 'Nėra sąskaitų valdymo',
    noPackage: 'Šis klientas neturi sąskaitų valdymo paketo.',
    unavailableTitle: 'Sąskaitų valdymas nepasiekiamas',
    unavailable: 'Sąskaitų valdymas laikinai nepasiekiamas. Bandykite vėliau.',
  },
};

/** The customer's finance special status: the console's switch, else its own (package or not, known or not). */
async function financeStatus(deps: AppsDeps, customerId: string): Promise<FinanceStatusAnswer['status']> {
  const switches = await deps.portal.switches('FINANCE');
  if (switches.dead) return 'UNAVAILABLE';
  if (switches.financeStatus) return switches.financeStatus;
  const own = loadAppsDemo().finance[customerId];
  if (!own) return 'CUSTOMER_NOT_FOUND';
  return own.package ? null : 'PACKET_NOT_FOUND';
}

export function registerFinance(app: FastifyInstance, deps: AppsDeps): void {
  registerCommonRoutes(app, deps, FINANCE);

  app.get('/finance/api/status', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!holdsSecret(req.headers.authorization, deps.env.apps.secret))
      return reply.status(401).send({ error: 'UNAUTHENTICATED' });
    const q = z.object({ customerId: z.string().regex(/^[A-Z]{2}[A-Z0-9]{4,30}$/) }).safeParse(req.query);
    if (!q.success) return reply.status(400).send({ error: 'BAD_INPUT' });
    const answer: FinanceStatusAnswer = { status: await financeStatus(deps, q.data.customerId) };
    return answer;
  });

  app.get('/finance/', async (req, reply) => {
    const gate = await gatePage(req, reply, deps, FINANCE, { party: true });
    if (!gate) return reply;
    const { access, lang } = gate;
    const t = FINANCE_TEXTS[lang];
    const who = {
      person: `${access.person.firstName} ${access.person.lastName}`,
      party: access.party,
      role: access.roleNames[lang] ?? null,
    };
    const config = channelConfig(req, deps, FINANCE, gate.switches);
    const status = await financeStatus(deps, gate.guid);
    if (status === 'UNAVAILABLE')
      return sendHtml(
        reply,
        503,
        messagePage({
          lang,
          application: 'FINANCE',
          heading: t.unavailableTitle,
          text: t.unavailable,
          testid: 'finance-unavailable',
          bad: true,
          who,
          config,
        }),
      );
    if (status)
      return sendHtml(
        reply,
        200,
        messagePage({
          lang,
          application: 'FINANCE',
          heading: t.noPackageTitle,
          text: t.noPackage,
          testid: 'finance-no-package',
          who,
          config,
        }),
      );
    const now = deps.clock.now();
    const date = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium', timeZone: 'UTC' });
    const money = new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: 'EUR' });
    const invoices = loadAppsDemo().finance[gate.guid]?.invoices ?? [];
    let unpaid = 0;
    const rows = invoices
      .map((inv) => {
        const due = dayOffset(inv.due, now);
        if (!inv.paid) unpaid += inv.amount;
        const [label, cls] = inv.paid ? [t.paid, 'ok'] : due < now ? [t.overdue, 'bad'] : [t.unpaid, 'warn'];
        return `<tr><td>${esc(inv.number)}</td><td>${esc(date.format(dayOffset(inv.issued, now)))}</td><td>${esc(date.format(due))}</td><td class="num">${esc(money.format(inv.amount))}</td><td><span class="badge ${cls}">${esc(label)}</span></td></tr>`;
      })
      .join('');
    const body = invoices.length
      ? `<h2>${esc(t.invoices)}</h2><table data-testid="finance-invoices"><thead><tr><th scope="col">${esc(t.number)}</th><th scope="col">${esc(t.issued)}</th><th scope="col">${esc(t.due)}</th><th scope="col" class="num">${esc(t.amount)}</th><th scope="col">${esc(t.status)}</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th scope="row" colspan="3">${esc(t.totalUnpaid)}</th><td class="num" data-testid="finance-unpaid">${esc(money.format(unpaid))}</td><td></td></tr></tfoot></table>`
      : `<h2>${esc(t.invoices)}</h2><p>${esc(t.none)}</p>`;
    return sendHtml(reply, 200, page({ lang, application: 'FINANCE', who, body, config }));
  });
}
