/**
 * Whether the represented party can use the application (spec 1 §4 "External application flow", §5 "A represented
 * party is usable in an application only if ...", §6 NO_REPRESENTEE), and the external page header (spec 1 §2
 * "External application pages"), and the parties its representee panel offers.
 */
import type { EpitPrincipal, RepresentationRight, RolesAndPackets, UserContext } from '../contract';
import { visibleRepresentees } from '../rights/representees';
import {
  codeOfRight,
  currentRight,
  hasPrivilege,
  holdsFinance,
  isUsableInApplication,
  serviceForApplication,
} from '../rights';
import { frameIdentity, type FrameIdentity } from './frame-url';
import { isOneOf } from './one-of';
import { companyOfParty, isApplicationSupported, SUPPORTED_APPLICATIONS } from './roles';

/** Message keys of the external pages (spec 1 §8). */
export const EXTERNAL_MESSAGE = {
  /** 'Choose representee to use the functionality' */
  selectRepresented: 'select.represented',
  /** 'Chosen representee does not have the rights to use this functionality...' */
  illegalRepresented: 'illegal.represented',
  /** 'Application is loading' */
  loading: 'external.loading',
  /** the maintenance message while the application is dead */
  maintenanceTitle: 'error.maintenance.title',
  maintenance: 'error.maintenance.description',
  /** spec 1 §8 "Representation failure": the application's roles did not load ({services}: error.service.{app}) */
  roleLoadFailure: 'error.representation-failure',
  /** an OSS frame load error shows the server error */
  frameLoadError: 'error.server',
  /** PACKET_NOT_FOUND / CUSTOMER_NOT_FOUND: the customer has no finance package */
  noFinancePackage: 'finance.noPackage',
  /** 'No rights to access component' */
  noRights: 'error.noRights',
} as const;

export const FINANCE = 'FINANCE';

export type RepresenteeCheck =
  | ({ valid: true } & FrameIdentity)
  | {
      valid: false;
      messageKey: typeof EXTERNAL_MESSAGE.selectRepresented | typeof EXTERNAL_MESSAGE.illegalRepresented;
    };

export interface RepresenteeCheckInput {
  ctx: Pick<UserContext, 'epitPrincipal' | 'privileges'> | null | undefined;
  application: string;
  /** for role validity; only its local calendar day counts */
  today: Date;
  /** the represented party's profile code (spec 2 §3 userProfileCode, default OLD) */
  profileCode: string | null | undefined;
  /** the application's roles-and-packets answer (null: not loaded or failed) */
  rolesAndPackets: RolesAndPackets | null | undefined;
}

/**
 * The representee check of the external application flow:
 * - NO_REPRESENTEE: only the order system (LOGISTICS), with or without a represented party (spec 1 §5, §6);
 * - nobody represented: select.represented;
 * - FINANCE: a represented business whose right holds invoicing management today (a FINANCE role, or main
 *   administrator by their role; its finance package is checked by the finance status afterwards);
 * - otherwise a valid role for the application (neither inactive, ended nor not yet begun) and, for OSS and
 *   PERIODICALS, the application supported for the party (profile code, role map, company);
 * - anything else: illegal.represented.
 */
export function checkRepresentee(input: RepresenteeCheckInput): RepresenteeCheck {
  const { ctx, today } = input;
  const application = input.application.toUpperCase();
  const represented = ctx?.epitPrincipal?.represented ?? null;
  const illegal = { valid: false, messageKey: EXTERNAL_MESSAGE.illegalRepresented } as const;
  const identity = frameIdentity(ctx);
  if (hasPrivilege(ctx, 'NO_REPRESENTEE')) {
    return application === 'OSS' && identity ? { valid: true, ...identity } : illegal;
  }
  if (!represented || !identity) return { valid: false, messageKey: EXTERNAL_MESSAGE.selectRepresented };
  // invoices open for the finance right itself: a right in shipment registration or periodicals is none (spec 2 §8)
  if (application === FINANCE)
    return represented.isPerson || !holdsFinance(currentRight(ctx?.epitPrincipal), today)
      ? illegal
      : { valid: true, ...identity };
  if (!isUsableInApplication(ctx, application, today)) return illegal;
  if (isOneOf(SUPPORTED_APPLICATIONS, application)) {
    const supported = isApplicationSupported(application, {
      profileCode: input.profileCode,
      company: companyOfParty(represented),
      rolesAndPackets: input.rolesAndPackets,
    });
    if (!supported) return illegal;
  }
  return { valid: true, ...identity };
}

export interface ExternalHeader {
  /** 'app.name.LOGISTICS' (shipment registration), 'app.name.PERIODICS', 'app.name.FINANCE' */
  titleKey: string;
  /** the represented party (null: nobody) */
  representedName: string | null;
  /** its personal code (a person) or registry code (a business) */
  code: string | null;
  codeKind: 'personalCode' | 'regCode' | null;
}

/** Spec 1 §2: the service title, the represented name with its personal or registry code. */
export function externalHeader(
  ctx: Pick<UserContext, 'epitPrincipal'> | null | undefined,
  application: string,
): ExternalHeader {
  const titleKey = `app.name.${serviceForApplication(application)}`;
  const represented = ctx?.epitPrincipal?.represented;
  if (!represented) return { titleKey, representedName: null, code: null, codeKind: null };
  const code = (!represented.isPerson && represented.details?.regCode) || codeOfRight(represented);
  return {
    titleKey,
    representedName: represented.name,
    code,
    codeKind: represented.isPerson ? 'personalCode' : 'regCode',
  };
}

/**
 * Spec 1 §4 "External application flow": the parties the representee panel offers for an application, the current
 * one left out, by name in the person's language. An application without roles in the rights (invoicing management)
 * offers every party the person may act for: the flow decides when one is picked.
 */
export function panelRepresentees(
  principal: EpitPrincipal | null | undefined,
  application: string,
  { today, locale }: { today: Date; locale: string },
): RepresentationRight[] {
  const current = principal?.represented?.gid ?? null;
  const others = (options: { application: string } | { all: true }) =>
    visibleRepresentees(principal, options, today).filter((r) => r.gid !== current);
  const forApplication = others({ application });
  const candidates = forApplication.length ? forApplication : others({ all: true });
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return candidates.sort((a, b) => collator.compare(a.name ?? '', b.name ?? ''));
}
