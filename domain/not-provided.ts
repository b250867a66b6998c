/**
 * The default of an effect a machine declares (architecture guide: effects are actors whose defaults throw): it
 * rejects with `<name> not provided`, so an effect src/app/ (or a test) forgot to provide fails loudly.
 */
import { fromPromise } from 'xstate';

export function notProvided<TOutput = void, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} not provided`)));
}

/** The default of an effect action: it throws `<name> not provided`. */
export function notProvidedAction<TParams = undefined>(name: string) {
  return (_args: unknown, _params: TParams): void => {
    throw new Error(`${name} not provided`);
  };
}
