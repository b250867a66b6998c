/**
 * All five catalogues as written (locales/*.json), for tests. The browser never imports
 * this module: it loads one precompiled language at a time (src/i18n/load.ts, tools/i18n/vite-plugin.ts).
 */
import et from '../../../locales/et.json';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import lv from '../../../locales/lv.json';
import lt from '../../../locales/lt.json';
import type { Catalogues } from '../../../src/i18n/messages';

export const CATALOGUES: Catalogues = { et, en, ru, lv, lt };
