import { describe, expect, it } from 'vitest';
import { createDebugLog, DEBUG_OVERLAY_MAX_LINES, installDebugCapture, systemErrorOf } from './debug-log';

describe('debug overlay log', () => {
  it('keeps at most 100 lines, the newest ones', () => {
    const log = createDebugLog();
    for (let i = 1; i <= 150; i++) log.push(`line ${i}`);
    expect(DEBUG_OVERLAY_MAX_LINES).toBe(100);
    expect(log.lines()).toHaveLength(100);
    expect(log.lines()[0]).toBe('line 51');
    expect(log.lines()[99]).toBe('line 150');
  });

  it('counts a multi-line text line by line (a stack cannot push the cap over 100)', () => {
    const log = createDebugLog();
    log.push(Array.from({ length: 130 }, (_, i) => `at frame ${i}`).join('\n'));
    expect(log.lines()).toHaveLength(100);
    expect(log.lines()[99]).toBe('at frame 129');
  });

  it('tells subscribers, and clears', () => {
    const log = createDebugLog();
    let heard = 0;
    const off = log.subscribe(() => heard++);
    log.push('a');
    log.clear();
    off();
    log.push('b');
    expect(heard).toBe(2);
    expect(log.lines()).toEqual(['b']);
  });

  it('captures console warnings and errors, still printing them, and opens the modal on an uncaught error', () => {
    const log = createDebugLog();
    const printed: unknown[][] = [];
    const con = {
      warn: (...a: unknown[]) => void printed.push(a),
      error: (...a: unknown[]) => void printed.push(a),
    } as unknown as Console; // only the two methods the capture wraps
    const target = new EventTarget() as Window;
    const undo = installDebugCapture(log, target, con);
    con.warn('careful', 1);
    const boom = new Error('boom');
    target.dispatchEvent(Object.assign(new Event('error'), { error: boom, message: 'boom' }));
    undo();
    con.warn('after');
    expect(printed).toEqual([['careful', 1], ['after']]);
    expect(log.lines().some((l) => l.endsWith('warn careful 1'))).toBe(true);
    expect(log.error()).toEqual(systemErrorOf(boom));
    expect(log.error()?.stack).toContain('boom');
  });
});
