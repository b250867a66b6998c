/**
 * The search parameters the portal reads, parsed with zod in the routes' `validateSearch` (the router JSON-parses
 * each value first, so `?application=123` arrives as a number). Each value is first normalised as spec 1 §5 says
 * (number, boolean or null; `''` and `'undefined'` are null, `normaliseParam`), then checked for its type. A bad
 * value is dropped here, in one place, and never becomes an error page; unknown parameters stay in the URL untouched.
 */
import { z } from 'zod/mini';
import { normaliseParam } from '../../domain/session/rules';

/** a parameter normalised (spec 1 §5) and then of the given type; null when empty, absent when of another type */
const param = <T extends z.core.$ZodType>(type: T) =>
  z.catch(
    z.optional(
      z.pipe(
        z.transform((value): unknown => normaliseParam(value)),
        z.nullable(type),
      ),
    ),
    undefined,
  );

/** Any page (the root route's; every route inherits them). */
export const rootSearch = z.object({
  /** the application the page is for (spec 1 §4: representee visibility, the represented choice, the root redirect) */
  application: param(z.string()),
  /**
   * spec 1 §2 "Main menu": the business tree while no party is selected. The flag is a boolean or a number once
   * normalised (spec 1 §5), and a number counts as the flag its truth gives (`business=1` on, `business=0` off).
   */
  business: param(
    z.pipe(
      z.union([z.boolean(), z.number()]),
      z.transform((v) => (typeof v === 'number' ? v !== 0 : v)),
    ),
  ),
});

/** The index page (spec 1 §4 "Root redirect": no redirect to the preferred service with a modalName). */
export const indexSearch = z.object({ modalName: param(z.string()) });
