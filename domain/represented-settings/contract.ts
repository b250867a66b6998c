/**
 * Wire shapes of business customer settings and rights management (spec 2 §3, §7), shared by the portal and the
 * reference server. Pure: zod only. Dates on the wire are DD.MM.YYYY, like UserRole in domain/contract.ts.
 *
 * | call | body | answer |
 * |---|---|---|
 * | POST settings/get | SettingsGetBody `{ value: customerId }` | RepresentedCustomer |
 * | POST settings | SettingsSaveBody | RepresentedCustomer (as saved) |
 * | GET settings/userProfileCode/{customerId} | – | UserProfileCodeAnswer |
 * | GET enterprise/users/administrators/{customerId} | – | AdminsAnswer (array) |
 * | GET enterprise/users/clientapp/{app}/{customerId} | – | EnterpriseUsersAnswer |
 * | POST user/role/add, POST user/role/edit | SaveCommand | SaveAnswer `{ value: failed applications }` |
 * | GET user/{gid} | – | UserLookup; 404 NOT_FOUND when the system does not know the person |
 * | GET enterprise/users/position/{customerId}/{userId} | – | BoardPositionAnswer |
 * | GET roles-and-packets/clientapp/{app} | – | RoleTree (= RolesAndPackets of the shared contract) |
 *
 * customerId is the customer's jgid (e.g. EPEE11000015), userId a global person id (EE48709050218).
 */
import { z } from 'zod/mini';
import { RolesAndPackets } from '../contract';

/**
 * Applications whose roles are managed per user (spec 2 §2 rights modal, §6: OSS and PERIODICALS are role-loaded),
 * and invoicing management: spec 2 §8 "Subscribe first to billing services and then set the permissions" gives it
 * permissions of its own, granted only for a customer with the finance package; a main administrator holds it by
 * their role (domain/rights `holdsFinance`).
 */
export const RIGHTS_APPLICATIONS = ['OSS', 'PERIODICALS', 'FINANCE'] as const;
/**
 * Invoicing management: a customer without the finance package shows the note of spec 2 §8 "Finance package absent"
 * in its section and column instead of roles.
 */
export const FINANCE_APPLICATION = 'FINANCE';
/** The application whose active role marks a main administrator (spec 2 §5 "Main admin"). */
export const MAIN_ADMIN_APPLICATION = 'AXAPTA';
/** EnterpriseUsersAnswer.result: the customer has no package for that application (spec 2 §2 placeholders). */
export const RESULT_NO_PACKAGE = 'PACKET_NOT_FOUND';

const DATE_DOTS = /^\d{2}\.\d{2}\.\d{4}$/;
/** DD.MM.YYYY that is a real calendar date. */
export const WireDate = z.string().check(
  z.refine((s) => {
    if (!DATE_DOTS.test(s)) return false;
    const [d, m, y] = s.split('.').map(Number);
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, 'validation.date'),
);

// ---- represented customer (spec 2 §3) ----
/** Address parts of a customer (spec 2 §3: padreFullName, street, zipCode, city), padreId when from the register. */
export const RepresentedAddress = z.object({
  padreId: z.optional(z.nullable(z.string())),
  padreFullName: z.nullable(z.string()),
  street: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  city: z.nullable(z.string()),
  country: z.optional(z.nullable(z.string())),
});
export type RepresentedAddress = z.infer<typeof RepresentedAddress>;

export const RepresentedCustomer = z.object({
  /** the customer id used in the URLs and every call (jgid) */
  id: z.string(),
  gid: z.string(),
  name: z.string(),
  regCode: z.nullable(z.string()),
  /** EE, LV, LT or null (unknown); the edit tab exists only for EE or unknown (spec 2 §2) */
  country: z.nullable(z.string()),
  permissionNoCheckPersonalCode: z.boolean(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  homepage: z.nullable(z.string()),
  eShop: z.nullable(z.string()),
  vatNrExists: z.boolean(),
  vatNr: z.nullable(z.string()),
  addressLegal: z.nullable(RepresentedAddress),
  addressContact: z.nullable(RepresentedAddress),
  /** the contact address is managed by the customer manager: the checkbox and the field are disabled (spec 2 §2) */
  addressContactManaged: z.optional(z.boolean()),
  creditLimit: z.nullable(z.number()),
  custmanagerName: z.nullable(z.string()),
  custmanagerPhone: z.nullable(z.string()),
  custmanagerEmail: z.nullable(z.string()),
  epCompanyId: z.nullable(z.string()),
  isPerson: z.boolean(),
  /** the customer has the finance package (invoicing management); absent: unknown (spec 2 §8 "Finance package") */
  financePackage: z.optional(z.boolean()),
});
export type RepresentedCustomer = z.infer<typeof RepresentedCustomer>;

export const SettingsGetBody = z.object({ value: z.string().check(z.minLength(1)) });
export type SettingsGetBody = z.infer<typeof SettingsGetBody>;

/**
 * POST settings (spec 2 §7). Absent addressLegal / addressContact: unchanged; addressContact null: removed.
 * vatNr is sent only when the VAT flag is set (spec 2 §5); absent or null: the customer has no VAT number.
 * permissionNoCheckPersonalCode changes only for a caller with EDIT_ANY_CUSTOMER (the server ignores it otherwise).
 */
export const SettingsSaveBody = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  permissionNoCheckPersonalCode: z.boolean(),
  email: z.string(),
  phone: z.string(),
  homepage: z.nullable(z.string()),
  eShop: z.nullable(z.string()),
  addressLegal: z.optional(RepresentedAddress),
  addressContact: z.optional(z.nullable(RepresentedAddress)),
  vatNr: z.optional(z.nullable(z.string())),
});
export type SettingsSaveBody = z.infer<typeof SettingsSaveBody>;

