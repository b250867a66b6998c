import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TOAST_DISPLAY, toastsMachine } from './toasts.machine';

describe('toasts machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows timed toasts for the spec display time of 10000 ms (spec 1 §9)', () => {
    expect(TOAST_DISPLAY).toBe(10_000);
  });

  it('shows a success toast for TOAST_DISPLAY with its title key, then removes it', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toasts.show', toastType: 'success', messageKey: 'success.save' });
    expect(actor.getSnapshot().context.toasts).toEqual([
      {
        id: 1,
        toastType: 'success',
        messageKey: 'success.save',
        values: {},
        valueKeys: {},
        sticky: false,
        titleKey: 'toast.title.success',
      },
    ]);
    vi.advanceTimersByTime(TOAST_DISPLAY - 1);
    expect(actor.getSnapshot().context.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts).toHaveLength(0);
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('keeps error toasts until closed (sticky), titled toast.title.error', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toasts.show', toastType: 'error', messageKey: 'error.server' });
    vi.advanceTimersByTime(6 * TOAST_DISPLAY);
    const [t] = actor.getSnapshot().context.toasts;
    expect(t).toMatchObject({ sticky: true, titleKey: 'toast.title.error' });
    actor.send({ type: 'toasts.close', id: t.id });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('times each toast on its own; closing one early does not disturb the others', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toasts.show', toastType: 'notice', messageKey: 'a' });
    vi.advanceTimersByTime(TOAST_DISPLAY / 2);
    actor.send({ type: 'toasts.show', toastType: 'warning', messageKey: 'b', values: { n: 1 } });
    actor.send({ type: 'toasts.close', id: 1 });
    vi.advanceTimersByTime(TOAST_DISPLAY / 2);
    expect(actor.getSnapshot().context.toasts.map((t) => t.messageKey)).toEqual(['b']);
    vi.advanceTimersByTime(TOAST_DISPLAY / 2);
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('closes all at once', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toasts.show', toastType: 'error', messageKey: 'a' });
    actor.send({ type: 'toasts.show', toastType: 'notice', messageKey: 'b', sticky: true });
    actor.send({ type: 'toasts.closeAll' });
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });
});
