/**
 * The default of an effect a machine declares: it fails loudly when the composition root (src/app/) or a test forgot
 * to provide the real one (architecture guide: "Side effects are actors ... a default that throws").
 */
import { fromPromise } from 'xstate';

export const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(() => Promise.reject(new Error(`${name} not provided`)));
