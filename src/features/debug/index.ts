/** Development-only debug aids (spec 1 §8): import only behind import.meta.env.DEV (main.tsx does). */
export { DebugAids } from './DebugAids';
