/**
 * The software ID-card's PIN2 dialog (the real Web eID extension brings its own). Rendered inside the
 * customer-add modal while the adapter waits for a PIN; Cancel (or Escape) cancels the signing with
 * IDCARD_USER_CANCELLED.
 */
import { useCallback, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { PIN2_PATTERN, type PinPrompt } from './id-card';

export function PinDialog({ prompt }: { prompt: PinPrompt }) {
  const intl = useIntl();
  const id = useId();
  const subscribe = useCallback((listener: () => void) => prompt.subscribe(listener), [prompt]);
  const request = useSyncExternalStore(subscribe, () => prompt.current());
  const [pin, setPin] = useState('');
  const [error, setError] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // a new PIN request starts from an empty field without an error
  const [shown, setShown] = useState(request);
  if (request !== shown) {
    setShown(request);
    setPin('');
    setError(false);
  }
  // the field takes the focus when a request shows it (the dialog renders only while a PIN is asked for)
  const focusOnShow = useCallback((input: HTMLInputElement | null) => {
    inputRef.current = input;
    input?.focus();
  }, []);

  if (!request) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!PIN2_PATTERN.test(pin)) {
      setError(true);
      inputRef.current?.focus();
      return;
    }
    prompt.answer(pin);
  };
  return (
    <div
      className="pin-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          prompt.answer(null);
        }
      }}
    >
      <form className="pin-dialog__box" onSubmit={submit} noValidate>
        <h3 id={`${id}-title`}>{intl.formatMessage({ id: 'idcard.pin.title' })}</h3>
        <p id={`${id}-desc`}>
          {request.holder
            ? intl.formatMessage({ id: 'idcard.pin.description.holder' }, { holder: request.holder })
            : intl.formatMessage({ id: 'idcard.pin.description' })}
        </p>
        <label htmlFor={`${id}-pin`}>{intl.formatMessage({ id: 'idcard.pin.label' })}</label>
        <input
          ref={focusOnShow}
          id={`${id}-pin`}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={pin}
          aria-invalid={error}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
        {error && (
          <p id={`${id}-err`} className="field-error" role="alert">
            {intl.formatMessage({ id: 'idcard.pin.invalid' })}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {intl.formatMessage({ id: 'idcard.pin.ok' })}
          </button>
          <button type="button" className="button button--ghost" onClick={() => prompt.answer(null)}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
        </div>
      </form>
    </div>
  );
}
