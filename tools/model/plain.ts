/**
 * Plain language from the machine definitions, for product owners and testers: a state's `description` (what the
 * person sees), a transition's `description` (what the person does, or what answers, with its guard as a plain
 * condition) and `meta.bookkeeping` (an internal step a reader does not need: folded in the product-owner view).
 * Shared by the diagrams (tools/viz) and the plain test paths (tools/model).
 */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** One line of text: whitespace collapsed, trailing period kept as written. */
function oneLine(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const t = text.replace(/\s+/g, ' ').trim();
  return t || undefined;
}

/** The state's description, or undefined when it has none yet. */
export function stateDescription(node: AnyStateNode): string | undefined {
  return oneLine(node.description);
}

/** The transition's description, or undefined when it has none yet. */
export function transitionDescription(def: AnyTransitionDefinition): string | undefined {
  return oneLine((def as { description?: unknown }).description);
}

/** `meta: { bookkeeping: true }`: an internal step (remembering a value, re-sending the route) a reader can skip. */
export function isBookkeeping(def: AnyTransitionDefinition): boolean {
  const meta = (def as { meta?: unknown }).meta;
  return !!meta && typeof meta === 'object' && (meta as { bookkeeping?: unknown }).bookkeeping === true;
}

/** Words wrapped into lines of at most `width` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
