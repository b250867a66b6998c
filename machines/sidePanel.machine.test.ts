import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { PANEL_SWITCH, sidePanelMachine } from './sidePanel.machine';
import { transitionCoverage } from '../tests/support/model/transition-coverage';
import model from './sidePanel.model';

describe('sidePanel machine (spec 1 §2 side panel)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => createActor(sidePanelMachine).start();

  it('opens on the first click', () => {
    const a = start();
    a.send({ type: 'panel.entryClicked', entry: 'private' });
    expect(a.getSnapshot().matches('open')).toBe(true);
    expect(a.getSnapshot().context.openEntry).toBe('private');
  });

  it('waits the spec switch delay of 200 ms (spec 1 §9)', () => {
    expect(PANEL_SWITCH).toBe(200);
  });

  it('switches to another entry only after PANEL_SWITCH', () => {
    const a = start();
    a.send({ type: 'panel.entryClicked', entry: 'private' });
    a.send({ type: 'panel.entryClicked', entry: 'logistics' });
    expect(a.getSnapshot().hasTag('switching')).toBe(true);
    vi.advanceTimersByTime(PANEL_SWITCH - 1);
    expect(a.getSnapshot().context.openEntry).toBe('private');
    vi.advanceTimersByTime(1);
    expect(a.getSnapshot().matches('open')).toBe(true);
    expect(a.getSnapshot().context.openEntry).toBe('logistics');
  });

  it('closes on a click on the open entry', () => {
    const a = start();
    a.send({ type: 'panel.entryClicked', entry: 'private' });
    a.send({ type: 'panel.entryClicked', entry: 'private' });
    expect(a.getSnapshot().matches('closed')).toBe(true);
  });

  it('closes on a click on the entry that is about to open', () => {
    const a = start();
    a.send({ type: 'panel.entryClicked', entry: 'private' });
    a.send({ type: 'panel.entryClicked', entry: 'logistics' });
    a.send({ type: 'panel.entryClicked', entry: 'logistics' });
    expect(a.getSnapshot().matches('closed')).toBe(true);
    vi.advanceTimersByTime(2 * PANEL_SWITCH);
    expect(a.getSnapshot().matches('closed')).toBe(true);
  });

  it('closes when a link inside the panel is clicked, also mid-switch', () => {
    const a = start();
    a.send({ type: 'panel.entryClicked', entry: 'private' });
    a.send({ type: 'panel.linkClicked' });
    expect(a.getSnapshot().matches('closed')).toBe(true);
    a.send({ type: 'panel.entryClicked', entry: 'private' });
    a.send({ type: 'panel.entryClicked', entry: 'logistics' });
    a.send({ type: 'panel.linkClicked' });
    vi.advanceTimersByTime(2 * PANEL_SWITCH);
    expect(a.getSnapshot().matches('closed')).toBe(true);
  });

  it('model: generated shortest paths reach every transition', () => {
    const report = transitionCoverage(model);
    expect(report.missing).toEqual([]);
    expect(report.covered).toBe(report.total);
  });
});
