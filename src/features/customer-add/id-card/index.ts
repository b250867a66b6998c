import { createPinPrompt, type PinPrompt } from './pin-prompt';
import { createSoftwareCard } from './software-card';
import type { IdCardAdapter, IdCardKind } from './types';
import { createWebEidCard } from './webeid';

export * from './types';
export { createPinPrompt, PIN2_PATTERN, type PinPrompt } from './pin-prompt';

/** The adapter PortalConfig.idCard selects (default: the software card of the reference setup). */
export function createIdCardAdapter(
  kind: IdCardKind | undefined,
  pinPrompt: PinPrompt = createPinPrompt(),
): IdCardAdapter {
  return kind === 'webeid' ? createWebEidCard() : createSoftwareCard({ pinPrompt });
}
