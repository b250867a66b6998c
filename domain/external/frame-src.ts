/**
 * Which document a frame address opens, so the host knows when the frame must load again and when it may stay.
 *
 * The external application flow builds a fresh address (with a new timestamp) at every reload of its role data: a
 * language change, a representee change, the dead-application poll's change. Loading the frame again each time
 * would lose the person's place in the application, so the host compares addresses without the parts that do not
 * change the document: the timestamp always; for the order system also the language and the menu path, which it
 * is told over the channel instead (ossUpdateInitialData, spec 1 §4 "OSS hash sync").
 */

/** The address without the parts whose change the frame's own page handles without loading anew. */
export function frameDocumentKey(src: string, { oss }: { oss: boolean }): string {
  const url = new URL(src);
  url.searchParams.delete('timestamp');
  if (oss) {
    url.searchParams.delete('lang');
    url.searchParams.delete('menuPath');
  }
  url.searchParams.sort();
  return url.toString();
}

/** The address with another menu path (spec 1 §7 `menuPath`; '' leaves it out: the application's start page). */
export function withMenuPath(src: string, menuPath: string): string {
  const url = new URL(src);
  if (menuPath) url.searchParams.set('menuPath', menuPath);
  else url.searchParams.delete('menuPath');
  return url.toString();
}

/** The represented gid the frame acts for (spec 1 §7 `guid`). */
export function guidOf(src: string): string | null {
  return new URL(src).searchParams.get('guid');
}
