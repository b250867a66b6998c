import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { admins, applicationAnswers, maasikas } from '../tests/support/fixtures/represented-settings';
import { rightsLoadMachine, type ApplicationAnswer, type RightsLoadReport } from './rightsLoad.machine';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function start({ failApp = null as string | null, failCustomer = false, slowApp = null as string | null } = {}) {
  const reports: RightsLoadReport[] = [];
  const gate = deferred<void>();
  const signals: AbortSignal[] = [];
  const actor = createActor(
    rightsLoadMachine.provide({
      actors: {
        loadCustomer: fromPromise(() => (failCustomer ? Promise.reject(new Error('500')) : Promise.resolve(maasikas))),
        loadAdmins: fromPromise(() => Promise.resolve(admins)),
        loadApplication: fromPromise<ApplicationAnswer, { customerId: string; application: string }>(
          async ({ input, signal }) => {
            signals.push(signal);
            if (input.application === slowApp) await gate.promise;
            if (input.application === failApp) throw new Error('timeout');
            return applicationAnswers[input.application];
          },
        ),
      },
    }),
    { input: { customerId: maasikas.id } },
  );
  // run on its own, the load has no parent: what it reports is emitted as well
  actor.on('*', (e) => reports.push(e));
  actor.start();
  return { actor, reports, gate, signals };
}

const types = (reports: RightsLoadReport[]) =>
  reports.map((r) => ('application' in r ? `${r.type}:${r.application}` : r.type)).sort();

describe('rightsLoad', () => {
  it('reports every answer and is done once all five loads have ended', async () => {
    const { actor, reports } = start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(types(reports)).toEqual([
      'rights.adminsLoaded',
      'rights.applicationLoaded:FINANCE',
      'rights.applicationLoaded:OSS',
      'rights.applicationLoaded:PERIODICALS',
      'rights.customerLoaded',
    ]);
    expect(reports).toContainEqual({ type: 'rights.customerLoaded', customer: maasikas });
    expect(reports).toContainEqual({ type: 'rights.adminsLoaded', admins });
    expect(reports).toContainEqual({
      type: 'rights.applicationLoaded',
      application: 'OSS',
      loaded: applicationAnswers.OSS,
    });
  });

  it('a failed load is reported and still ends its part: the load is done all the same', async () => {
    const { actor, reports } = start({ failApp: 'PERIODICALS', failCustomer: true });
    await waitFor(actor, (s) => s.status === 'done');
    expect(reports).toContainEqual({ type: 'rights.applicationFailed', application: 'PERIODICALS' });
    expect(reports).toContainEqual({ type: 'rights.customerFailed' });
    expect(types(reports)).toHaveLength(5);
  });

  it('a slow application holds back neither the others nor their reports', async () => {
    const { actor, reports, gate } = start({ slowApp: 'OSS' });
    const others = (s: { value: unknown }) => {
      const v = s.value as Record<string, string>;
      return v.PERIODICALS === 'loaded' && v.FINANCE === 'loaded';
    };
    await waitFor(actor, others);
    expect(types(reports)).toEqual([
      'rights.adminsLoaded',
      'rights.applicationLoaded:FINANCE',
      'rights.applicationLoaded:PERIODICALS',
      'rights.customerLoaded',
    ]);
    expect(actor.getSnapshot().status).toBe('active');
    gate.resolve();
    await waitFor(actor, (s) => s.status === 'done');
    expect(types(reports)).toContain('rights.applicationLoaded:OSS');
  });

  it('stopping it (the page is left) aborts the loads still under way', async () => {
    const { actor, signals } = start({ slowApp: 'OSS' });
    await waitFor(actor, (s) => {
      const v = s.value as Record<string, string>;
      return v.PERIODICALS === 'loaded' && v.FINANCE === 'loaded';
    });
    actor.stop();
    expect(signals.map((s) => s.aborted)).toEqual([true, false, false]);
  });
});
