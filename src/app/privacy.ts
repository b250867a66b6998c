/**
 * The privacy signals the root machine decides page-view analytics with (spec 1 §9; domain/analytics.ts).
 */
import type { PrivacySignals } from '../../domain/analytics';

/** Do Not Track (navigator.doNotTrack, or window.doNotTrack in older browsers) and Global Privacy Control. */
export function privacySignals(): PrivacySignals {
  if (typeof window === 'undefined') return { doNotTrack: false, globalPrivacyControl: false };
  const nav = window.navigator as Navigator & { globalPrivacyControl?: boolean };
  const dnt = [nav.doNotTrack, (window as Window & { doNotTrack?: string | null }).doNotTrack];
  return {
    doNotTrack: dnt.some((v) => v === '1' || v === 'yes'),
    globalPrivacyControl: nav.globalPrivacyControl === true,
  };
}
