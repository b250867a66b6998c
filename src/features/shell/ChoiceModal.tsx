import { useSelector } from '@xstate/react';
import { choiceListOf } from '../../../machines/choiceList.machine';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { Modal } from '../../ui/Modal';
import {
  selectChangeFailed,
  selectIsVisible,
  selectShowCreateContract,
} from '../../../machines/representedChoice.machine';
import { choiceView } from '../../../domain/rights';
import { LazyView, lazyView } from './LazyView';
import { useAxaptaDead, useUserContext } from './useShellData';

// the pager shows only above 10 rows (spec 1 §2): those who have that many get it when their list first needs it
const pager = lazyView(() => import('../../ui/Pager').then((m) => m.Pager));

/**
 * The represented-choice modal (spec 1 §2 "Represented-choice modal"): protected, cannot be dismissed; the user
 * name and a logout button, the search box only above 10 rights, the create-contract button on EE, rows paged at 10.
 */
export function ChoiceModal() {
  const intl = useIntl();
  const { representedChoice: choice, session } = usePortal();
  const visible = useSelector(choice, selectIsVisible);
  const busy = useSelector(choice, (s) => s.hasTag('busy'));
  const showCreate = useSelector(choice, selectShowCreateContract);
  // the session owns the user context: the rows, a pick and the contract button all use the one shown here
  const userContext = useUserContext();
  const principal = userContext?.epitPrincipal ?? null;
  // the list's search and page live in its own actor while the modal is open
  const list = useSelector(choice, choiceListOf);
  const term = useSelector(list, (s) => s?.context.searchTerm ?? '');
  const page = useSelector(list, (s) => s?.context.page ?? 0);
  const pickedGid = useSelector(choice, (s) => s.context.pickedGid);
  // the last pick could not switch (no answer, a server error): say so, keep the list as it was
  const changeFailed = useSelector(choice, selectChangeFailed);
  const loggingOut = useSelector(session, (s) => s.matches('loggingOut'));
  const axaptaDead = useAxaptaDead();
  const view = useMemo(() => choiceView(principal, term, page, intl.locale), [principal, term, page, intl.locale]);
  const searchId = useId();
  const deadId = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (!userContext || !principal) return null;
  const fullName = `${principal.representative.firstName} ${principal.representative.lastName}`;

  return (
    <Modal
      open={visible}
      onClose={() => {}}
      protected
      className="choice-modal"
      title={t('choice.title')}
      headerExtra={
        <div className="choice-modal__user">
          <span className="choice-modal__name">{fullName}</span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => session.send({ type: 'session.logout' })}
            disabled={loggingOut}
          >
            {t('header.logout')}
          </button>
        </div>
      }
    >
      <div className="choice-modal__body" aria-busy={busy}>
        {view.showSearch && (
          <div className="field">
            <label htmlFor={searchId}>{t('choice.search.label')}</label>
            <input
              id={searchId}
              type="search"
              className="input"
              value={term}
              data-autofocus
              autoComplete="off"
              onChange={(e) => choice.send({ type: 'choice.search', term: e.target.value })}
            />
          </div>
        )}
        {busy && (
          <p className="muted choice-modal__status" role="status">
            {t('common.loading')}
          </p>
        )}
        {changeFailed && pickedGid && (
          <div className="choice-modal__failure" role="alert">
            <p className="field-error">{t('error.server')}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => choice.send({ type: 'choice.pick', gid: pickedGid, context: userContext })}
            >
              {t('common.retry')}
            </button>
          </div>
        )}
        {view.total === 0 ? (
          <p className="muted" role="status">
            {t('choice.notFound')}
          </p>
        ) : (
          <table className="choice-table">
            <caption className="visually-hidden">{t('choice.list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('choice.column.name')}</th>
                <th scope="col">{t('choice.column.code')}</th>
                <th scope="col">{t('choice.column.country')}</th>
              </tr>
            </thead>
            <tbody>
              {view.items.map((row, i) => (
                <tr
                  key={row.gid}
                  className={row.type === 'A' ? 'choice-table__own' : undefined}
                  data-testid="choice-row"
                >
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      aria-busy={pickedGid === row.gid}
                      data-autofocus={!view.showSearch && i === 0 ? true : undefined}
                      onClick={() => choice.send({ type: 'choice.pick', gid: row.gid, context: userContext })}
                    >
                      {row.name}
                    </button>
                  </td>
                  <td>{row.code}</td>
                  <td>{row.country}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <LazyView
          code={pager}
          shown={view.pageCount > 1}
          props={{
            page: view.page,
            pageCount: view.pageCount,
            onPage: (p: number) => choice.send({ type: 'choice.page', page: p, context: userContext }),
            label: t('choice.pager'),
          }}
        />
        {showCreate && (
          <div className="choice-modal__footer">
            <button
              type="button"
              className="button button--primary"
              aria-disabled={axaptaDead || undefined}
              aria-describedby={axaptaDead ? deadId : undefined}
              onClick={() => choice.send({ type: 'choice.createContract', context: userContext })}
            >
              {t('choice.createContract')}
            </button>
            {axaptaDead && (
              <p id={deadId} className="gate-reason">
                {t('error.axapta.dead')}
              </p>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
