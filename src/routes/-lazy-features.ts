/**
 * Features a route reaches outside its component (a beforeLoad), imported when the route is entered, so they stay
 * out of the first screen's chunks.
 */
export const externalFeature = () => import('../features/external');
