/**
 * Shipment registration (OSS), the order system (spec 1 §2 oss-wrapper): a hash-routed page with a shipment list, a
 * shipment page and a new-shipment form, over its own JSON API and its own database (server/apps/store.ts).
 *   GET  /oss/login?guid=…&lang=…[&isPerson=1][&menuPath=…][&timestamp=…]   the frame's login URL (spec 1 §7: the
 *        base address plus `login`): signs on, checks the guid with the portal, 302 → /oss/?guid=…&lang=…#<menuPath>
 *   GET  /oss/?guid=…&lang=…                   the page
 *   GET  /oss/api/shipments?guid=…             { value: Shipment[] } newest first
 *   GET  /oss/api/shipments/{id}?guid=…        { value: Shipment } (404 for another customer's shipment)
 *   POST /oss/api/shipments?guid=…             X-CSRF-Token; { service, recipientName, street, city, zipCode,
 *        country, weightKg } → 201 { value: Shipment }; 400 { error, fields: { field: textKey } }; 403 for a viewer
 * plus the common routes (server/apps/common-routes.ts): auth/cas, logout (the OSS logout URL), api/ping, profile.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHIPMENT_SERVICES } from '../demo-data.js';
import { gateApi, gatePage, requireCsrf } from '../access.js';
import { registerCommonRoutes } from '../common-routes.js';
import type { AppDefinition, AppsDeps } from '../definitions.js';
import { ApiError, channelConfig, sendHtml } from '../replies.js';
import { page } from '../layout.js';
import type { ShipmentsTable } from '../store.js';
import { APP_LANGS, APP_NAMES, COMMON_TEXTS, LOCALE, type AppLang } from '../texts.js';
import { OSS_CLIENT_SCRIPT } from './client.js';
import { OSS_TEXTS } from './texts.js';

const OSS: AppDefinition = { application: 'OSS', prefix: '/oss/' };

/** Roles that may register shipments: administrator, registrar, courier orderer (103 is a viewer). */
const REGISTERING_ROLES = [101, 102, 104];
const COUNTRIES = ['EE', 'LV', 'LT', 'FI', 'SE', 'DE', 'PL'] as const;
const MENU_PATH = /^\/[A-Za-z0-9/_-]{0,100}$/;

const SERVICE_PREFIX: Record<string, string> = { PARCEL: 'CP', REGISTERED_LETTER: 'RR', COURIER: 'EE' };

/** The country a represented gid belongs to (spec 1 §3: UB → LT, LV → LV, else EE; a person's gid starts with it). */
const countryOfGid = (gid: string, isPerson: boolean) =>
  isPerson ? gid.slice(0, 2) : gid.startsWith('UB') ? 'LT' : gid.startsWith('LV') ? 'LV' : 'EE';

/** UPU S10 item id: two service letters, eight digits, a check digit, the country. */
export function s10(prefix: string, serial: number, country: string): string {
  const digits = String(serial).padStart(8, '0');
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  let check = 11 - (sum % 11);
  if (check === 10) check = 0;
  if (check === 11) check = 5;
  return `${prefix}${digits}${check}${country}`;
}

const toJson = (s: ShipmentsTable) => ({
  id: s.id,
  service: s.service,
  status: s.status,
  weightGrams: s.weight_grams,
  recipient: { name: s.recipient_name, street: s.street, city: s.city, zipCode: s.zip_code, country: s.country },
  registeredAt: s.registered_at,
});

const NewShipment = z.object({
  service: z.enum(SHIPMENT_SERVICES),
  recipientName: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  street: z.string().trim().min(1, 'required').max(120, 'tooLong'),
  city: z.string().trim().min(1, 'required').max(60, 'tooLong'),
  zipCode: z
    .string()
    .trim()
    .min(1, 'required')
    .regex(/^[A-Za-z0-9 -]{3,10}$/, 'badZip'),
  country: z.enum(COUNTRIES),
  weightKg: z.number({ error: 'badWeight' }).min(0.01, 'badWeight').max(30, 'badWeight'),
});

/** The texts the page needs, per language: the common chrome, its own, and the application's name. */
function pageTexts(): Partial<Record<AppLang, Record<string, string>>> {
  const out: Partial<Record<AppLang, Record<string, string>>> = {};
  for (const l of APP_LANGS) out[l] = { ...COMMON_TEXTS[l], ...OSS_TEXTS[l], appName: APP_NAMES.OSS[l] };
  return out;
}

