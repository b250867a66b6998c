/**
 * Spec 2 §5 rules of business customer settings and the rights modal, as zod schemas whose messages are i18n keys
 * (the portal shows `intl.formatMessage({ id: issue.message }, { field, max })`; the server answers 400 with the same
 * rules). Plus the small decisions of §4/§5: domain → languages, ZZ, role offering, main admin. Pure: zod only.
 *
 * Message keys: validation.required {field}, validation.maxLength {field, max}, validation.email, validation.phone,
 * validation.url, validation.personalCode, validation.date, validation.dateRange, validation.address.
 */
import { z } from 'zod/mini';
import type { Role, RoleTree } from './types';
import {
  addressIssue,
  addressPart,
  AddressValue,
  EMAIL_MAX,
  EmailRule,
  FIELD_MESSAGE,
  PERSONAL_CODE_MAX,
  personalCodeIssue,
  PHONE_MAX,
  PadreIdPart,
  PhoneRule,
  ZIP_MAX,
} from '../fields';
import { RepresentedAddress, SettingsSaveBody, type RoleCommand, type Validity } from './contract';

export const MSG = FIELD_MESSAGE;

// spec 2 §9 field maxima
export const MAX = {
  name: 140,
  phone: PHONE_MAX,
  email: EMAIL_MAX,
  url: 255,
  vatNr: 20,
  personName: 25,
  personalCode: PERSONAL_CODE_MAX,
} as const;
/** A webpage address: optional http(s)://, a host with a dot-separated top-level name, optional path; no spaces. */
export const URL_PATTERN =
  /^(https?:\/\/)?([\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(:\d{1,5})?([/?#]\S*)?$/iu;

const text = () => z.string().check(z.trim());
const requiredText = (max: number) =>
  text().check(z.minLength(1, { message: MSG.required }), z.maxLength(max, { message: MSG.maxLength }));

export const CustomerNameRule = requiredText(MAX.name);
export const CustomerPhoneRule = PhoneRule;
export const CustomerEmailRule = EmailRule;
/** Homepage and e-shop: optional, at most 255, 'Invalid format of webpage address'. */
export const WebAddressRule = text().check(
  z.maxLength(MAX.url, { message: MSG.maxLength }),
  z.refine((v) => v === '' || URL_PATTERN.test(v), { message: MSG.url }),
);
export const VatNrRule = requiredText(MAX.vatNr);

/**
 * Customer data form (spec 2 §5 "Represented edit"). `eeRegister` (an EE customer): an address the person has
 * started to change must be picked from the register (a padreId), otherwise it is incorrect (its full name would be
 * blanked on save). An address as loaded stays valid untouched.
 */
export function customerFormSchema(opts: { eeRegister: boolean }) {
  const address = AddressValue.check(
    z.superRefine((a, ctx) => {
      const issue = addressIssue(a, opts.eeRegister);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    }),
  );
  return z
    .object({
      name: CustomerNameRule,
      phone: CustomerPhoneRule,
      email: CustomerEmailRule,
      homepage: WebAddressRule,
      eShop: WebAddressRule,
      vatNrExists: z.boolean(),
      vatNr: z.string(),
      permissionNoCheckPersonalCode: z.boolean(),
      addressLegal: address,
      contactEnabled: z.boolean(),
      addressContact: AddressValue,
    })
    .check(
      z.superRefine((f, ctx) => {
        if (f.vatNrExists) {
          const r = VatNrRule.safeParse(f.vatNr);
          if (!r.success) ctx.addIssue({ code: 'custom', path: ['vatNr'], message: r.error.issues[0].message });
        }
        if (f.contactEnabled) {
          const r = address.safeParse(f.addressContact);
          if (!r.success)
            ctx.addIssue({ code: 'custom', path: ['addressContact'], message: r.error.issues[0].message });
        }
      }),
    );
}
export type CustomerForm = z.infer<ReturnType<typeof customerFormSchema>>;

/** An address of the POST settings body: the shared address rule (padreId a register id, parts of bounded length). */
const RepresentedAddressRule = z.extend(RepresentedAddress, {
  padreId: z.optional(PadreIdPart),
  padreFullName: addressPart(),
  street: addressPart(),
  zipCode: addressPart(ZIP_MAX),
  city: addressPart(),
});

/**
 * The POST settings body with the rules of the form on its fields (spec 2 §5 "Represented edit"): what the server
 * accepts is what the form lets through. The VAT number is sent only when its flag is set, so sent means required.
 */
export const SettingsSaveRules = z.extend(SettingsSaveBody, {
  name: CustomerNameRule,
  phone: CustomerPhoneRule,
  email: CustomerEmailRule,
  homepage: z.nullable(WebAddressRule),
  eShop: z.nullable(WebAddressRule),
  vatNr: z.optional(z.nullable(VatNrRule)),
  addressLegal: z.optional(RepresentedAddressRule),
  addressContact: z.optional(z.nullable(RepresentedAddressRule)),
});

// ---- rights modal (spec 2 §5 "Rights modal") ----
export const PersonNameRule = requiredText(MAX.personName);
export const PersonEmailRule = EmailRule;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO YYYY-MM-DD (a date input's value) → DD.MM.YYYY (the wire); null when not a real date. */
export function isoToWire(iso: string): string | null {
  const m = ISO_DATE.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return `${m[3]}.${m[2]}.${m[1]}`;
}
/** DD.MM.YYYY → YYYY-MM-DD; '' when absent or unreadable. */
export function wireToIso(wire: string | null | undefined): string {
  const m = wire ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(wire) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}
/** ISO date of a local calendar day, `offsetDays` from `today`. */
export function isoDay(today: Date, offsetDays = 0): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offsetDays);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** One application's role as the modal holds it (dates ISO, as date inputs give them). */
export const RoleFormValue = z.object({
  categoryId: z.nullable(z.string()),
  roleId: z.nullable(z.int()),
  validity: z.enum(['UNLIMITED', 'LIMITED']),
  begin: z.string(),
  end: z.string(),
});
export type RoleFormValue = z.infer<typeof RoleFormValue>;

/** Issues of one role's validity: limited needs both dates, real, with from ≤ to (spec 2 §5). Keyed by field. */
export function roleIssues(r: RoleFormValue): Partial<Record<'begin' | 'end', string>> {
  if (r.roleId === null || r.validity === 'UNLIMITED') return {};
  const out: Partial<Record<'begin' | 'end', string>> = {};
  const b = r.begin === '' ? MSG.required : isoToWire(r.begin) ? null : MSG.date;
  const e = r.end === '' ? MSG.required : isoToWire(r.end) ? null : MSG.date;
  if (b) out.begin = b;
  if (e) out.end = e;
  if (!b && !e && r.begin > r.end) out.end = MSG.dateRange;
  return out;
}

/** The identity of the rights modal (spec 2 §5): per-field message keys, empty when valid. */
export interface IdentityValue {
  country: string;
  personalCode: string;
  firstName: string;
  lastName: string;
  email: string;
}
export function identityIssues(v: IdentityValue, allowZZ: boolean): Partial<Record<keyof IdentityValue, string>> {
  const out: Partial<Record<keyof IdentityValue, string>> = {};
  const code = personalCodeIssue(v.country, v.personalCode, allowZZ);
  if (code) out.personalCode = code;
  for (const k of ['firstName', 'lastName'] as const) {
    const r = PersonNameRule.safeParse(v[k]);
    if (!r.success) out[k] = r.error.issues[0].message;
  }
  const e = PersonEmailRule.safeParse(v.email);
  if (!e.success) out.email = e.error.issues[0].message;
  return out;
}

/** The rights modal's identity as one zod schema (for the server's 400 and for tests). */
export function identitySchema(allowZZ: boolean) {
  return z
    .object({
      country: z.string(),
      personalCode: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
    })
    .check(
      z.superRefine((v, ctx) => {
        for (const [path, message] of Object.entries(identityIssues(v, allowZZ)))
          ctx.addIssue({ code: 'custom', path: [path], message });
      }),
    );
}

// ---- domains, languages, countries (spec 2 §5 "Domain to languages", §9) ----
export const RIGHTS_DOMAINS = ['EE', 'LV', 'LT'] as const;
export type RightsDomain = (typeof RIGHTS_DOMAINS)[number];
export const DOMAIN_LANGUAGES: Record<RightsDomain, readonly ('ET' | 'EN' | 'RU' | 'LV' | 'LT')[]> = {
  EE: ['ET', 'EN', 'RU'],
  LV: ['LV', 'EN', 'RU'],
  LT: ['LT', 'EN', 'RU'],
};
/** Picking a domain sets its default language (ET, LV or LT). */
export function defaultLanguage(domain: RightsDomain): 'ET' | 'LV' | 'LT' {
  return domain === 'EE' ? 'ET' : domain;
}
/** Country → domain: ZZ (and anything unknown) maps to EE. */
export function domainOfCountry(country: string | null | undefined): RightsDomain {
  return country === 'LV' || country === 'LT' ? country : 'EE';
}
/** Countries offered for a personal code: ZZ only with permissionNoCheckPersonalCode. */
export function offeredCountries(permissionNoCheckPersonalCode: boolean): readonly string[] {
  return permissionNoCheckPersonalCode ? ['EE', 'LV', 'LT', 'ZZ'] : ['EE', 'LV', 'LT'];
}
/** Default country of a new user: the represented party's country, else EE (spec 2 §9). */
export function defaultCountry(customerCountry: string | null | undefined): 'EE' | 'LV' | 'LT' {
  return domainOfCountry(customerCountry);
}
/** New user's two-letter language → the three-letter preferred language the server stores. */
export const RIGHTS_LANGUAGE3: Record<string, string> = { ET: 'EST', EN: 'ENG', RU: 'RUS', LV: 'LAV', LT: 'LIT' };

/** The edit tab exists only for a represented party whose country is EE or unknown (spec 2 §2). */
export function hasEditTab(country: string | null | undefined): boolean {
  return country == null || country === '' || country === 'EE';
}

// ---- role offering (spec 2 §4 "Role selection", §5) ----
export interface OfferedCategory {
  category: string;
  names: Record<string, string>;
  roles: Role[];
}
/**
 * Roles offered for one application: a role is offered only if its packet matches the application's packet (when
 * one exists) and its company id matches the customer's. Grouped by category in tree order.
 */
export function offeredCategories(
  tree: RoleTree | null | undefined,
  packetId: number | null,
  epCompanyId: string | null,
): OfferedCategory[] {
  const out = new Map<string, OfferedCategory>();
  const seen = new Set<number>();
  for (const p of tree?.packets ?? [])
    for (const c of p.categories)
      for (const r of c.roles) {
        if (packetId != null && r.packetId !== packetId) continue;
        if (epCompanyId != null && r.epCompanyId !== epCompanyId) continue;
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        const cat = out.get(c.category) ?? { category: c.category, names: c.names ?? {}, roles: [] };
        cat.roles.push(r);
        out.set(c.category, cat);
      }
  return [...out.values()];
}

/** Choosing a category picks its first role, or none (the empty no-rights entry is category null). */
export function pickCategory(
  categories: OfferedCategory[],
  category: string | null,
): Pick<RoleFormValue, 'categoryId' | 'roleId'> {
  if (category === null) return { categoryId: null, roleId: null };
  const c = categories.find((x) => x.category === category);
  return { categoryId: category, roleId: c?.roles[0]?.id ?? null };
}
/** The category of a role id among the offered ones (null when not offered). */
export function categoryOfRole(categories: OfferedCategory[], roleId: number | null): string | null {
  if (roleId === null) return null;
  return categories.find((c) => c.roles.some((r) => r.id === roleId))?.category ?? null;
}

/**
 * The role command sent for one application (spec 2 §4): dates to the wire; no role ends the right yesterday.
 * `today` is the local day of the save.
 */
export function roleCommandOf(r: RoleFormValue, today: Date): RoleCommand {
  if (r.roleId === null)
    return { validity: 'LIMITED', categoryId: null, roleId: null, begin: null, end: isoToWire(isoDay(today, -1)) };
  const validity: Validity = r.validity;
  return {
    validity,
    categoryId: r.categoryId,
    roleId: r.roleId,
    begin: isoToWire(r.begin) ?? isoToWire(isoDay(today)),
    end: validity === 'LIMITED' ? isoToWire(r.end) : null,
  };
}
