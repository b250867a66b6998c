/**
 * Customer and user search (spec 1 §2 "Customer search page", §5 search terms, §9 page size 20 and initial sort).
 * One customerSearch actor per visit (machines/customerSearch.machine.ts); the view selects and sends.
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { SEARCH_MIN } from '../../../domain/contract';
import type { CustomerSearchActor } from '../../../machines/customerSearch.machine';
import {
  isSearchTermValid,
  pager,
  visibleRows,
  type CustomerRow,
  type Sort,
  type UserRow,
} from '../../../domain/customer-search/rules';
import { usePageActor } from '../../app/usePageActor';
import { PAGE } from '../../../domain/pages';
import { customerSearchWithEffects } from './effects';
import './customer-search.css';

function useCustomerSearchActor() {
  const { api } = usePortal();
  const machine = useMemo(() => customerSearchWithEffects(api), [api]);
  return usePageActor(PAGE.customerSearch, machine);
}

/** Which of the two searches the person may use (spec 1 §6: EDIT_ANY_CUSTOMER, EDIT_ANY_USER). */
function useSearchRights() {
  const { session } = usePortal();
  const customers = useSelector(session, (s) => !!s.context.userContext?.privileges.includes('EDIT_ANY_CUSTOMER'));
  const users = useSelector(session, (s) => !!s.context.userContext?.privileges.includes('EDIT_ANY_USER'));
  return { customers, users };
}

export function CustomerSearchPage() {
  const intl = useIntl();
  const actor = useCustomerSearchActor();
  const may = useSearchRights();
  if (!actor) return null;
  return (
    <section className="page customer-search" aria-labelledby="customer-search-title">
      <h1 id="customer-search-title">{intl.formatMessage({ id: 'customer-search.title' })}</h1>
      {may.customers && (
        <div className="card">
          <CustomerPart actor={actor} />
        </div>
      )}
      {may.users && (
        <div className="card">
          <UserPart actor={actor} />
        </div>
      )}
    </section>
  );
}

/**
 * The admin dashboard's search in place (spec 1 §2 route table: "epit-dashboard … also customer search"; "Admin
 * dashboard"): the same parts and the same page actor as the customer search page, each under a heading of its own.
 */
export function CustomerSearchInPlace() {
  const intl = useIntl();
  const actor = useCustomerSearchActor();
  const may = useSearchRights();
  if (!actor) return null;
  const card = (kind: 'customer' | 'user', part: ReactNode) => (
    <section className="card dash-card customer-search" aria-labelledby={`admin-${kind}s`}>
      <h2 id={`admin-${kind}s`} className="dash-card__title dash-card__title--small">
        {intl.formatMessage({ id: `admin.${kind}Search.title` })}
      </h2>
      <p className="muted">{intl.formatMessage({ id: `admin.${kind}Search.text` })}</p>
      {part}
    </section>
  );
  return (
    <>
      {may.customers && card('customer', <CustomerPart actor={actor} />)}
      {may.users && card('user', <UserPart actor={actor} />)}
    </>
  );
}

function CustomerPart({ actor }: { actor: CustomerSearchActor }) {
  const intl = useIntl();
  return (
    <>
      <SearchBox actor={actor} part="customers" labelKey="customer-search.customers.label" />
      <p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'customerSearch.add' })}
        >
          {intl.formatMessage({ id: 'customer-search.add' })}
        </button>
      </p>
      <CustomerTable actor={actor} />
    </>
  );
}

function UserPart({ actor }: { actor: CustomerSearchActor }) {
  return (
    <>
      <SearchBox actor={actor} part="users" labelKey="customer-search.users.label" />
      <UserTable actor={actor} />
    </>
  );
}

function SearchBox({
  actor,
  part,
  labelKey,
}: {
  actor: CustomerSearchActor;
  part: 'customers' | 'users';
  labelKey: string;
}) {
  const intl = useIntl();
  const id = useId();
  const term = useSelector(actor, (s) => s.context[part].term);
  const busy = useSelector(actor, (s) => s.hasTag(`${part}Busy`));
  const valid = isSearchTermValid(term);
  return (
    <form
      className="search-box"
      role="search"
      aria-label={intl.formatMessage({ id: labelKey })}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: `${part}.search` });
      }}
    >
      <label htmlFor={`${id}-term`}>{intl.formatMessage({ id: labelKey })}</label>
      <div className="search-box__row">
        <input
          id={`${id}-term`}
          type="search"
          value={term}
          aria-describedby={`${id}-hint`}
          onChange={(e) => actor.send({ type: `${part}.type`, term: e.target.value })}
        />
        <button type="submit" className="button button--primary" disabled={!valid || busy}>
          {intl.formatMessage({ id: 'customer-search.search' })}
        </button>
      </div>
      <p id={`${id}-hint`} className="muted search-box__hint">
        {intl.formatMessage({ id: 'customer-search.min-length' }, { min: SEARCH_MIN })}
      </p>
      {busy && (
        <p role="status" className="muted">
          {intl.formatMessage({ id: 'common.loading' })}
        </p>
      )}
    </form>
  );
}

interface Column<Row> {
  key: Extract<keyof Row, string>;
  labelKey: string;
  render?: (row: Row) => string;
}

