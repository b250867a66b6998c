/**
 * Extension point of the simulator console (/sim/): each section is a titled block of server-rendered HTML
 * with optional client script. Add one with `registerConsoleSection({...})` from your own module and import
 * that module from server/sim/console/index.ts (or from your route plugin, before the app is ready).
 * Scripts may use the `simPost(url, body)` helper that the page defines (it sends the XSRF header).
 */
import type { AppDeps } from '../../lib/deps.js';

export interface ConsoleSection {
  id: string; // html id, e.g. 'id-card'
  title: string;
  /** lower comes first; core sections use 10 (applications) and 90 (outbox) */
  order?: number;
  render(deps: AppDeps): Promise<string> | string;
  /** plain browser JavaScript, run once after the page loads */
  script?: string;
}

const sections: ConsoleSection[] = [];

export function registerConsoleSection(section: ConsoleSection): void {
  const i = sections.findIndex((s) => s.id === section.id);
  if (i >= 0) sections.splice(i, 1, section);
  else sections.push(section);
}

export function consoleSections(): ConsoleSection[] {
  return [...sections].sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}
