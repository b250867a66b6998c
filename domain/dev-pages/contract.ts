/**
 * Contracts of the deployment admin page and the developer test pages (spec 2 §2, §3, §7). Shared by the
 * portal and the reference server. Pure: zod only.
 */
import { z } from 'zod/mini';

// ---- deployment admin (/osgi-admin) ----

/** spec 2 §5: "Deployable package check is a name match": epit-web, epit-core or ep-osgi. */
export const DEPLOYABLE_PATTERN = /(^|[^a-z])(epit-web|epit-core|ep-osgi)([^a-z]|$)/i;
export const isDeployable = (name: string): boolean => DEPLOYABLE_PATTERN.test(name);

/** spec 2 §3 "Bundle". */
export const Bundle = z.object({
  symbolicName: z.string(),
  location: z.string(),
  bundleVersion: z.string(),
  applicationBundle: z.boolean(),
});
export type Bundle = z.infer<typeof Bundle>;
export const BundlesAnswer = z.object({ value: z.array(Bundle) });

export const Deployment = z.object({
  name: z.string(),
  version: z.string(),
  /** where the package was found: the deployment folder or the database */
  source: z.enum(['folder', 'database']),
});
export type Deployment = z.infer<typeof Deployment>;
export const DeploymentsAnswer = z.object({ value: z.array(Deployment) });
export const InstallDeploymentBody = z.object({ deployment: z.string().check(z.minLength(1), z.maxLength(200)) });

// ---- /test/show ----

export const SlaResult = z.object({
  name: z.string(),
  status: z.enum(['OK', 'FAIL']),
  message: z.nullable(z.string()),
});
export type SlaResult = z.infer<typeof SlaResult>;
export const SlaAnswer = z.object({ results: z.array(SlaResult) });

export const ValueAnswer = z.object({ value: z.unknown() });
/** POST test/execLdap: the directory entry written for the caller (savedAt: ISO time) */
export const LdapAnswer = z.object({ value: z.object({ fgid: z.string(), savedAt: z.string() }) });
/** GET test/enterprise/vat/{code}, GET test/enterprise/rating/{code}: the value, null when there is none */
export const TextValueAnswer = z.object({ value: z.nullable(z.string()) });
/** POST test/is-board-member */
export const BoardMemberAnswer = z.object({ value: z.boolean() });
export const EnterpriseFindAnswer = z.object({ value: z.array(z.object({ name: z.string(), code: z.string() })) });
export const EnterpriseFindBody = z.object({ value: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });
export const BoardMemberBody = z.object({
  companyCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(30)),
  personCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(30)),
});

export const DigidocDigestBody = z.object({
  certHex: z.string().check(z.regex(/^[0-9a-fA-F]{200,20000}$/, 'must be the certificate in hex')),
});
export const DigidocDigestAnswer = z.object({ digest: z.string(), hashFunction: z.literal('SHA-256') });
export const DigidocFinalizeBody = z.object({ value: z.string().check(z.minLength(1), z.maxLength(2000)) });
export const DigidocFinalizeAnswer = z.object({ ok: z.boolean(), filename: z.nullable(z.string()) });

/** spec 2 §3 "Test page role" and "User role". */
export const TestRole = z.object({ id: z.number(), application: z.string(), names: z.record(z.string(), z.string()) });
export const TestUserRole = z.object({
  name: z.string(),
  customerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userId: z.string(),
  roleId: z.nullable(z.number()),
});
export const TestRolesAnswer = z.object({ value: z.array(TestRole) });
export const TestUserRolesAnswer = z.object({ value: z.array(TestUserRole) });

// ---- /test/ax (accounting-system person, FISIK) ----

export const FisikAddress = z.object({
  name: z.nullable(z.string()),
  type: z.nullable(z.string()),
  country: z.nullable(z.string()),
  county: z.nullable(z.string()),
  city: z.nullable(z.string()),
  street: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  padreId: z.nullable(z.string()),
  padreFullName: z.nullable(z.string()),
});
/** spec 2 §3 "Person in the accounting-system test (FISIK)". */
export const FisikPerson = z.object({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  firstName: z.string().check(z.maxLength(100)),
  lastName: z.string().check(z.maxLength(100)),
  personalCode: z.string().check(z.maxLength(30)),
  email: z.nullable(z.string().check(z.maxLength(200))),
  phone: z.nullable(z.string().check(z.maxLength(30))),
  mobile: z.nullable(z.string().check(z.maxLength(30))),
  preferredLanguage: z.nullable(z.string().check(z.maxLength(3))),
  trustfulAuthentication: z.boolean(),
  notActive: z.boolean(),
  address: z.nullable(FisikAddress),
});
export type FisikPerson = z.infer<typeof FisikPerson>;
/** POST ax/fisik/create and ax/fisik/modify (spec 2 §7: the person and sendNewPassword=false). */
export const FisikWriteBody = z.object({ person: FisikPerson, sendNewPassword: z.literal(false) });
export const FisikAnswer = z.object({ value: FisikPerson });