function ResultsTable<Row extends { id: string }>({
  caption,
  rows,
  searched,
  sort,
  page,
  columns,
  onSort,
  onPage,
  onPick,
}: {
  caption: string;
  rows: Row[];
  searched: boolean;
  sort: Sort<Extract<keyof Row, string>>;
  page: number;
  columns: Column<Row>[];
  onSort: (key: Extract<keyof Row, string>) => void;
  onPage: (page: number) => void;
  onPick: (id: string) => void;
}) {
  const intl = useIntl();
  // sorting every row is the costly part: only when the rows, the sort or the page change (not per keystroke)
  const shown = useMemo(() => visibleRows(rows, sort, page), [rows, sort, page]);
  if (!searched) return null;
  if (rows.length === 0)
    return (
      <p role="status" className="muted">
        {intl.formatMessage({ id: 'customer-search.no-results' })}
      </p>
    );
  const p = pager(rows.length, page);
  return (
    <div className="results">
      <div className="results__scroll">
        <table className="results__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const active = sort.key === c.key;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button type="button" className="sort-button" onClick={() => onSort(c.key)}>
                      {intl.formatMessage({ id: c.labelKey })}
                      <span aria-hidden="true" className="sort-button__mark">
                        {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr
                key={row.id}
                tabIndex={0}
                className="results__row"
                onClick={() => onPick(row.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onPick(row.id);
                }}
              >
                {columns.map((c) => (
                  <td key={c.key}>{c.render ? c.render(row) : String(row[c.key] ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label={intl.formatMessage({ id: 'pager.label' }, { what: caption })}>
        <button
          type="button"
          className="button button--ghost"
          disabled={p.previous === null}
          onClick={() => p.previous !== null && onPage(p.previous)}
        >
          {intl.formatMessage({ id: 'pager.previous' })}
        </button>
        <span role="status">
          {intl.formatMessage({ id: 'pager.summary' }, { first: p.first, last: p.last, total: p.total })}
        </span>
        <button
          type="button"
          className="button button--ghost"
          disabled={p.next === null}
          onClick={() => p.next !== null && onPage(p.next)}
        >
          {intl.formatMessage({ id: 'pager.next' })}
        </button>
      </nav>
    </div>
  );
}

/** The fields of one search part the table shows, each selected on its own (typing the term re-renders nothing here). */
function usePart<P extends 'customers' | 'users'>(actor: CustomerSearchActor, part: P) {
  type Ctx = ReturnType<CustomerSearchActor['getSnapshot']>['context'][P];
  const rows = useSelector(actor, (s) => s.context[part].rows as Ctx['rows']);
  const searchedTerm = useSelector(actor, (s) => s.context[part].searchedTerm);
  const sort = useSelector(actor, (s) => s.context[part].sort as Ctx['sort']);
  const page = useSelector(actor, (s) => s.context[part].page);
  return { rows, searchedTerm, sort, page };
}

function CustomerTable({ actor }: { actor: CustomerSearchActor }) {
  const intl = useIntl();
  const part = usePart(actor, 'customers');
  const columns: Column<CustomerRow>[] = [
    { key: 'name', labelKey: 'customer-search.column.name' },
    { key: 'regCode', labelKey: 'customer-search.column.reg-code' },
    { key: 'axaCode', labelKey: 'customer-search.column.axa-code', render: (r) => r.axaCode ?? '' },
    { key: 'country', labelKey: 'customer-search.column.country' },
  ];
  return (
    <ResultsTable
      caption={intl.formatMessage({ id: 'customer-search.results.customers' })}
      rows={part.rows}
      searched={part.searchedTerm !== null}
      sort={part.sort}
      page={part.page}
      columns={columns}
      onSort={(key) => actor.send({ type: 'customers.sort', key })}
      onPage={(page) => actor.send({ type: 'customers.page', page })}
      onPick={(id) => actor.send({ type: 'customers.pick', id })}
    />
  );
}

function UserTable({ actor }: { actor: CustomerSearchActor }) {
  const intl = useIntl();
  const part = usePart(actor, 'users');
  const columns: Column<UserRow>[] = [
    { key: 'firstName', labelKey: 'customer-search.column.first-name' },
    { key: 'lastName', labelKey: 'customer-search.column.last-name' },
    { key: 'personalCode', labelKey: 'customer-search.column.personal-code' },
    { key: 'personalCodeCountry', labelKey: 'customer-search.column.country' },
    {
      key: 'notActive',
      labelKey: 'customer-search.column.status',
      render: (r) =>
        intl.formatMessage({ id: r.notActive ? 'customer-search.status.not-active' : 'customer-search.status.active' }),
    },
  ];
  return (
    <ResultsTable
      caption={intl.formatMessage({ id: 'customer-search.results.users' })}
      rows={part.rows}
      searched={part.searchedTerm !== null}
      sort={part.sort}
      page={part.page}
      columns={columns}
      onSort={(key) => actor.send({ type: 'users.sort', key })}
      onPage={(page) => actor.send({ type: 'users.page', page })}
      onPick={(id) => actor.send({ type: 'users.pick', id })}
    />
  );
}
