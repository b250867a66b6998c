/**
 * The search parameters the portal reads, parsed with zod in the routes' `validateSearch` (the router JSON-parses
 * each value first, so `?application=123` arrives as a number). A bad value is dropped here, in one place, and never
 * becomes an error page; unknown parameters stay in the URL untouched.
 */
import { z } from 'zod/mini';
import { RELOAD_PARAM } from '../../machines/lib/navigation/rules';

/** a non-empty text, or nothing */
const text = () => z.catch(z.optional(z.string().check(z.minLength(1))), undefined);

/** Any page (the root route's; every route inherits them). */
export const rootSearch = z.object({
  /** the application the page is for (spec 1 §4: representee visibility, the represented choice, the root redirect) */
  application: text(),
  /** spec 1 §2: reloading the current route adds a timestamp query parameter */
  [RELOAD_PARAM]: z.catch(z.optional(z.number()), undefined),
});

/** The index page (spec 1 §4 "Root redirect": no redirect to the preferred service with a modalName). */
export const indexSearch = z.object({ modalName: text() });
