/** Minimal HTML helpers for the server-rendered simulator pages. */

/**
 * The portal's icon (index.html) as a `<link>`, inline, for every page the server renders (sign-on, demo
 * applications, simulator console): without one the browser asks /favicon.ico and logs its 404 in the console.
 */
export const ICON_LINK = `<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%230b5cad'/%3E%3Cpath d='M7 11.5 16 17l9-5.5' fill='none' stroke='white' stroke-width='2'/%3E%3C/svg%3E">`;
export function esc(value: string | number | boolean | null | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
