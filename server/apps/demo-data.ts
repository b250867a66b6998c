/**
 * The demo applications' own demo data: server/db/seed/apps-demo.json (beside the portal's portal-demo.json, keyed by
 * the same represented gids). Checked when read, so a broken file fails at start, not mid-request.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const Offset = z.string().regex(/^[+-]?\d+d$/, 'must be a day offset such as -5d');
export const SHIPMENT_SERVICES = ['PARCEL', 'REGISTERED_LETTER', 'COURIER'] as const;
const SHIPMENT_STATUSES = ['REGISTERED', 'IN_TRANSIT', 'DELIVERED', 'RETURNED'] as const;

const DemoShipment = z.object({
  id: z.string().regex(/^[A-Z]{2}\d{9}[A-Z]{2}$/),
  service: z.enum(SHIPMENT_SERVICES),
  status: z.enum(SHIPMENT_STATUSES),
  registered: Offset,
  weightGrams: z.number().int().positive(),
  recipient: z.object({
    name: z.string(),
    street: z.string(),
    city: z.string(),
    zipCode: z.string(),
    country: z.string().length(2),
  }),
});

const AppsDemo = z.object({
  about: z.string(),
  shipments: z.record(z.string(), z.array(DemoShipment)),
  subscriptions: z.record(
    z.string(),
    z.array(
      z.object({
        title: z.string(),
        code: z.string(),
        copies: z.number().int().positive(),
        from: Offset,
        to: Offset,
        deliveryAddress: z.string(),
      }),
    ),
  ),
  finance: z.record(
    z.string(),
    z.object({
      package: z.boolean(),
      invoices: z.array(
        z.object({ number: z.string(), issued: Offset, due: Offset, amount: z.number(), paid: z.boolean() }),
      ),
    }),
  ),
});
export type AppsDemo = z.infer<typeof AppsDemo>;

const APPS_DEMO_PATH = fileURLToPath(new URL('../db/seed/apps-demo.json', import.meta.url));

let cached: AppsDemo | null = null;
export function loadAppsDemo(): AppsDemo {
  cached ??= AppsDemo.parse(JSON.parse(readFileSync(APPS_DEMO_PATH, 'utf8')));
  return cached;
}

/** '-5d' from `base` → a Date */
export function dayOffset(offset: string, base: Date): Date {
  return new Date(base.getTime() + Number(offset.slice(0, -1)) * 86_400_000);
}
