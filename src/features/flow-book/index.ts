/**
 * The flow book's live view, development only (main.tsx loads it behind import.meta.env.DEV, so the production
 * bundle contains none of it): the portal publishes its machines' states (createFlowBroadcast), and /ui/dev/flows
 * shows the flow book attached to them (showFlowBook).
 */
export { createFlowBroadcast } from './broadcast';

/** Replaces the page with the live flow book (the book itself loads only here, not in the portal's tabs). */
export async function showFlowBook(): Promise<void> {
  (await import('./live')).showFlowBook();
}
