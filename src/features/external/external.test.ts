import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { frameChannelMachine, isChannelActive } from '../../../machines/frameChannel.machine';
import { frameConnectionMachine } from '../../../machines/frameConnection.machine';
import { CHANNEL_SCOPE } from '../../../domain/external';
import { frameDocumentKey, guidOf, withMenuPath } from '../../../domain/external';
import { createWindowChannel, type FrameSlot } from './window-channel';

const APPS = 'http://localhost:8081';
const SRC = `${APPS}/oss/login?guid=EPEE11000015&lang=en&menuPath=%2Fshipments%2FX&timestamp=1`;

describe('frame-src', () => {
  it('the order system keeps its document across a new timestamp, language and menu path, not another customer', () => {
    const later = `${APPS}/oss/login?guid=EPEE11000015&lang=et&timestamp=2`;
    expect(frameDocumentKey(later, { oss: true })).toBe(frameDocumentKey(SRC, { oss: true }));
    const other = `${APPS}/oss/login?guid=EPEE11000026&lang=en&timestamp=2`;
    expect(frameDocumentKey(other, { oss: true })).not.toBe(frameDocumentKey(SRC, { oss: true }));
  });

  it('another application loads again for another language, but not for a new timestamp', () => {
    const a = `${APPS}/finance/?guid=LVLV40003012345&lang=en&timestamp=1`;
    expect(frameDocumentKey(`${APPS}/finance/?guid=LVLV40003012345&lang=en&timestamp=9`, { oss: false })).toBe(
      frameDocumentKey(a, { oss: false }),
    );
    expect(frameDocumentKey(`${APPS}/finance/?guid=LVLV40003012345&lang=lv&timestamp=1`, { oss: false })).not.toBe(
      frameDocumentKey(a, { oss: false }),
    );
  });

  it('sets, replaces and drops the menu path; reads the guid', () => {
    expect(new URL(withMenuPath(SRC, '/shipments/new')).searchParams.get('menuPath')).toBe('/shipments/new');
    expect(new URL(withMenuPath(SRC, '')).searchParams.has('menuPath')).toBe(false);
    expect(guidOf(SRC)).toBe('EPEE11000015');
  });
});

/** A window with message events, and a frame window that records what is posted to it. */
function fakeBrowser() {
  const win = new EventTarget();
  const listeners = new Set<unknown>();
  const add = win.addEventListener.bind(win);
  const remove = win.removeEventListener.bind(win);
  win.addEventListener = (type, fn, options) => {
    if (type === 'message') listeners.add(fn);
    add(type, fn, options);
  };
  win.removeEventListener = (type, fn, options) => {
    if (type === 'message') listeners.delete(fn);
    remove(type, fn, options);
  };
  const posted: Array<{ message: unknown; origin: string }> = [];
  const contentWindow = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  const slot: FrameSlot = { current: { contentWindow } as unknown as HTMLIFrameElement };
  const message = (data: unknown, origin: string, source: unknown) =>
    win.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  return { win, posted, contentWindow, slot, message, listeners };
}

describe('windowChannel (the browser side of the frame channel)', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    vi.useFakeTimers();
    browser = fakeBrowser();
    vi.stubGlobal('window', browser.win);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function start() {
    const actor = createActor(
      frameChannelMachine.provide({
        actors: {
          connection: frameConnectionMachine.provide({ actors: { windowChannel: createWindowChannel(browser.slot) } }),
        },
      }),
    ).start();
    actor.send({ type: 'frame.attach', src: SRC });
    return actor;
  }

  it("accepts 'ready' only from the frame's origin and the frame's window, and posts to the frame's origin only", () => {
    const actor = start();
    // the ping on opening went to the frame, addressed to its origin
    expect(browser.posted).toEqual([{ message: { scope: CHANNEL_SCOPE, id: 'ping-1', method: 'ping' }, origin: APPS }]);
    const ready = { scope: CHANNEL_SCOPE, method: 'ready' };
    browser.message(ready, 'http://evil.example', browser.contentWindow);
    browser.message(ready, APPS, {});
    expect(isChannelActive(actor.getSnapshot())).toBe(false);
    browser.message(ready, APPS, browser.contentWindow);
    expect(isChannelActive(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: '' } });
    expect(browser.posted.at(-1)).toEqual({
      message: { scope: CHANNEL_SCOPE, method: 'ossUpdateInitialData', params: { urlHash: '' } },
      origin: APPS,
    });
    actor.stop();
  });

  it('listens while the channel is open and never twice: a failed ping, the rebuild and the detach leave no listener behind', () => {
    const actor = start();
    expect(browser.listeners.size).toBe(1);
    // the ping goes unanswered: the channel is destroyed (no listener), then rebuilt after RECONNECT
    vi.advanceTimersByTime(1000);
    expect(browser.listeners.size).toBe(0);
    vi.advanceTimersByTime(100);
    expect(browser.listeners.size).toBe(1);
    actor.send({ type: 'frame.attach', src: SRC });
    expect(browser.listeners.size).toBe(1);
    actor.send({ type: 'frame.detach' });
    expect(browser.listeners.size).toBe(0);
    actor.stop();
  });
});
