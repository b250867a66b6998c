import { useSyncExternalStore } from 'react';
import { COOKIE } from '../../../domain/contract';
import { readCookie } from '../../app/cookies';
import { WIDE_MEDIA as WIDE } from '../../ui/wide-media';

const onWidthChange = (listener: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** Whether the window is wide enough for the desktop layout; the views only that layout shows load when it applies. */
export const wideScreen = () => window.matchMedia(WIDE).matches;

export const useWideScreen = () => useSyncExternalStore(onWidthChange, wideScreen);

/**
 * Whether this page will most likely show the signed-in desktop layout at once: wide enough, and the server's
 * signed-in hint is set (EPIT-SIGNED-IN). Its views then start loading with the user context instead of after it.
 */
export const signedInWide = () => wideScreen() && readCookie(COOKIE.signedIn) !== null;
