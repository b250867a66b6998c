import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ESCAPE_KEY, MODAL_FADE, MODAL_LOAD_ERROR, modalMachine, toModalRequest } from './modal.machine';
import { transitionCoverage } from '../tests/support/model/transition-coverage';
import model from './modal.model';

describe('modal machine (spec 1 §4 modals)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start() {
    const a = createActor(modalMachine).start();
    const closed: { component: string; result: unknown }[] = [];
    const opened: string[] = [];
    a.on('modal.closed', (e) => closed.push({ component: e.component, result: e.result }));
    a.on('modal.opened', (e) => opened.push(e.component));
    return { a, closed, opened };
  }

  it('uses the spec timings: 200 ms fade, Escape is key 27 (spec 1 §9)', () => {
    expect(MODAL_FADE).toBe(200);
    expect(ESCAPE_KEY).toBe(27);
  });

  it('fades in for MODAL_FADE, then is shown', () => {
    const { a, opened } = start();
    a.send({ type: 'modal.open', component: 'rights-edit' });
    expect(a.getSnapshot().matches('fadingIn')).toBe(true);
    expect(a.getSnapshot().hasTag('visible')).toBe(true);
    vi.advanceTimersByTime(MODAL_FADE - 1);
    expect(a.getSnapshot().hasTag('shown')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(a.getSnapshot().hasTag('shown')).toBe(true);
    expect(opened).toEqual(['rights-edit']);
  });

  it('an ordinary modal closes by overlay, close button and Escape, each with a MODAL_FADE fade', () => {
    const { a, closed } = start();
    for (const ev of [
      { type: 'modal.dismiss', via: 'overlay' },
      { type: 'modal.dismiss', via: 'closeButton' },
      { type: 'modal.keyDown', keyCode: ESCAPE_KEY },
    ] as const) {
      a.send({ type: 'modal.open', component: 'rights-edit' });
      vi.advanceTimersByTime(MODAL_FADE);
      a.send(ev);
      expect(a.getSnapshot().matches('fadingOut')).toBe(true);
      vi.advanceTimersByTime(MODAL_FADE);
      expect(a.getSnapshot().matches('idle')).toBe(true);
    }
    expect(closed.map((c) => c.component)).toEqual(['rights-edit', 'rights-edit', 'rights-edit']);
  });

  it('ignores keys other than Escape', () => {
    const { a } = start();
    a.send({ type: 'modal.open', component: 'rights-edit' });
    vi.advanceTimersByTime(MODAL_FADE);
    a.send({ type: 'modal.keyDown', keyCode: 13 });
    expect(a.getSnapshot().matches('shown')).toBe(true);
  });

  it('a protected modal ignores overlay, close button and Escape; only its content closes it', () => {
    const { a, closed } = start();
    a.send({ type: 'modal.open', component: 'represented-choice', class: 'modal-protected' });
    vi.advanceTimersByTime(MODAL_FADE);
    a.send({ type: 'modal.dismiss', via: 'overlay' });
    a.send({ type: 'modal.dismiss', via: 'closeButton' });
    a.send({ type: 'modal.keyDown', keyCode: ESCAPE_KEY });
    expect(a.getSnapshot().matches('shown')).toBe(true);
    a.send({ type: 'modal.close', result: 'picked' });
    vi.advanceTimersByTime(MODAL_FADE);
    expect(closed).toEqual([{ component: 'represented-choice', result: 'picked' }]);
  });

  it('a protected and closeable modal closes by button and Escape but never by overlay', () => {
    const { a } = start();
    a.send({ type: 'modal.open', component: 'terms', protected: true, closeable: true });
    vi.advanceTimersByTime(MODAL_FADE);
    a.send({ type: 'modal.dismiss', via: 'overlay' });
    expect(a.getSnapshot().matches('shown')).toBe(true);
    a.send({ type: 'modal.keyDown', keyCode: ESCAPE_KEY });
    expect(a.getSnapshot().matches('fadingOut')).toBe(true);
    vi.advanceTimersByTime(MODAL_FADE);
    a.send({ type: 'modal.open', component: 'terms', class: 'modal-protected modal-closeable' });
    vi.advanceTimersByTime(MODAL_FADE);
    a.send({ type: 'modal.dismiss', via: 'closeButton' });
    expect(a.getSnapshot().matches('fadingOut')).toBe(true);
  });

  it('opens add-customer from the URL first, then the queued choice modal', () => {
    const { a, closed, opened } = start();
    a.send({ type: 'modal.openFromUrl', modalName: 'add-customer' });
    a.send({ type: 'modal.open', component: 'represented-choice', class: 'modal-protected' });
    vi.advanceTimersByTime(MODAL_FADE);
    expect(a.getSnapshot().context.current?.component).toBe('customer-add');
    expect(a.getSnapshot().context.queue.map((q) => q.component)).toEqual(['represented-choice']);
    a.send({ type: 'modal.close', result: { created: true } });
    vi.advanceTimersByTime(MODAL_FADE);
    expect(closed).toEqual([{ component: 'customer-add', result: { created: true } }]);
    expect(a.getSnapshot().matches('fadingIn')).toBe(true);
    vi.advanceTimersByTime(MODAL_FADE);
    expect(opened).toEqual(['customer-add', 'represented-choice']);
    expect(a.getSnapshot().context.current?.protected).toBe(true);
  });

  it('opens the load-failure modal for an unknown URL modal name (spec 1 §8), closeable by Escape', () => {
    const { a, opened } = start();
    a.send({ type: 'modal.openFromUrl', modalName: 'no-such-modal' });
    expect(a.getSnapshot().context.current).toMatchObject({
      component: MODAL_LOAD_ERROR,
      protected: false,
      params: { modalName: 'no-such-modal' },
    });
    vi.advanceTimersByTime(MODAL_FADE);
    expect(opened).toEqual([MODAL_LOAD_ERROR]);
    a.send({ type: 'modal.keyDown', keyCode: ESCAPE_KEY });
    vi.advanceTimersByTime(MODAL_FADE);
    expect(a.getSnapshot().matches('idle')).toBe(true);
  });

  it('ignores duplicate requests', () => {
    const { a } = start();
    a.send({ type: 'modal.openFromUrl', modalName: 'add-customer' });
    a.send({ type: 'modal.open', component: 'customer-add' });
    a.send({ type: 'modal.openFromUrl', modalName: 'customer-add' });
    expect(a.getSnapshot().context.queue).toEqual([]);
  });

  it('closeAll drops the queue', () => {
    const { a } = start();
    a.send({ type: 'modal.open', component: 'a' });
    a.send({ type: 'modal.open', component: 'b' });
    a.send({ type: 'modal.closeAll' });
    vi.advanceTimersByTime(2 * MODAL_FADE);
    expect(a.getSnapshot().matches('idle')).toBe(true);
  });

  it('derives the flags from the class list', () => {
    expect(toModalRequest({ component: 'x', class: 'wide modal-protected' })).toMatchObject({
      protected: true,
      closeable: false,
      classes: ['wide', 'modal-protected'],
    });
    expect(toModalRequest({ component: 'x', protected: true })).toMatchObject({ classes: ['modal-protected'] });
  });

  it('model: generated shortest paths reach every transition', () => {
    const report = transitionCoverage(model);
    expect(report.missing).toEqual([]);
    expect(report.covered).toBe(report.total);
  });
});
