/**
 * The media query of the desktop layout (spec 1 §2, §9: the compact header takes over at 736 px and below, where the
 * desktop header and the menu rail are hidden). One string for the views (features/shell/wide-screen.ts) and for the build, which
 * preloads the desktop views' chunk for a window it matches (vite.config.ts).
 */
export const WIDE_MEDIA = '(min-width: 737px)';
