/**
 * How an application answers with a page: HTML that is never cached, the message pages (signed out, access denied,
 * maintenance, ...), the language a page is shown in and the settings of its channel script.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppSwitches } from '../lib/apps-protocol.js';
import { portalOrigin } from '../lib/origins.js';
import type { AppsDeps, SignOnDefinition } from './definitions.js';
import { messagePage, type PageOptions } from './layout.js';
import { COMMON_TEXTS, pickLang, type AppLang } from './texts.js';

/** the portal's language cookie (cookies are per host, not per port, so the applications' origin receives it) */
export const LANGUAGE_COOKIE = 'EPIT-LANGUAGE';

/** The page's language: the frame URL's `lang` (spec 1 §7), else the portal's language cookie (texts.ts). */
export const langOf = (req: FastifyRequest): AppLang =>
  pickLang((req.query as Record<string, unknown> | undefined)?.lang, req.cookies[LANGUAGE_COOKIE]);

/**
 * The channel script's settings (channel.ts). With the page's switches, the console's "never ready" makes the page's
 * channel silent: it loads, but never reports ready nor answers a ping (the portal's frame load error).
 */
export function channelConfig(
  req: FastifyRequest,
  deps: AppsDeps,
  def: SignOnDefinition,
  switches?: Pick<AppSwitches, 'neverReady'>,
) {
  return {
    portalOrigin: portalOrigin(deps.env, req),
    pingUrl: `${def.prefix}api/ping`,
    ...(switches?.neverReady ? { silent: true } : {}),
  };
}

export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

type MessageKind =
  'signedOut' | 'denied' | 'maintenance' | 'noParty' | 'signOnFailed' | 'notBegun' | 'unavailable' | 'notFound';
const MESSAGE: Record<
  MessageKind,
  { status: number; heading: keyof typeof COMMON_TEXTS.en; text: keyof typeof COMMON_TEXTS.en; bad: boolean }
> = {
  signedOut: { status: 200, heading: 'signedOutTitle', text: 'signedOut', bad: false },
  denied: { status: 403, heading: 'deniedTitle', text: 'denied', bad: true },
  maintenance: { status: 503, heading: 'maintenanceTitle', text: 'maintenance', bad: true },
  noParty: { status: 200, heading: 'noPartyTitle', text: 'noParty', bad: false },
  signOnFailed: { status: 401, heading: 'signOnFailedTitle', text: 'signOnFailed', bad: true },
  notBegun: { status: 403, heading: 'signOnFailedTitle', text: 'notBegun', bad: true },
  unavailable: { status: 502, heading: 'unavailableTitle', text: 'unavailable', bad: true },
  notFound: { status: 404, heading: 'notFoundTitle', text: 'notFound', bad: true },
};

/** A message page in the application's frame, with the status its kind calls for. */
export function sendMessage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
  kind: MessageKind,
  extra: { lang?: AppLang; who?: PageOptions['who']; link?: { href: string; label: string; top?: boolean } } = {},
) {
  const lang = extra.lang ?? langOf(req);
  const t = COMMON_TEXTS[lang];
  const m = MESSAGE[kind];
  const link =
    extra.link ??
    (kind === 'signedOut' ? { href: `${portalOrigin(deps.env, req)}/ui/`, label: t.openPortal, top: true } : undefined);
  return sendHtml(
    reply,
    m.status,
    messagePage({
      lang,
      application: def.application,
      heading: t[m.heading],
      text: t[m.text],
      testid: `app-${kind}`,
      bad: m.bad,
      link,
      who: extra.who,
      config: channelConfig(req, deps, def),
    }),
  );
}

/** A JSON failure of an application's own API (its pages read `error`). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
  ) {
    super(error);
  }
}
