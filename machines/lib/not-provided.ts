/**
 * The default of every effect a machine declares in `setup({ actors })`: a request that fails loudly with
 * "<name> not provided" until the composition root (or a test) provides the real one with `machine.provide`.
 */
import { fromPromise } from 'xstate';

export const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(() => Promise.reject(new Error(`${name} not provided`)));
