import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { financeCheckMachine, type FinanceStatus } from './financeCheck.machine';

function check(answer: FinanceStatus | Error) {
  const asked: string[] = [];
  const machine = financeCheckMachine.provide({
    actors: {
      checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(({ input }) => {
        asked.push(input.customerId);
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      }),
    },
  });
  return { asked, outcome: toPromise(createActor(machine, { input: { customerId: 'LVLV40003012345' } }).start()) };
}

describe('financeCheck machine (spec 1 §4 service recovery (finance))', () => {
  it.each([
    [{ status: null }, 'available'],
    [{ status: 'OK' }, 'available'],
    [{ status: 'PACKET_NOT_FOUND' }, 'noPackage'],
    [{ status: 'CUSTOMER_NOT_FOUND' }, 'noPackage'],
    [{ status: 'UNAVAILABLE' }, 'unavailable'],
    [new Error('503'), 'unreachable'],
  ] as const)('the status of the represented customer %o: %s', async (answer, outcome) => {
    const t = check(answer);
    expect(await t.outcome).toBe(outcome);
    expect(t.asked).toEqual(['LVLV40003012345']);
  });
});
