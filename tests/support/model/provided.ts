/**
 * The machine a model path is replayed on: the spec's machine with its fakes (`provide`) and its stand-ins for
 * children (`standIns`). Test support: no production code imports it.
 */
import type { AnyActorLogic, AnyStateMachine } from 'xstate';
import type { MachineModelSpec } from './model-spec';

export function providedMachine(spec: MachineModelSpec): AnyStateMachine {
  const provide = (spec.provide ?? {}) as { actors?: Record<string, AnyActorLogic> };
  // the stand-ins are of other types than the children they replace, which `provide`'s types cannot say
  return spec.machine.provide({ ...provide, actors: { ...provide.actors, ...spec.standIns } } as never);
}
