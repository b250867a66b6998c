/** External applications in frames (spec 1 §2 "External application pages", §4): what the portal may use. */
export { ExternalApplicationPage } from './ExternalApplicationPage';
export { FinanceUnavailablePage } from './FinanceUnavailablePage';
export { resolveServiceRoute } from './resolve';
export { wireExternal, type External } from './wire';
