import type { ESLint } from 'eslint';

/** The message for an import of `spec` from `file` (both relative to the project root) that crosses a layer, or null. */
export function check(file: string, spec: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;
