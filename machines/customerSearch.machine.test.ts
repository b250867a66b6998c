import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { customerSearchMachine, type CustomerSearchEmitted } from './customerSearch.machine';
import { SEARCH_PAGE_SIZE, pager, visibleRows, type CustomerRow, type UserRow } from '../domain/customer-search/rules';

const customer = (i: number, name: string): CustomerRow => ({
  id: `EPEE${11000000 + i}`,
  name,
  regCode: String(11000000 + i),
  axaCode: null,
  country: 'EE',
});
const user = (i: number, lastName: string): UserRow => ({
  id: `EE${60000000000 + i}`,
  firstName: 'A',
  lastName,
  personalCode: String(60000000000 + i),
  personalCodeCountry: 'EE',
  notActive: false,
});

function start(
  opts: {
    alive?: boolean | (() => Promise<boolean>);
    customers?: CustomerRow[];
    users?: UserRow[];
    failSearch?: boolean;
  } = {},
) {
  const calls = { check: 0, customers: [] as string[], users: [] as string[] };
  const actor = createActor(
    customerSearchMachine.provide({
      actors: {
        checkAccountingAlive: fromPromise(async () => {
          calls.check++;
          return typeof opts.alive === 'function' ? await opts.alive() : (opts.alive ?? true);
        }),
        searchCustomers: fromPromise(({ input }: { input: { value: string } }) => {
          calls.customers.push(input.value);
          return opts.failSearch ? Promise.reject(new Error('500')) : Promise.resolve({ value: opts.customers ?? [] });
        }),
        searchUsers: fromPromise(({ input }: { input: { value: string } }) => {
          calls.users.push(input.value);
          return Promise.resolve({ value: opts.users ?? [] });
        }),
      },
    }),
  );
  const emitted: CustomerSearchEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, calls, emitted };
}

const idle = (a: ReturnType<typeof start>['actor']) =>
  waitFor(a, (s) => s.matches({ customers: 'ready', users: 'ready', adding: 'idle' }), { timeout: 1000 });

describe('customer search page', () => {
  it('does not search with fewer than 3 characters', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'customers.type', term: 'ab ' });
    actor.send({ type: 'customers.search' });
    actor.send({ type: 'users.type', term: 'xy' });
    actor.send({ type: 'users.search' });
    await idle(actor);
    expect(calls).toEqual({ check: 0, customers: [], users: [] });
  });

  it('pages the search table by the spec page size of 20 (spec 1 §9)', () => {
    expect(SEARCH_PAGE_SIZE).toBe(20);
  });

  it('checks the accounting system first, then searches and shows the rows sorted by name, a page at a time', async () => {
    const total = 2 * SEARCH_PAGE_SIZE + 5;
    const rows = Array.from({ length: total }, (_, i) =>
      customer(i, `Firma ${String.fromCharCode(90 - (i % 26))}${i}`),
    );
    const { actor, calls } = start({ customers: rows });
    actor.send({ type: 'customers.type', term: ' Firma ' });
    actor.send({ type: 'customers.search' });
    expect(actor.getSnapshot().hasTag('customersBusy')).toBe(true);
    await idle(actor);
    expect(calls.check).toBe(1);
    expect(calls.customers).toEqual(['Firma']);
    const c = actor.getSnapshot().context.customers;
    expect(c.sort).toEqual({ key: 'name', direction: 'asc' });
    const page1 = visibleRows(c.rows, c.sort, c.page);
    expect(page1).toHaveLength(SEARCH_PAGE_SIZE);
    expect(page1.map((r) => r.name)).toEqual(
      [...rows.map((r) => r.name)]
        .sort((a, b) => a.localeCompare(b, 'et', { numeric: true }))
        .slice(0, SEARCH_PAGE_SIZE),
    );
    actor.send({ type: 'customers.page', page: 2 });
    const c2 = actor.getSnapshot().context.customers;
    expect(pager(c2.rows.length, c2.page)).toMatchObject({
      total,
      first: 2 * SEARCH_PAGE_SIZE + 1,
      last: total,
      showing: 5,
      next: null,
      previous: 1,
    });
    actor.send({ type: 'customers.page', page: 99 });
    expect(actor.getSnapshot().context.customers.page).toBe(2);
    actor.send({ type: 'customers.sort', key: 'name' });
    expect(actor.getSnapshot().context.customers.sort).toEqual({ key: 'name', direction: 'desc' });
    expect(actor.getSnapshot().context.customers.page).toBe(0);
  });

  it('users are sorted by last name at first', async () => {
    const { actor } = start({ users: [user(1, 'Tamm'), user(2, 'Kask'), user(3, 'Sepp')] });
    actor.send({ type: 'users.type', term: 'EE6' });
    actor.send({ type: 'users.search' });
    await idle(actor);
    const u = actor.getSnapshot().context.users;
    expect(visibleRows(u.rows, u.sort, u.page).map((r) => r.lastName)).toEqual(['Kask', 'Sepp', 'Tamm']);
  });

  it('with the accounting system dead: error.axapta.dead and nothing else', async () => {
    const { actor, calls, emitted } = start({ alive: false });
    actor.send({ type: 'customers.type', term: 'Firma' });
    actor.send({ type: 'customers.search' });
    await idle(actor);
    actor.send({ type: 'customerSearch.add' });
    await idle(actor);
    expect(calls.customers).toEqual([]);
    expect(emitted).toEqual([
      { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.axapta.dead' } },
      { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.axapta.dead' } },
    ]);
  });

  it('a failed search or check shows error.server and keeps the term', async () => {
    const { actor, emitted } = start({ failSearch: true });
    actor.send({ type: 'customers.type', term: 'Firma' });
    actor.send({ type: 'customers.search' });
    await idle(actor);
    expect(emitted).toEqual([{ type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.server' } }]);
    expect(actor.getSnapshot().context.customers.term).toBe('Firma');
  });

  it('picking a row opens represented-settings-edit with jgid or user-settings-edit with fgid', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'customers.pick', id: 'EPEE11000015' });
    actor.send({ type: 'users.pick', id: 'EE48709050218' });
    expect(emitted).toEqual([
      { type: 'navigation.requested', target: { kind: 'path', path: '/settings/represented/EPEE11000015' } },
      { type: 'navigation.requested', target: { kind: 'path', path: '/user-settings/edit/EE48709050218' } },
    ]);
  });

  it("'Add new customer' opens the customer-add modal when the accounting system is alive", async () => {
    const { actor, emitted, calls } = start();
    actor.send({ type: 'customerSearch.add' });
    await idle(actor);
    expect(calls.check).toBe(1);
    expect(emitted).toEqual([{ type: 'customerAdd.requested' }]);
  });
});
