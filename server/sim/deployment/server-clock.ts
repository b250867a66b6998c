/**
 * Simulator console: the server's clock. Reset links expire after 24 hours on the server's clock
 * (spec 2 §9), so the console can move it, e.g. +25 h, to try an expired link, and move it back.
 *
 *   GET  /sim/api/clock                  → { now, offsetMs }
 *   POST /sim/api/clock { shiftMs }      → { now, offsetMs }   (XSRF like every /sim POST; 409 when fixed)
 *   POST /sim/api/clock { reset: true }  → back to real time
 *
 * Moving the clock moves it for everything: sessions idle out, tickets and keys expire. Move it back when done.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { HttpError, parseOrThrow } from '../../lib/errors.js';
import { registerConsoleSection } from '../console/sections.js';

const HOUR = 3_600_000;
const Body = z.union([
  z
    .object({
      shiftMs: z
        .number()
        .int()
        .min(-400 * 24 * HOUR)
        .max(400 * 24 * HOUR),
    })
    .strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);

const offsets = new WeakMap<Clock, number>();
const offsetOf = (clock: Clock) => offsets.get(clock) ?? 0;

function shift(clock: Clock, ms: number): number {
  if (!clock.shift) throw new HttpError(409, 'FIXED_CLOCK', 'This server clock cannot be moved.');
  clock.shift(ms);
  const offset = offsetOf(clock) + ms;
  offsets.set(clock, offset);
  return offset;
}

export const serverClockRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { clock } = app.deps;
  const state = () => ({ now: clock.now().toISOString(), offsetMs: offsetOf(clock) });
  app.get('/api/clock', () => state());
  app.post('/api/clock', (req) => {
    const body = parseOrThrow(Body, req.body ?? {});
    shift(clock, 'reset' in body ? -offsetOf(clock) : body.shiftMs);
    return state();
  });
  done();
};

registerConsoleSection({
  id: 'server-clock',
  title: 'Server clock',
  order: 80,
  render({ clock }) {
    const offset = offsetOf(clock);
    return `<p class="hint">Reset links expire 24 h after they were sent, on this clock. Moving it also idles out sessions.</p>
<p>Now: <time id="clock-now">${clock.now().toISOString()}</time> (offset <span id="clock-offset">${offset / HOUR}</span> h)</p>
<button type="button" data-shift="${25 * HOUR}">+25 h</button> <button type="button" data-shift="${HOUR}">+1 h</button>
<button type="button" id="clock-reset">Real time</button>`;
  },
  script: `function showClock(s){document.getElementById('clock-now').textContent=s.now;document.getElementById('clock-offset').textContent=String(s.offsetMs/3600000);}
document.querySelectorAll('button[data-shift]').forEach(function (b) {
  b.addEventListener('click', async function () {
    var res = await simPost('/sim/api/clock', { shiftMs: Number(b.getAttribute('data-shift')) });
    if (!res.ok) { simStatus('Could not move the clock'); return; }
    showClock(await res.json()); simStatus('Clock moved');
  });
});
document.getElementById('clock-reset').addEventListener('click', async function () {
  var res = await simPost('/sim/api/clock', { reset: true });
  if (!res.ok) { simStatus('Could not reset the clock'); return; }
  showClock(await res.json()); simStatus('Clock at real time');
});`,
});
