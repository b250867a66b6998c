/**
 * The person's language and country (spec 1 §1, §9 cookies), a child the session invokes for its whole life.
 *
 * - Language: route parameter → EPIT-LANGUAGE cookie → eng. Domain: route parameter → EPIT-DOMAIN → EE.
 * - A valid domain a route names is kept in the permanent EPIT-DOMAIN cookie, which nothing else writes. A route's
 *   language is not kept: it applies to that route, and the language a person chose with the switcher stays theirs.
 * - `session.languageChange` writes EPIT-LANGUAGE (action persistLanguage).
 *
 * The session forwards it the route changes and the language choices and keeps what it reports: `locale.resolved`
 * after each route, `locale.chosen` when the person picked a language (the session announces it, and saves it for
 * the account when signed in). Cookie writes are provided by src/app/ through the session; the defaults throw.
 */
import { assign, setup } from 'xstate';
import { notProvidedAction } from '../domain/not-provided';
import { DOMAINS, type Domain, type Language } from '../domain/contract';
import { reporter } from '../domain/report';
import { resolveDomain, resolveLanguage, toLanguage } from '../domain/session/rules';

export interface LocaleInput {
  /** cookie values read by the app at start: EPIT-LANGUAGE, EPIT-DOMAIN (absent or null: no cookie) */
  cookies: { language?: string | null; domain?: string | null };
}

export interface LocaleContext {
  language: Language;
  domain: Domain;
  /** the cookies as they are now (read at start, then as this machine wrote them) */
  cookies: { language: string | null; domain: string | null };
  routeId: string | null;
  params: Record<string, string>;
}

/** What the session forwards (the events it receives, unchanged). */
export type LocaleEvent =
  | { type: 'session.routeChanged'; routeId: string; params?: Record<string, string | undefined> }
  | { type: 'session.languageChange'; language: Language };

/** What the locale reports to the session. */
export type LocaleEmitted =
  { type: 'locale.resolved'; language: Language; domain: Domain } | { type: 'locale.chosen'; language: Language };

/** The language and domain before any route: the cookies, else eng and EE. */
export function initialLocale(cookies: LocaleInput['cookies']): Pick<LocaleContext, 'language' | 'domain'> {
  return { language: resolveLanguage(null, cookies.language), domain: resolveDomain(null, cookies.domain) };
}

function cleanParams(params: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The domain a route parameter names, when it is EE, LV or LT (what EPIT-DOMAIN keeps, spec 1 §9). */
function routeDomain(params: Record<string, string | undefined> | undefined): Domain | null {
  const domain = (cleanParams(params).domain ?? '').trim().toUpperCase();
  return DOMAINS.find((d) => d === domain) ?? null;
}

type Ev<T extends LocaleEvent['type']> = { event: Extract<LocaleEvent, { type: T }> };
const languageOf = ({ event }: Ev<'session.languageChange'>) => ({ language: event.language });

const tell = reporter<LocaleContext, LocaleEvent, LocaleEmitted>();

export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as LocaleInput,
    emitted: {} as LocaleEmitted,
  },
  actions: {
    /** write EPIT-LANGUAGE (100 years) */
    persistLanguage: notProvidedAction<{ language: Language }>('persistLanguage'),
    /** write the permanent EPIT-DOMAIN cookie when a domain is given */
    persistDomain: notProvidedAction<{ domain: Domain | null }>('persistDomain'),
    applyRoute: assign(({ context }, p: { routeId: string; params?: Record<string, string | undefined> }) => {
      const { routeId, params: raw } = p;
      const params = cleanParams(raw);
      const domain = routeDomain(params);
      return {
        routeId,
        params,
        language: resolveLanguage(params.language, context.cookies.language),
        domain: resolveDomain(params.domain, context.cookies.domain),
        // what persistDomain writes, so a later route without a domain parameter resolves to it
        cookies: { ...context.cookies, domain: domain ?? context.cookies.domain },
      };
    }),
    /** the language, and the cookie value just written, so a later route without a language parameter keeps it */
    chooseLanguage: assign(({ context }, { language }: { language: Language }) => ({
      language,
      cookies: { ...context.cookies, language: toLanguage(language) },
    })),
    reportResolved: tell(({ context }) => ({
      type: 'locale.resolved',
      language: context.language,
      domain: context.domain,
    })),
    reportChosen: tell(({ context }) => ({ type: 'locale.chosen', language: context.language })),
  },
}).createMachine({
  id: 'locale',
  description:
    "The person's language and country: taken from the page's address, else from the cookies, else English and Estonia; a language the person picks is remembered.",
  context: ({ input }) => {
    const cookies = { language: input.cookies.language ?? null, domain: input.cookies.domain ?? null };
    return { ...initialLocale(cookies), cookies, routeId: null, params: {} };
  },
  initial: 'following',
  states: {
    following: {
      description: 'The portal shows the language and country the address, the cookies or the person chose.',
      on: {
        'session.routeChanged': {
          actions: [
            {
              type: 'applyRoute',
              params: ({ event }: Ev<'session.routeChanged'>) => ({ routeId: event.routeId, params: event.params }),
            },
            {
              type: 'persistDomain',
              params: ({ event }: Ev<'session.routeChanged'>) => ({ domain: routeDomain(event.params) }),
            },
            'reportResolved',
          ],
          description: 'Opens a page: its language and country are taken over, and a country it names is kept',
        },
        'session.languageChange': {
          actions: [
            { type: 'chooseLanguage', params: languageOf },
            { type: 'persistLanguage', params: languageOf },
            'reportChosen',
          ],
          description: 'Picks another language: the portal switches to it and remembers it',
        },
      },
    },
  },
});
