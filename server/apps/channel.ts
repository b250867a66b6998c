/**
 * The client side of the embedded-application channel (spec 1 §4 "Embedded-application channel", "Iframe message
 * channel"; the wire format is domain/external/channel.ts), as a plain browser script every demo application's
 * page includes. It:
 * - posts to `window.parent` with the portal's origin as target (never '*'), and only when framed;
 * - accepts a message only when its origin is the portal's and its sender is `window.parent`;
 * - posts `{ scope, method: 'ready' }` once loaded, answers `{ scope, id, method: 'ping' }` with
 *   `{ scope, id, result: 'pong' }` (after asking its own server, so the console's "not answering pings" switch and a
 *   hung server both leave the ping unanswered), answers a call to an unknown method with `unknown_method`;
 * - posts `'height|<px>'` with its content height on load and whenever it changes, and offers `scroll|<px>` and
 *   `scroll-to-view|<px>`;
 * - hands notifications (e.g. `ossUpdateInitialData`) to the page's handlers: `EpitChannel.on(method, fn)`.
 * Reads its settings from `<script type="application/json" id="app-config">`: `{ portalOrigin, pingUrl, silent? }`
 * (`silent`: the console's "never ready" switch; nothing is posted, so the portal never hears ready or a pong).
 */
import { CHANNEL_METHOD, CHANNEL_SCOPE, PONG } from '../../domain/external/channel.js';

export const CHANNEL_SCRIPT = `(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('app-config').textContent);
  var SCOPE = ${JSON.stringify(CHANNEL_SCOPE)};
  var framed = window.parent !== window;
  var handlers = {};
  function post(message) {
    // the console's "never ready": the page loads but never speaks to the portal
    if (framed && !cfg.silent) window.parent.postMessage(message, cfg.portalOrigin);
  }
  var lastHeight = -1;
  function reportHeight() {
    var root = document.getElementById('app-root');
    if (!root) return;
    var style = getComputedStyle(document.body);
    var h = Math.ceil(root.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    if (h !== lastHeight) {
      lastHeight = h;
      post('height|' + h);
    }
  }
  function answerPing(id) {
    fetch(cfg.pingUrl, { cache: 'no-store', credentials: 'same-origin' }).then(
      function (res) { if (res.ok) post({ scope: SCOPE, id: id, result: ${JSON.stringify(PONG)} }); },
      function () {}
    );
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== cfg.portalOrigin || event.source !== window.parent) return;
    var d = event.data;
    if (!d || typeof d !== 'object' || d.scope !== SCOPE || typeof d.method !== 'string') return;
    var hasId = typeof d.id === 'string' || typeof d.id === 'number';
    if (d.method === ${JSON.stringify(CHANNEL_METHOD.ping)}) {
      if (hasId) answerPing(d.id);
      return;
    }
    var handler = Object.prototype.hasOwnProperty.call(handlers, d.method) ? handlers[d.method] : null;
    if (!hasId) {
      if (handler) handler(d.params);
      return;
    }
    if (!handler) {
      post({ scope: SCOPE, id: d.id, error: 'unknown_method', message: "the application has no method '" + d.method + "'" });
      return;
    }
    try {
      var result = handler(d.params);
      post({ scope: SCOPE, id: d.id, result: result === undefined ? null : result });
    } catch (err) {
      post({ scope: SCOPE, id: d.id, error: 'failed', message: String(err && err.message || err) });
    }
  });
  window.EpitChannel = {
    framed: framed,
    portalOrigin: cfg.portalOrigin,
    on: function (method, fn) { handlers[method] = fn; },
    notify: function (method, params) {
      post(params === undefined ? { scope: SCOPE, method: method } : { scope: SCOPE, method: method, params: params });
    },
    scroll: function (pixels) { post('scroll|' + Math.max(0, Math.round(pixels))); },
    scrollToView: function (pixels) { post('scroll-to-view|' + Math.max(0, Math.round(pixels))); },
    reportHeight: reportHeight
  };
  function start() {
    if (typeof ResizeObserver === 'function') {
      var root = document.getElementById('app-root');
      if (root) new ResizeObserver(reportHeight).observe(root);
    }
    window.addEventListener('load', reportHeight);
    post({ scope: SCOPE, method: ${JSON.stringify(CHANNEL_METHOD.ready)} });
    reportHeight();
  }
  // the script follows #app-root, so it starts at once: 'ready' goes before anything the page itself posts
  if (document.getElementById('app-root')) start();
  else document.addEventListener('DOMContentLoaded', start);
})();`;