export const UserProfileCodeAnswer = z.object({ userProfileCode: z.string() });
export type UserProfileCodeAnswer = z.infer<typeof UserProfileCodeAnswer>;

// ---- rights list (spec 2 §3 "Rights list", "Enterprise user") ----
export const Admin = z.object({
  userId: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.optional(z.nullable(z.string())),
});
export type Admin = z.infer<typeof Admin>;
export const AdminsAnswer = z.array(Admin);
export type AdminsAnswer = z.infer<typeof AdminsAnswer>;

/** One user's role in one application (one row of enterprise/users/clientapp/{app}). */
export const EnterpriseUserRole = z.object({
  userId: z.string(),
  email: z.nullable(z.string()),
  roleId: z.nullable(z.int()),
  application: z.string(),
  begin: z.nullable(z.string()),
  end: z.nullable(z.string()),
  notActive: z.boolean(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  /** the legacy service's per-item packet; the reference server sends it once, in EnterpriseUsersAnswer.packetId */
  packetId: z.optional(z.nullable(z.int())),
  /**
   * the entity-tag of the person's rights in this customer (all applications), to send as If-Match with their save
   * (RFC 9110 §13.1.1); absent from a backend that keeps no versions
   */
  version: z.optional(z.string()),
});
export type EnterpriseUserRole = z.infer<typeof EnterpriseUserRole>;

export const EnterpriseUsersAnswer = z.object({
  list: z.array(EnterpriseUserRole),
  /** the customer's packet of this application (or the first item's packetId); null: none */
  packetId: z.nullable(z.int()),
  /** special status: null, or RESULT_NO_PACKAGE when the customer has no package for the application */
  result: z.nullable(z.string()),
});
export type EnterpriseUsersAnswer = z.infer<typeof EnterpriseUsersAnswer>;

// ---- save (spec 2 §3 "Role command", "Save command") ----
export const VALIDITIES = ['UNLIMITED', 'LIMITED'] as const;
export const Validity = z.enum(VALIDITIES);
export type Validity = z.infer<typeof Validity>;

/**
 * One application's role. roleId null: no role: the server ends the person's right in that application with `end`
 * (the portal sends yesterday, spec 2 §4 "Saving with no role ... sets the end date to yesterday").
 * UNLIMITED: begin (today when null) and no end; LIMITED: begin ≤ end, both required.
 */
export const RoleCommand = z.object({
  validity: Validity,
  categoryId: z.nullable(z.string()),
  roleId: z.nullable(z.int()),
  begin: z.nullable(WireDate),
  end: z.nullable(WireDate),
});
export type RoleCommand = z.infer<typeof RoleCommand>;

export const SAVE_COUNTRIES = ['EE', 'LV', 'LT', 'ZZ'] as const;
/** Language of a new user, as the domain offers it (spec 2 §5 "Domain to languages"). */
export const RIGHTS_LANGUAGES = ['ET', 'EN', 'RU', 'LV', 'LT'] as const;

export const SaveCommand = z.object({
  /** global person id (country + code); for a new user the same as country + userCode */
  userId: z.string().check(z.minLength(1)),
  /** the personal code as entered */
  userCode: z.string().check(z.minLength(1)),
  country: z.enum(SAVE_COUNTRIES),
  domain: z.enum(['EE', 'LV', 'LT']),
  /** new users only */
  language: z.optional(z.enum(RIGHTS_LANGUAGES)),
  firstName: z.string(),
  lastName: z.string(),
  customerId: z.string().check(z.minLength(1)),
  admin: z.boolean(),
  email: z.string(),
  /** by application; an application left out is not changed (e.g. one whose save failed before) */
  roles: z.record(z.string(), RoleCommand),
});
export type SaveCommand = z.infer<typeof SaveCommand>;

/** The applications whose save failed (each application is its own transaction). Empty: all saved. */
export const SaveAnswer = z.object({ value: z.array(z.string()) });
export type SaveAnswer = z.infer<typeof SaveAnswer>;

// ---- user lookup (spec 2 §7 GET user/{gid}) ----
export const UserLookup = z.object({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  userId: z.string(),
});
export type UserLookup = z.infer<typeof UserLookup>;

// ---- job title (spec 2 §2 rights modal "labels for job title") ----
/** Positions on a company's board as the business register names them; the view translates each. */
export const BOARD_POSITIONS = ['BOARD_CHAIR', 'BOARD_MEMBER'] as const;
export type BoardPosition = (typeof BOARD_POSITIONS)[number];
/** The person's position in the customer's company in the register; null: they hold none there. */
export const BoardPositionAnswer = z.object({ value: z.nullable(z.string()) });
export type BoardPositionAnswer = z.infer<typeof BoardPositionAnswer>;
/** A register position as one the portal names (an unknown title of a board member reads as board member). */
export function boardPositionOf(code: string | null | undefined): BoardPosition | null {
  if (!code) return null;
  return (BOARD_POSITIONS as readonly string[]).includes(code) ? (code as BoardPosition) : 'BOARD_MEMBER';
}

// ---- role tree (spec 2 §3 "Role tree per application") ----
export const RoleTree = RolesAndPackets;
export type RoleTree = z.infer<typeof RoleTree>;
