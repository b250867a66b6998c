/**
 * The HTTP protocol between the external applications' servers and the portal's server. Both sides parse
 * with these schemas; neither calls the other in-process. Every call carries the shared secret (APPS_SECRET) as
 * `Authorization: Bearer <secret>`.
 *
 *   application → portal   GET {portal}/api/apps/access?application=OSS&person=<fgid>&guid=<gid>
 *                          may this person use the application for the represented party `guid` (the `guid` of the
 *                          frame URL)? The portal's own rule (spec 1 §5, §6; domain/external checkRepresentee).
 *   portal → finance       GET {finance base}api/status?customerId=<gid>   → { status }
 *                          the finance special status of a customer (spec 1 §4 "Service recovery (finance)").
 *   application → console  GET {portal}/sim/api/apps   → { value: AppSwitches[] } (simulator switches; 404 in live)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const EXTERNAL_APPLICATIONS = ['OSS', 'PERIODICALS', 'FINANCE'] as const;
export type ExternalApplication = (typeof EXTERNAL_APPLICATIONS)[number];

export const AccessGranted = z.object({
  allowed: z.literal(true),
  person: z.object({ fgid: z.string(), firstName: z.string(), lastName: z.string() }),
  party: z.object({ gid: z.string(), name: z.string(), isPerson: z.boolean(), code: z.string().nullable() }),
  /** the person's role in the application for the party (null: a person's own entry, or FINANCE) */
  roleId: z.number().nullable(),
  /** its name per two-letter language, with the portal's fallbacks already applied */
  roleNames: z.record(z.string(), z.string()),
});
const AccessDenied = z.object({
  allowed: z.literal(false),
  /**
   * NO_RIGHT (the guid is none of the person's representation rights), UNKNOWN_PERSON, or the portal's message key
   * of its representee check (illegal.represented: no valid role, or the application not offered to the party)
   */
  reason: z.string(),
});
export const AccessAnswer = z.object({ value: z.discriminatedUnion('allowed', [AccessGranted, AccessDenied]) });
export type AccessGranted = z.infer<typeof AccessGranted>;
export type AccessAnswer = z.infer<typeof AccessAnswer>;

/** Finance special statuses (spec 1 §4): none is OK; PACKET_NOT_FOUND / CUSTOMER_NOT_FOUND: no finance package. */
export const FINANCE_STATUSES = ['PACKET_NOT_FOUND', 'CUSTOMER_NOT_FOUND', 'UNAVAILABLE'] as const;
export const FinanceStatusAnswer = z.object({ status: z.enum(FINANCE_STATUSES).nullable() });
export type FinanceStatusAnswer = z.infer<typeof FinanceStatusAnswer>;

/** One application's simulator switches (server/sim/console/apps.ts). */
export const AppSwitches = z.object({
  application: z.enum(EXTERNAL_APPLICATIONS),
  /** maintenance: the portal shows its maintenance message instead of the frame (application_status) */
  dead: z.boolean(),
  /** the application's page stops answering the channel's pings */
  noPing: z.boolean(),
  /** ms the application's pages take to load (0: at once) */
  slowMs: z.number().int().min(0),
  /** the application's pages load but never speak the channel (no ready, no pong): the portal's frame load error */
  neverReady: z.boolean(),
  /** FINANCE only: the special status every customer gets (null: each customer's own) */
  financeStatus: z.enum(FINANCE_STATUSES).nullable(),
});
export type AppSwitches = z.infer<typeof AppSwitches>;
export const AppSwitchesAnswer = z.object({ value: z.array(AppSwitches) });

export const bearer = (secret: string) => `Bearer ${secret}`;

const digest = (s: string) => createHash('sha256').update(s).digest();
/** The Authorization header carries the shared secret (compared in constant time). */
export const holdsSecret = (authorization: string | undefined, secret: string): boolean =>
  timingSafeEqual(digest(authorization ?? ''), digest(bearer(secret)));
