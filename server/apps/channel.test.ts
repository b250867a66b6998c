/**
 * The client side of the channel (server/apps/channel.ts), run in a bare script context with a fake window: what it
 * posts is read back with the portal's own parser (domain/external/channel.ts), so the two sides agree.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseFrameMessage, pingMessage, portalHashFromOss } from '../../domain/external/index.js';
import { CHANNEL_SCRIPT } from './channel.js';

const PORTAL = 'http://localhost:8080';

interface Posted {
  message: unknown;
  target: string;
}

function frame(opts: { framed?: boolean; pingAnswers?: boolean; silent?: boolean } = {}) {
  const posted: Posted[] = [];
  const listeners: Record<string, ((e: unknown) => void)[]> = {};
  const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
  const stranger = { postMessage: () => undefined };
  const window: Record<string, unknown> = {
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] ??= []).push(fn),
  };
  window.parent = opts.framed === false ? window : parent;
  let height = 640.2;
  const document = {
    readyState: 'complete',
    body: {},
    addEventListener: () => undefined,
    getElementById: (id: string) =>
      id === 'app-config'
        ? {
            textContent: JSON.stringify({
              portalOrigin: PORTAL,
              pingUrl: '/oss/api/ping',
              ...(opts.silent ? { silent: true } : {}),
            }),
          }
        : id === 'app-root'
          ? { getBoundingClientRect: () => ({ height }) }
          : null,
  };
  const pings: string[] = [];
  const fetch = (url: string) => {
    pings.push(url);
    return Promise.resolve({ ok: opts.pingAnswers !== false });
  };
  vm.runInNewContext(CHANNEL_SCRIPT, {
    window,
    document,
    fetch,
    getComputedStyle: () => ({ marginTop: '0px', marginBottom: '8px' }),
  });
  const channel = window.EpitChannel as {
    on(method: string, fn: (params: unknown) => unknown): void;
    notify(method: string, params?: unknown): void;
    scroll(px: number): void;
    scrollToView(px: number): void;
    reportHeight(): void;
  };
  return {
    posted,
    pings,
    channel,
    parent,
    stranger,
    setHeight: (h: number) => (height = h),
    send: (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
      listeners.message.forEach((fn) => fn({ data, origin: from.origin ?? PORTAL, source: from.source ?? parent })),
    /** what the portal reads of everything posted so far */
    read: () => posted.map((p) => parseFrameMessage(p.message)),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the application side of the channel', () => {
  it('with the console\u2019s "never ready" (silent) posts nothing: no ready, no height, no pong', async () => {
    const f = frame({ silent: true });
    f.channel.scroll(10);
    f.send(pingMessage(1));
    await settle();
    expect(f.posted).toEqual([]);
  });

  it('posts ready and its content height to the portal origin only, never to "*"', () => {
    const f = frame();
    expect(f.posted.every((p) => p.target === PORTAL)).toBe(true);
    expect(f.read()).toEqual([{ type: 'channel.ready' }, { type: 'channel.height', pixels: 649 }]);
    f.channel.reportHeight(); // unchanged: not posted again
    f.setHeight(900);
    f.channel.reportHeight();
    expect(f.read().slice(2)).toEqual([{ type: 'channel.height', pixels: 908 }]);
  });

  it('answers a ping from the portal with pong, after its own server answered', async () => {
    const f = frame();
    f.send(pingMessage(7));
    await settle();
    expect(f.pings).toEqual(['/oss/api/ping']);
    expect(f.read().at(-1)).toEqual({ type: 'channel.pong', id: 'ping-7' });
  });

  it('leaves a ping unanswered when its server says no (not answering pings)', async () => {
    const f = frame({ pingAnswers: false });
    f.send(pingMessage(1));
    await settle();
    expect(f.read()).toHaveLength(2); // ready and height only
  });

  it('ignores messages from another origin or from a window other than its parent', async () => {
    const f = frame();
    let called = 0;
    f.channel.on('ossUpdateInitialData', () => void called++);
    const note = { scope: 'ClientApplication', method: 'ossUpdateInitialData', params: { urlHash: '' } };
    f.send(pingMessage(1), { origin: 'https://evil.example' });
    f.send(pingMessage(2), { source: f.stranger });
    f.send(note, { origin: 'https://evil.example' });
    f.send(note, { source: f.stranger });
    f.send({ method: 'ossUpdateInitialData' }); // no scope: not this channel
    await settle();
    expect(f.pings).toEqual([]);
    expect(called).toBe(0);
    f.send(note);
    expect(called).toBe(1);
  });

  it('hands notifications to the page, answers calls, and refuses unknown methods', () => {
    const f = frame();
    const seen: unknown[] = [];
    f.channel.on('ossUpdateInitialData', (p) => void seen.push(p));
    f.channel.on('whoAmI', () => ({ app: 'OSS' }));
    const params = { customerId: 'EPEE11000015', language: 'ET', domain: 'EE', urlHash: '/shipments/CP100038145EE' };
    f.send({ scope: 'ClientApplication', method: 'ossUpdateInitialData', params });
    expect(seen).toEqual([params]);
    f.send({ scope: 'ClientApplication', id: 'call-1', method: 'whoAmI' });
    f.send({ scope: 'ClientApplication', id: 'call-2', method: 'nope' });
    expect(f.read().slice(2)).toEqual([
      { type: 'channel.answer', id: '1', result: { app: 'OSS' } },
      { type: 'channel.failure', id: '2', error: 'unknown_method', message: "the application has no method 'nope'" },
    ]);
  });

  it('reports a hash change, scroll and scroll-to-view in the shapes the portal reads', () => {
    const f = frame();
    f.channel.notify('ossChangeUrlHash', { changeHash: '/shipments/CP100038145EE' });
    f.channel.scroll(0);
    f.channel.scrollToView(312.6);
    const [change, scroll, toView] = f.read().slice(2);
    expect(change).toEqual({
      type: 'channel.notification',
      method: 'ossChangeUrlHash',
      params: { changeHash: '/shipments/CP100038145EE' },
    });
    expect(portalHashFromOss(change && 'params' in change ? change.params : null)).toBe('#/shipments/CP100038145EE');
    expect(scroll).toEqual({ type: 'channel.scroll', pixels: 0 });
    expect(toView).toEqual({ type: 'channel.scrollToView', pixels: 313 });
  });

  it('posts nothing when it is not in a frame', () => {
    const f = frame({ framed: false });
    f.channel.notify('ossChangeUrlHash', { changeHash: '' });
    expect(f.posted).toEqual([]);
  });
});