export function registerOss(app: FastifyInstance, deps: AppsDeps): void {
  const { db, clock } = deps;
  registerCommonRoutes(app, deps, OSS);
  const texts = pageTexts();

  app.get('/oss/login', async (req, reply) => {
    const gate = await gatePage(req, reply, deps, OSS, { party: true });
    if (!gate) return reply;
    const menuPath = (req.query as Record<string, unknown>).menuPath;
    const hash = typeof menuPath === 'string' && MENU_PATH.test(menuPath) && menuPath !== '/' ? `#${menuPath}` : '';
    const query = new URLSearchParams({ guid: gate.guid, lang: gate.lang });
    return reply.header('Cache-Control', 'no-store').redirect(`/oss/?${query.toString()}${hash}`, 302);
  });

  app.get('/oss/', async (req, reply) => {
    const gate = await gatePage(req, reply, deps, OSS, { party: true });
    if (!gate) return reply;
    const { access, lang } = gate;
    const canRegister = access.party.isPerson || (access.roleId !== null && REGISTERING_ROLES.includes(access.roleId));
    const html = page({
      lang,
      application: 'OSS',
      who: {
        person: `${access.person.firstName} ${access.person.lastName}`,
        party: access.party,
        role: access.roleNames[lang] ?? null,
      },
      body: `<div id="oss-view" aria-live="polite"></div>`,
      config: {
        ...channelConfig(req, deps, OSS, gate.switches),
        guid: gate.guid,
        apiBase: '/oss/api/',
        loginUrl: '/oss/login',
        csrf: gate.user.csrf,
        canRegister,
        roleNames: access.roleNames,
        texts,
        locales: LOCALE,
        services: SHIPMENT_SERVICES,
        countries: COUNTRIES,
        homeCountry: countryOfGid(gate.guid, access.party.isPerson),
      },
      script: OSS_CLIENT_SCRIPT,
    });
    return sendHtml(reply, 200, html);
  });

  app.get('/oss/api/shipments', async (req) => {
    const { guid } = await gateApi(req, deps, OSS);
    const rows = await db
      .selectFrom('shipments')
      .selectAll()
      .where('owner_gid', '=', guid)
      .orderBy('registered_at', 'desc')
      .orderBy('id')
      .execute();
    return { value: rows.map(toJson) };
  });

  app.get('/oss/api/shipments/:id', async (req) => {
    const { guid } = await gateApi(req, deps, OSS);
    const { id } = req.params as { id: string };
    const row = await db
      .selectFrom('shipments')
      .selectAll()
      .where('id', '=', id)
      .where('owner_gid', '=', guid)
      .executeTakeFirst();
    // another customer's shipment is treated exactly like one that does not exist
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    return { value: toJson(row) };
  });

  app.post('/oss/api/shipments', async (req, reply) => {
    const gate = await gateApi(req, deps, OSS);
    requireCsrf(req, gate.user);
    const { access, guid } = gate;
    if (!access.party.isPerson && !(access.roleId !== null && REGISTERING_ROLES.includes(access.roleId)))
      throw new ApiError(403, 'VIEWER');
    const parsed = NewShipment.safeParse(req.body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'body');
        fields[key] ??= /^[a-zA-Z]+$/.test(issue.message) && issue.message in OSS_TEXTS.en ? issue.message : 'required';
      }
      return reply.status(400).send({ error: 'BAD_INPUT', fields });
    }
    const s = parsed.data;
    const country = countryOfGid(guid, access.party.isPerson);
    let id = '';
    for (let i = 0; i < 5 && !id; i++) {
      const candidate = s10(SERVICE_PREFIX[s.service], randomInt(10_000_000, 100_000_000), country);
      const taken = await db.selectFrom('shipments').select('id').where('id', '=', candidate).executeTakeFirst();
      if (!taken) id = candidate;
    }
    if (!id) throw new ApiError(503, 'TRY_AGAIN');
    const row: ShipmentsTable = {
      id,
      owner_gid: guid,
      service: s.service,
      status: 'REGISTERED',
      weight_grams: Math.round(s.weightKg * 1000),
      recipient_name: s.recipientName,
      street: s.street,
      city: s.city,
      zip_code: s.zipCode,
      country: s.country,
      registered_at: clock.now().toISOString(),
      created_by: gate.user.fgid,
    };
    await db.insertInto('shipments').values(row).execute();
    return reply.status(201).send({ value: toJson(row) });
  });
}
