import { useSyncExternalStore } from 'react';
import { COOKIE } from '../../../domain/contract';
import { readCookie } from '../../app/cookies';

/**
 * Whether the window is wide enough for the desktop layout (spec 1 §2, §9: the compact header takes over at 736 px and
 * below, where the desktop header and the menu rail are hidden). The views only that layout shows load when it applies.
 */
const WIDE = '(min-width: 737px)';

const onWidthChange = (listener: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

export const wideScreen = () => window.matchMedia(WIDE).matches;

export const useWideScreen = () => useSyncExternalStore(onWidthChange, wideScreen);

/**
 * Whether this page will most likely show the signed-in desktop layout at once: wide enough, and the server's
 * signed-in hint is set (EPIT-SIGNED-IN). Its views then start loading with the user context instead of after it.
 */
export const signedInWide = () => wideScreen() && readCookie(COOKIE.signedIn) !== null;
