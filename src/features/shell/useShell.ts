import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LANGUAGE3, LANGUAGES, type Language } from '../../../domain/contract';
import { usePortal } from '../../app/PortalContext';
import { loginUrl } from '../../../domain/navigation/rules';
import { currentTarget } from '../../app/browser';

/** What the header (desktop and mobile) shows; one place so both stay alike. */
export function useShell() {
  const portal = usePortal();
  const { session, config } = portal;
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const language = useSelector(session, (s) => s.context.language);
  const domain = useSelector(session, (s) => s.context.domain);
  const representative = useSelector(session, (s) => s.context.userContext?.epitPrincipal?.representative ?? null);
  const homeBase = useSelector(session, (s) => s.context.userContext?.homeUrls?.[s.context.domain] ?? null);
  const uiLanguages = useSelector(
    session,
    (s) => s.context.userContext?.uiLanguages ?? s.context.simpleContext?.uiLanguages ?? null,
  );
  const loggingOut = useSelector(session, (s) => s.matches('loggingOut'));
  // re-render on navigation so the login link carries the page being shown as its target
  const locationHref = useRouterState({ select: (s) => s.location.href });

  // the languages the server offers, in the spec's order; all five when nothing is loaded yet
  const offered = uiLanguages?.map((l) => l.twoLetterCode.toLowerCase()) ?? [];
  const languages: Language[] = LANGUAGES.filter((l) => offered.length === 0 || offered.includes(l));
  // spec 1 §2: per-domain home URL + '/' + the language code (default est)
  const homeUrl = homeBase ? `${homeBase.replace(/\/+$/, '')}/${LANGUAGE3[language].toLowerCase()}` : config.baseUrl;
  const fullName = representative ? `${representative.firstName} ${representative.lastName}` : null;

  return {
    signedIn,
    language,
    domain,
    languages,
    homeUrl,
    fullName,
    loggingOut,
    loginHref: loginUrl(config.securityUrl, locationHref ? currentTarget() : config.baseUrl),
    setLanguage: (l: Language) => session.send({ type: 'session.languageChange', language: l }),
    logout: () => session.send({ type: 'session.logout' }),
  };
}
