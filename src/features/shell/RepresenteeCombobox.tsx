import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  filterRepresenteeGroups,
  groupRepresentees,
  type RepresenteeOption,
} from '../../../domain/rights/representees';
import { Combobox } from '../../ui/Combobox';
import { useChangeRepresented, useRepresentees } from './usePanelData';
import { useUserContext } from './useShellData';

/**
 * Header representee dropdown (spec 1 §2 Header, §4 visibility): the portal's combobox (src/ui/Combobox.tsx),
 * filterable, grouped private first then business with country; placeholder 'Choose representee', a 'not found'
 * text. Picking switches through the representedChange actor (no page reload).
 */
export function RepresenteeCombobox() {
  const intl = useIntl();
  const ctx = useUserContext();
  const rights = useRepresentees();
  const { change, busy } = useChangeRepresented();
  const [term, setTerm] = useState('');
  const represented = ctx?.epitPrincipal?.represented ?? null;
  const t = (key: string) => intl.formatMessage({ id: key });

  const found = useMemo(
    () => filterRepresenteeGroups(groupRepresentees(rights, intl.locale), term),
    [rights, term, intl.locale],
  );
  const groups = useMemo(
    () => [
      { key: 'private', label: intl.formatMessage({ id: 'representee.group.private' }), options: found.private },
      { key: 'business', label: intl.formatMessage({ id: 'representee.group.business' }), options: found.business },
    ],
    [found, intl],
  );

  return (
    <Combobox<RepresenteeOption>
      className="combobox"
      rootTestId="representee-combobox"
      inputClassName="combobox__input"
      popupClassName="combobox__popup"
      listClassName="combobox__list"
      groupClassName="combobox__group"
      optionBaseClassName="combobox__option"
      label={t('representee.label')}
      hideLabel
      placeholder={represented ? represented.name : t('representee.placeholder')}
      onInput={setTerm}
      clearOnClose
      openOnFocus
      firstActive
      blurOnPick
      groups={groups}
      optionKey={(o) => o.gid}
      optionClassName={(o) => (o.gid === represented?.gid ? 'is-current' : undefined)}
      renderOption={(o) => (
        <>
          <span>{o.name}</span>
          {o.country && <span className="combobox__country">{o.country}</span>}
        </>
      )}
      onPick={(o) => {
        if (o.gid !== represented?.gid) change(o.gid);
      }}
      disabled={busy}
      decoration={
        <svg className="combobox__chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      }
      empty={
        <p className="combobox__empty" role="status">
          {t('representee.notFound')}
        </p>
      }
    />
  );
}
