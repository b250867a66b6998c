/**
 * The software card's PIN entry (the real Web eID extension shows its own native dialog): the adapter asks
 * for PIN2 through this store, and <PinDialog> (rendered inside the customer-add modal) answers it.
 * Cancel rejects the adapter's sign() with IDCARD_USER_CANCELLED.
 */
export interface PinRequest {
  id: number;
  /** the card holder, from the certificate (shown so the user knows which card is asked) */
  holder: string | null;
}

type Listener = () => void;

export interface PinPrompt {
  /** resolves with the PIN, or null when the user cancelled */
  request(holder: string | null, signal?: AbortSignal): Promise<string | null>;
  answer(pin: string | null): void;
  current(): PinRequest | null;
  subscribe(listener: Listener): () => void;
}

export function createPinPrompt(): PinPrompt {
  let current: PinRequest | null = null;
  let settle: ((pin: string | null) => void) | null = null;
  let seq = 0;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((l) => l());
  const finish = (pin: string | null) => {
    const s = settle;
    current = null;
    settle = null;
    notify();
    s?.(pin);
  };
  return {
    request(holder, signal) {
      if (settle) finish(null); // one prompt at a time: a new request cancels a stale one
      return new Promise<string | null>((resolve) => {
        current = { id: ++seq, holder };
        settle = resolve;
        // the flow was left (modal closed): the prompt goes away with it
        signal?.addEventListener('abort', () => current?.id === seq && finish(null), { once: true });
        notify();
      });
    },
    answer: (pin) => finish(pin),
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** PIN2 of an Estonian ID-card: 5 to 12 digits (the demo cards take any 5-digit PIN). */
export const PIN2_PATTERN = /^\d{5,12}$/;
