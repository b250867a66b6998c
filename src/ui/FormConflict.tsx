/**
 * What a settings form found when its save was refused because someone else had saved the record meanwhile (412,
 * the form machine's `conflict` state, machines/settingsForm.machine.ts): the fields the other person changed, whose
 * new values the form took, and for each field both changed the two values to choose from (the person's own is
 * chosen until they pick the other). Shown until the next save lands.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { SettingsFormActor } from '../../machines/settingsForm.machine';

/** A form value as one line: a text as it is, an address by its full name or its parts. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const a = value as Record<string, unknown>;
    if (typeof a.padreFullName === 'string' && a.padreFullName.trim()) return a.padreFullName.trim();
    return [a.street, a.zipCode, a.city].filter((p) => typeof p === 'string' && p.trim()).join(', ');
  }
  return '';
}

export function FormConflict({
  actor,
  labels,
  format,
}: {
  actor: SettingsFormActor;
  labels: Record<string, string>;
  /** a field's value as the person knows it (a choice's name rather than its code); undefined: as it is */
  format?: (field: string, value: unknown) => string | undefined;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const conflict = useSelector(actor, (s) => s.context.conflict);
  const reloading = useSelector(actor, (s) => s.matches({ conflict: 'reloading' }));
  const titleId = useId();
  const name = useId();
  if (reloading)
    return (
      <p className="form-conflict" role="status" aria-busy="true" data-testid="form-conflict-loading">
        {t('conflict.loading')}
      </p>
    );
  if (!conflict) return null;
  const value = (f: string, v: unknown) => format?.(f, v) || shown(v) || t('conflict.empty');
  const taken = conflict.taken.filter((f) => labels[f]);
  const both = Object.entries(conflict.both).filter(([f]) => labels[f]);
  return (
    <section className="form-conflict" role="alert" aria-labelledby={titleId} data-testid="form-conflict">
      <h2 id={titleId}>{t('conflict.title')}</h2>
      <p>{t('conflict.intro')}</p>
      {taken.length > 0 && (
        <>
          <p>{t('conflict.taken')}</p>
          <ul data-testid="form-conflict-taken">
            {taken.map((f) => (
              <li key={f}>
                {t(labels[f])}: {value(f, (actor.getSnapshot().context.base as Record<string, unknown>)[f])}
              </li>
            ))}
          </ul>
        </>
      )}
      {both.length > 0 && (
        <>
          <p>{t('conflict.both')}</p>
          {both.map(([f, offered]) => (
            <fieldset key={f} className="form-conflict__choice" data-testid={`form-conflict-both-${f}`}>
              <legend>{t(labels[f])}</legend>
              {(['mine', 'theirs'] as const).map((side) => (
                <label key={side}>
                  <input
                    type="radio"
                    name={`${name}-${f}`}
                    checked={(conflict.chosen[f] ?? 'mine') === side}
                    onChange={() => actor.send({ type: 'form.choose', field: f, side })}
                  />{' '}
                  {t(`conflict.${side}`, { value: value(f, offered[side]) })}
                </label>
              ))}
            </fieldset>
          ))}
        </>
      )}
    </section>
  );
}
