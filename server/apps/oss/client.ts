/**
 * Shipment registration's browser script: a hash-routed page (spec 1 §4 "OSS hash sync") over the application's own
 * JSON API. Routes (the hash without '#', as the channel carries it):
 *   ''  or '/'              the shipment list
 *   '/shipments/<id>'       a shipment
 *   '/shipments/new'        the new-shipment form
 * Every hash change — a link, `location`, or `history.pushState` / `replaceState` (a registered shipment's page
 * replaces the form's history entry) — is reported to the portal as `ossChangeUrlHash` `{ changeHash }` (the list as
 * ''); the portal's `ossUpdateInitialData` `{ customerId, language, domain, urlHash }` moves the page (without a
 * history entry of its own), re-texts it in the language, and opens the login address again for another customer.
 */
import { CHANNEL_METHOD } from '../../../domain/external/channel.js';

export const OSS_CLIENT_SCRIPT = `(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('app-config').textContent);
  var ch = window.EpitChannel;
  var lang = cfg.lang;
  var view = document.getElementById('oss-view');
  var list = null;
  var applied = null;
  function t(key) {
    var d = cfg.texts[lang] || cfg.texts.en;
    return Object.prototype.hasOwnProperty.call(d, key) ? d[key] : key;
  }
  function esc(s) {
    return String(s == null ? '' : s).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }
  function fmtDate(iso) {
    try { return new Intl.DateTimeFormat(cfg.locales[lang], { dateStyle: 'medium' }).format(new Date(iso)); }
    catch (e) { return iso.slice(0, 10); }
  }
  function fmtWeight(grams) {
    return new Intl.NumberFormat(cfg.locales[lang], { maximumFractionDigits: 2 }).format(grams / 1000) + ' kg';
  }
  function countryName(code) {
    try { return new Intl.DisplayNames([cfg.locales[lang]], { type: 'region' }).of(code) || code; }
    catch (e) { return code; }
  }
  function badge(status) {
    var cls = status === 'DELIVERED' ? 'ok' : status === 'RETURNED' ? 'bad' : 'warn';
    return '<span class="badge ' + cls + '">' + esc(t('status.' + status)) + '</span>';
  }
  function currentHash() {
    var h = location.hash.replace(/^#/, '');
    return h === '/' ? '' : h;
  }
  function route() {
    var h = currentHash();
    if (h === '') return { name: 'list' };
    if (h === '/shipments/new') return { name: 'new' };
    var m = /^\\/shipments\\/([A-Z]{2}\\d{9}[A-Z]{2})$/.exec(h);
    if (m) return { name: 'shipment', id: m[1] };
    return { name: 'unknown' };
  }
  function api(path, init) {
    var url = cfg.apiBase + path + (path.indexOf('?') >= 0 ? '&' : '?') + 'guid=' + encodeURIComponent(cfg.guid);
    var opts = init || {};
    opts.credentials = 'same-origin';
    opts.headers = Object.assign({ accept: 'application/json' }, opts.headers || {});
    return fetch(url, opts).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) { return { status: res.status, body: body }; });
    });
  }
  function show(html) {
    view.innerHTML = html;
    ch.reportHeight();
  }
  function retext() {
    document.documentElement.lang = lang;
    document.querySelectorAll('[data-t]').forEach(function (el) { el.textContent = t(el.getAttribute('data-t')); });
    var role = document.querySelector('[data-role]');
    if (role && cfg.roleNames[lang]) role.textContent = cfg.roleNames[lang];
  }
  function loadFailed() { show('<p class="notice bad" role="alert">' + esc(t('loadFailed')) + '</p>'); }

  function renderList() {
    document.title = t('shipments') + ' – ' + t('appName');
    var actions = cfg.canRegister
      ? '<p class="actions"><a class="button" href="#/shipments/new" data-testid="oss-new">' + esc(t('newShipment')) + '</a></p>'
      : '<p class="notice">' + esc(t('viewerOnly')) + '</p>';
    function draw() {
      if (!list.length) return show('<h2>' + esc(t('shipments')) + '</h2>' + actions + '<p>' + esc(t('noShipments')) + '</p>');
      show('<h2>' + esc(t('shipments')) + '</h2>' + actions +
        '<table data-testid="oss-shipments"><caption class="visually-hidden">' + esc(t('shipments')) + '</caption><thead><tr><th scope="col">' + esc(t('trackingNumber')) +
        '</th><th scope="col">' + esc(t('recipient')) + '</th><th scope="col">' + esc(t('destination')) + '</th><th scope="col">' +
        esc(t('status')) + '</th><th scope="col">' + esc(t('registered')) + '</th></tr></thead><tbody>' +
        list.map(function (s) {
          return '<tr data-shipment="' + esc(s.id) + '"><td><a href="#/shipments/' + esc(s.id) + '">' + esc(s.id) + '</a></td><td>' +
            esc(s.recipient.name) + '</td><td>' + esc(s.recipient.city + ', ' + countryName(s.recipient.country)) + '</td><td>' +
            badge(s.status) + '</td><td>' + esc(fmtDate(s.registeredAt)) + '</td></tr>';
        }).join('') + '</tbody></table>');
    }
    if (list) return draw();
    show('<p role="status">' + esc(t('loading')) + '</p>');
    api('shipments').then(function (r) {
      if (r.status !== 200) return loadFailed();
      list = r.body.value;
      if (route().name === 'list') draw();
    }, loadFailed);
  }

  function renderShipment(id) {
    show('<p role="status">' + esc(t('loading')) + '</p>');
    api('shipments/' + encodeURIComponent(id)).then(function (r) {
      if (route().name !== 'shipment' || route().id !== id) return;
      var back = '<p class="actions"><a class="button secondary" href="#/">' + esc(t('backToList')) + '</a></p>';
      if (r.status === 404) return show('<h2>' + esc(id) + '</h2><p class="notice bad" role="alert">' + esc(t('notFound')) + '</p>' + back);
      if (r.status !== 200) return loadFailed();
      var s = r.body.value;
      document.title = s.id + ' – ' + t('appName');
      show('<h2 data-testid="oss-shipment-id">' + esc(s.id) + '</h2><dl class="details" data-testid="oss-shipment">' +
        '<dt>' + esc(t('status')) + '</dt><dd>' + badge(s.status) + '</dd>' +
        '<dt>' + esc(t('service')) + '</dt><dd>' + esc(t('service.' + s.service)) + '</dd>' +
        '<dt>' + esc(t('recipient')) + '</dt><dd>' + esc(s.recipient.name) + '</dd>' +
        '<dt>' + esc(t('address')) + '</dt><dd>' + esc(s.recipient.street + ', ' + s.recipient.zipCode + ' ' + s.recipient.city + ', ' + countryName(s.recipient.country)) + '</dd>' +
        '<dt>' + esc(t('weight')) + '</dt><dd>' + esc(fmtWeight(s.weightGrams)) + '</dd>' +
        '<dt>' + esc(t('registered')) + '</dt><dd>' + esc(fmtDate(s.registeredAt)) + '</dd></dl>' + back);
    }, loadFailed);
  }

  function field(name, label, input) {
    return '<div><label for="f-' + name + '">' + esc(t(label)) + '</label>' + input +
      '<p class="field-error" id="e-' + name + '" hidden></p></div>';
  }
  function text(name, label, max) {
    return field(name, label, '<input id="f-' + name + '" name="' + name + '" maxlength="' + max + '" aria-describedby="e-' + name + '" required>');
  }
  function renderNew() {
    document.title = t('newShipment') + ' – ' + t('appName');
    if (!cfg.canRegister) return show('<h2>' + esc(t('newShipment')) + '</h2><p class="notice">' + esc(t('viewerOnly')) + '</p>');
    var services = cfg.services.map(function (s) { return '<option value="' + s + '">' + esc(t('service.' + s)) + '</option>'; }).join('');
    var countries = cfg.countries.map(function (c) {
      return '<option value="' + c + '"' + (c === cfg.homeCountry ? ' selected' : '') + '>' + esc(countryName(c)) + '</option>';
    }).join('');
    show('<h2>' + esc(t('newShipment')) + '</h2><form class="grid" id="oss-form" novalidate>' +
      field('service', 'service', '<select id="f-service" name="service">' + services + '</select>') +
      text('recipientName', 'recipientName', 100) + text('street', 'street', 120) + text('city', 'city', 60) +
      text('zipCode', 'zipCode', 10) +
      field('country', 'country', '<select id="f-country" name="country">' + countries + '</select>') +
      field('weightKg', 'weightKg', '<input id="f-weightKg" name="weightKg" inputmode="decimal" aria-describedby="e-weightKg" required>') +
      '<p class="actions" style="grid-column:1/-1"><button class="button" type="submit">' + esc(t('register')) + '</button>' +
      '<a class="button secondary" href="#/">' + esc(t('cancel')) + '</a></p><p class="notice bad" id="form-error" role="alert" hidden></p></form>');
    document.getElementById('oss-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var form = e.target;
      var data = {};
      ['service', 'recipientName', 'street', 'city', 'zipCode', 'country'].forEach(function (n) { data[n] = form.elements[n].value.trim(); });
      data.weightKg = Number(form.elements.weightKg.value.trim().replace(',', '.'));
      var errors = {};
      ['recipientName', 'street', 'city', 'zipCode'].forEach(function (n) { if (!data[n]) errors[n] = 'required'; });
      if (data.zipCode && !/^[A-Za-z0-9 -]{3,10}$/.test(data.zipCode)) errors.zipCode = 'badZip';
      if (!form.elements.weightKg.value.trim()) errors.weightKg = 'required';
      else if (!(data.weightKg >= 0.01 && data.weightKg <= 30)) errors.weightKg = 'badWeight';
      if (Object.keys(errors).length) return showErrors(errors);
      api('shipments', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': cfg.csrf }, body: JSON.stringify(data) })
        .then(function (r) {
          // the shipment's page takes the form's place in the history (Back does not return to a sent form)
          if (r.status === 201) { list = null; history.replaceState(history.state, '', '#/shipments/' + r.body.value.id); return; }
          if (r.status === 400 && r.body.fields) return showErrors(r.body.fields);
          var box = document.getElementById('form-error');
          box.textContent = t('saveFailed');
          box.hidden = false;
          ch.reportHeight();
        });
    });
  }
  function showErrors(errors) {
    var first = null;
    document.querySelectorAll('.field-error').forEach(function (p) { p.hidden = true; p.textContent = ''; });
    document.querySelectorAll('#oss-form [aria-invalid]').forEach(function (el) { el.removeAttribute('aria-invalid'); });
    Object.keys(errors).forEach(function (n) {
      var p = document.getElementById('e-' + n);
      var input = document.getElementById('f-' + n);
      if (!p || !input) return;
      p.textContent = t(errors[n]);
      p.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      if (!first) first = input;
    });
    ch.reportHeight();
    if (first) {
      first.focus({ preventScroll: true });
      // spec 1 §4: the portal scrolls its window so that this offset of the frame is in view
      ch.scrollToView(first.getBoundingClientRect().top + window.scrollY - 16);
    }
  }

  function render() {
    var r = route();
    if (r.name === 'list') renderList();
    else if (r.name === 'shipment') renderShipment(r.id);
    else if (r.name === 'new') renderNew();
    else show('<p class="notice bad" role="alert">' + esc(t('notFound')) + '</p><p><a class="button secondary" href="#/">' + esc(t('backToList')) + '</a></p>');
  }
  function report() {
    var h = currentHash();
    if (applied !== null && h === applied) { applied = null; return; }
    ch.notify(${JSON.stringify(CHANNEL_METHOD.ossChangeUrlHash)}, { changeHash: h });
  }
  function moved() {
    render();
    report();
    ch.scroll(0);
  }
  window.addEventListener('hashchange', moved);
  // history.pushState and replaceState change the hash without a hashchange event: reported all the same
  ['pushState', 'replaceState'].forEach(function (name) {
    var original = history[name];
    history[name] = function () {
      var before = location.hash;
      var result = original.apply(history, arguments);
      if (location.hash !== before) moved();
      return result;
    };
  });
  ch.on(${JSON.stringify(CHANNEL_METHOD.ossUpdateInitialData)}, function (p) {
    if (!p || typeof p !== 'object') return;
    var wanted = typeof p.urlHash === 'string' ? p.urlHash.replace(/^#/, '') : null;
    if (wanted === '/') wanted = '';
    var nextLang = typeof p.language === 'string' ? p.language.toLowerCase() : lang;
    if (typeof p.customerId === 'string' && p.customerId && p.customerId !== cfg.guid) {
      var q = new URLSearchParams({ guid: p.customerId, lang: cfg.texts[nextLang] ? nextLang : lang });
      if (wanted) q.set('menuPath', wanted);
      location.replace(cfg.loginUrl + '?' + q.toString());
      return;
    }
    if (cfg.texts[nextLang] && nextLang !== lang) {
      lang = nextLang;
      retext();
      render();
    }
    if (wanted !== null && wanted !== currentHash()) {
      applied = wanted;
      location.replace('#' + wanted);
    }
  });
  render();
  report();
})();`;
