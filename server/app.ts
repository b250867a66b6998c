/**
 * createApp({ db, clock, env }) → a Fastify instance, used by main.ts, dev.ts and every test
 * (tests: `app.inject(...)` on a fresh in-memory database, see server/test/helpers.ts).
 * The database must already be migrated (and seeded): see `prepareDb` in server/db/prepare.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { COOKIE, type PortalConfig, type ServiceError } from '../domain/contract.js';
import { resolveLanguage } from '../domain/session/rules.js';
import type { Db } from './db/index.js';
import type { Env } from './env.js';
import { nowMs, type Clock } from './lib/clock.js';
import './lib/deps.js';
import { HttpError, installErrorHandlers } from './lib/errors.js';
import { ANSWER_COMPRESSION, answerCompression, compressJsonStep, JSON_UTF8 } from './lib/json-text.js';
import { installCookies } from './lib/cookies.js';
import { installXsrf } from './lib/xsrf.js';
import { onSendStep } from './lib/hook-chain.js';
import { findSession, installSignedInHint } from './lib/session.js';
import { installSecurityHeaders } from './security/headers.js';
import { installLiveModeGates, rejectRepeatedQuery } from './security/live-mode.js';
import { PURGE_EVERY_MS, purgeExpired } from './security/purge.js';
import { callersTraceId, installRequestLog, loggerOptions, requestId, requestLogger } from './security/request-log.js';
import { collectRoutes } from './security/route-list.js';
import { installAnswerCheck } from './contract/answer-hook.js';
import { routes } from './routes/index.js';
import { simulatorRoutes } from './sim/index.js';
import { installFaultInjection } from './sim/faults/index.js';
import { installHealthRoutes } from './ops/health.js';
import { installLifecycle, Lifecycle } from './ops/lifecycle.js';
import { noMetrics, type Metrics } from './ops/metrics.js';
import type { Tracing } from './ops/tracing.js';
import { BUILD_HEADER, buildAnnouncer, currentBuild } from './lib/build-id.js';
import { SIMPLE_CONTEXT_PATHS } from '../domain/navigation/rules.js';

/** X-Portal-Build as Fastify keeps reply header names: in lower case (HTTP names are case-insensitive) */
const BUILD_HEADER_KEY = BUILD_HEADER.toLowerCase();

/** How /ui/ is served: the built dist/ (default), a Vite middleware (dev), or not at all. */
export type UiMode =
  | { kind: 'static' }
  | { kind: 'middleware'; handle: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void }
  | { kind: 'none' };

export interface CreateAppOptions {
  db: Db;
  clock: Clock;
  env: Env;
  ui?: UiMode;
  /** true: structured request logging to stdout (server/security/request-log.ts); a stream: the same lines there (tests) */
  logger?: boolean | { stream: { write(line: string): void } };
  /** outgoing HTTP (CAS validation, single logout, signing services); default the global fetch */
  fetch?: typeof fetch;
  /** the process's phase (server/start.ts moves it on SIGTERM); default one that stays `serving` */
  lifecycle?: Lifecycle;
  /** default `noMetrics` (METRICS_PORT unset, and tests that do not look at them) */
  metrics?: Metrics;
  /** with SMTP_URL set: how often the mail sender looks at the outbox, in ms (default a second; tests: less) */
  mailPollMs?: number;
  /** with OTEL_EXPORTER_OTLP_ENDPOINT set (server/start.ts): the request spans, and the trace id for the request log */
  tracing?: Pick<Tracing, 'plugin' | 'traceIdOf'> | null;
}

export function portalConfig(env: Env): PortalConfig {
  return {
    apiUrl: '/api',
    baseUrl: '/ui',
    securityUrl: '/api/security/login',
    casUrl: env.cas.url,
    ticketCheckUrl: env.cas.ticketCheckUrl,
    appVersion: env.appVersion,
    roleRequestTimeout: env.roleRequestTimeout,
    debug: env.debug,
    language: 'et',
    runMode: env.runMode,
    // the reference account service is the portal's own business customer page (spec 1 §4 customer-add 7)
    accountServiceUrl: { live: '/ui/settings/represented/{jgid}', test: '/ui/settings/represented/{jgid}' },
    offerFormUrl: { LV: 'https://www.post.example.lv/piedavajums', LT: 'https://www.post.example.lt/pasiulymas' },
    // ID_CARD: the software card of the simulators, or the Web eID extension (server/env.ts signing.idCard)
    idCard: env.signing.idCard,
    // this server sets EPIT-SIGNED-IN with every session (server/lib/session.ts)
    sessionHint: true,
    // spec 1 §9: the browser sends page views there in live run mode only (domain/analytics.ts)
    analytics: env.analytics,
  };
}

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

export async function createApp(opts: CreateAppOptions): Promise<FastifyInstance> {
  const { db, clock, env } = opts;
  const logging = opts.logger ?? false;
  const app = Fastify({
    logger: logging ? loggerOptions(env.debug, logging === true ? undefined : logging.stream) : false,
    // one line per request of our own instead (server/security/request-log.ts): no query strings, no cookies
    logController: new LogController({ disableRequestLogging: true }),
    // req.log: pino's child made only when a request logs more than its request line (request-log.ts)
    ...(logging ? { childLoggerFactory: requestLogger } : {}),
    // the proxy's X-Request-Id when it sent a well-formed one, else a random UUID (server/security/request-log.ts)
    genReqId: requestId,
    // X-Forwarded-* only from the proxies TRUST_PROXY names (the login throttle and the audit log read req.ip)
    // a hop count is a function here: Fastify's types leave numbers out (proxy-addr counts hops from the socket, 0 first)
    trustProxy: typeof env.trustProxy === 'number' ? trustHops(env.trustProxy) : env.trustProxy,
    bodyLimit: 1_000_000,
    // errors raised before routing (a malformed percent-escape in the path): the same ServiceError body as any failure
    frameworkErrors: (error, _req, reply) => sendFrameworkError(error, reply),
  });
  // first, so that every route and hook registered after it runs inside the request's span (server/ops/tracing.ts)
  const tracing = opts.tracing ?? null;
  if (tracing) await app.register(tracing.plugin);
  const closing = new AbortController();
  const fetchImpl = opts.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
  const lifecycle = opts.lifecycle ?? new Lifecycle();
  const metrics = opts.metrics ?? noMetrics;
  app.decorate('deps', { db, clock, env, closing: closing.signal, fetch: fetchImpl, lifecycle, metrics });
  collectRoutes(app); // the authorization matrix and the fuzzing read every route from the app
  app.addHook('preClose', (done) => {
    closing.abort();
    done();
  });

  // JSON bodies: an empty body is "no body" (POST single-signout sends none), bad JSON is a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'BAD_INPUT', 'body: is not valid JSON', { body: 'is not valid JSON' }), undefined);
    }
  });

  // req.cookies, reply.setCookie: the first step of the portal's request chain and of its answer chain
  installCookies(app);
  await app.register(fastifyFormbody);
  installErrorHandlers(app);
  const ui: UiMode = opts.ui ?? { kind: 'static' };
  installSecurityHeaders(app, env, { development: ui.kind === 'middleware' });
  installRequestLog(app, {
    log: !!logging,
    metrics,
    traceId: tracing ? (req) => tracing.traceIdOf(req) ?? callersTraceId(req) : callersTraceId,
  });
  // after SIGTERM: Connection: close, and the handover's unanswered GETs (server/ops/lifecycle.ts)
  installLifecycle(app, lifecycle);
  rejectRepeatedQuery(app);
  installXsrf(app);
  installSignedInHint(app); // EPIT-SIGNED-IN follows the session (server/lib/session.ts)

  // the build this process serves: a page of an older one takes it at its next navigation (src/app/release.ts)
  const announcedBuild = ui.kind === 'static' ? buildAnnouncer(env.distDir) : null;
  onSendStep(app, (req, reply, payload) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      // names in lower case, as Fastify keeps them: it lowers every name it is given, and a lowered copy is a new
      // string to look up at each answer, where a lower-case literal is itself
      reply.header('cache-control', 'no-store');
      const build = announcedBuild?.(nowMs(clock));
      if (build) reply.header(BUILD_HEADER_KEY, build);
    }
    return payload;
  });
  // live run mode: every /sim path is gone, and signing without its settings says so (server/security/live-mode.ts)
  installLiveModeGates(app, env);
  // test and dev run modes: the simulator console can make /api/* down, slow, failing or off the contract
  // (server/sim/faults); before the answer check, which sees what the fault made of an answer
  installFaultInjection(app, env);
  // the server tests hold every API answer against the published document (server/contract/answer-hook.ts)
  installAnswerCheck(app);
  // the answers of the routes that leave @fastify/compress out (config.compressJson): compressed last, as it would
  onSendStep(app, compressJsonStep);

  // answers over 1 kB (JSON, the sign-on pages) compressed on the fly, brotli (quality 4) or gzip, for
  // every route registered after this; the portal's files are compressed at build time and sent as they are
  // (serveDist); server-sent events and anything already encoded are left alone by the plugin
  await app.register(fastifyCompress, {
    global: true,
    ...ANSWER_COMPRESSION,
    globalDecompression: false, // request bodies are never compressed by the portal: no inflating of uploads
    // the compressed bytes of an answer sent again as the same bytes (the kept user context) are kept
    zlib: answerCompression,
  });

  for (const r of [...routes, ...simulatorRoutes]) await app.register(r.plugin, { prefix: r.prefix });

  // liveness and readiness for a load balancer (server/ops/health.ts)
  installHealthRoutes(app);

  app.get('/', async (_req, reply) => reply.redirect('/ui/', 302));
  app.get('/ui/config.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache'); // revalidated on every load, like index.html
    return portalConfig(env);
  });

  // expired sessions, tickets and login failures are purged now and then
  const purgeOnce = () =>
    purgeExpired(db, clock, env).then(
      (rows) => metrics.purged(rows),
      (err: unknown) => {
        metrics.purged(null);
        app.log.error({ err }, 'purge of expired rows failed');
      },
    );
  const purge = () => void purgeOnce();
  const purgeTimer = setInterval(purge, PURGE_EVERY_MS);
  purgeTimer.unref();
  app.addHook('onReady', async () => {
    await purgeOnce();
  });
  app.addHook('onClose', (_app, done) => {
    clearInterval(purgeTimer);
    done();
  });

  // with SMTP_URL set, this process sends the outbox's mail (server/lib/mail-sender.ts), as every other one does
  const smtpUrl = env.mail.smtpUrl;
  if (smtpUrl) {
    const { startMailSender } = await import('./lib/mail-sender.js');
    let sender: { stop(): Promise<void> } | null = null;
    app.addHook('onReady', (done) => {
      sender = startMailSender({ db, clock, env, log: app.log, pollMs: opts.mailPollMs, metrics });
      app.log.info(`mail is sent through ${smtpUrl.replace(/\/\/[^@/]*@/, '//')} as ${env.mail.from}`);
      done();
    });
    app.addHook('onClose', async () => {
      await sender?.stop();
    });
  }

  if (env.runMode === 'live' && env.mail.off)
    app.addHook('onReady', (done) => {
      app.log.warn('mail is off (MAIL=off): password reset links and notices stay in the outbox, nobody gets them');
      done();
    });

  if (ui.kind === 'static') await serveDist(app, env);
  else if (ui.kind === 'middleware') {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      // the middleware answers on the raw response: the headers set so far (the security headers) go there first
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      ui.handle(req.raw, reply.raw, (err) => {
        if (!reply.raw.headersSent) {
          reply.raw.statusCode = err ? 500 : 404;
          reply.raw.end(err ? failureText(err) : 'Not found');
        }
      });
    };
    app.get('/ui', handler);
    app.get('/ui/*', handler);
  }

  return app;
}

async function serveDist(app: FastifyInstance, env: Env): Promise<void> {
  const notBuilt = (reply: FastifyReply) =>
    reply
      .status(503)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal not built</title></head><body><main><h1>The portal is not built yet</h1><p>Run <code>npm run build</code> and reload. API, sign-on and simulators work meanwhile.</p></main></body></html>',
      );

  // serve: false — only reply.sendFile; files are looked up per request, so a build made after start is served too.
  // preCompressed: `x.js.br` / `x.js.gz` written beside `x.js` by the build (tools/build/compress.ts) are
  // sent as they are when the browser accepts them
  await app.register(fastifyStatic, { root: env.distDir, serve: false, preCompressed: true });
  const cacheFor = (rel: string) =>
    // hashed assets (`assets/name-[hash].ext`) never change; index.html must always be revalidated
    HASHED_ASSET.test(rel)
      ? 'public, max-age=31536000, immutable'
      : rel.endsWith('.html')
        ? 'no-cache'
        : 'public, max-age=3600';
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    // and the messages of the language the page starts in (src/main.tsx: the EPIT-LANGUAGE cookie's, else English)
    const language = resolveLanguage(null, req.cookies[COOKIE.language]);
    // and, for a browser with a live session, the user context the page asks for first (the session machine, at once
    // on boot), fetched beside the scripts instead of after them. Looking the session up here also puts the
    // EPIT-SIGNED-IN hint right on this answer (installSignedInHint), before the page's script reads it: a session
    // that ended meanwhile costs no failing call
    const hinted = req.cookies[COOKIE.session] !== undefined || req.cookies[COOKIE.signedIn] !== undefined;
    // a hint only: while the database is away the page still loads, and its own call says what is wrong
    // A page that loads only the simple context (spec 1 §4 Login state: the terms of use) gets no such hint.
    const path = req.url.split('?')[0].slice('/ui'.length);
    const full = !SIMPLE_CONTEXT_PATHS.some((p) => path.startsWith(p));
    const live = hinted && (await findSession(req).catch(() => null));
    const context = live && full ? USER_CONTEXT_PRELOAD : '';
    const late = lateChunksOf(env.distDir);
    // a page without a session asks the sign-on service first thing (spec 1 §7), once per tab: a page that is not
    // public (it sends the person to sign on) or a tab that asked before leaves the small chunk unused
    const ticketCheck = hinted ? '' : modulePreload(late?.ticketCheck);
    const link = [preloadLinks(env.distDir), modulePreload(late?.messages.get(language)), ticketCheck, context]
      .filter(Boolean)
      .join(', ');
    if (link) reply.header('Link', link);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .sendFile('index.html', { cacheControl: false });
  };

  app.get('/ui', async (_req, reply) => reply.redirect('/ui/', 302));
  // history fallback: any /ui/ path that is not a file is the SPA's own route
  app.get('/ui/*', async (req, reply) => {
    let rel: string;
    try {
      rel = decodeURIComponent(req.url.split('?')[0].slice('/ui/'.length));
    } catch {
      throw new HttpError(400, 'BAD_INPUT', 'path: is not a valid address');
    }
    const file = path.resolve(env.distDir, rel);
    if (rel && file.startsWith(env.distDir + path.sep) && isFile(file)) {
      if (rel === 'index.html') return sendIndex(req, reply);
      return reply
        .header('Cache-Control', cacheFor(rel))
        .header('Vary', 'Accept-Encoding') // the same address answers brotli, gzip or plain bytes
        .sendFile(path.relative(env.distDir, file), { cacheControl: false });
    }
    if (rel.startsWith('assets/')) throw new HttpError(404, 'NOT_FOUND', `No such file: /ui/${rel}`);
    if (!isFile(path.join(env.distDir, 'index.html'))) return notBuilt(reply);
    return sendIndex(req, reply);
  });
}

/** Vite's file names: `assets/<name>-<hash>.<ext>` (the hash is 8 characters of base64url by default). */
const HASHED_ASSET = /^assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{6,}\.[A-Za-z0-9]+$/;

/**
 * HTTP preload hints for the first page: the entry script, the chunks and style sheets index.html already
 * names in <link rel="modulepreload"> / <link rel="stylesheet"> / <link rel="preload">, as a `Link` header, so the
 * browser (or a proxy sending 103 Early Hints) may fetch them before it has parsed the page. Read once per build.
 */
const preloads = new Map<string, { mtimeMs: number; link: string }>();
function preloadLinks(distDir: string): string {
  const index = path.join(distDir, 'index.html');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(index).mtimeMs;
  } catch {
    return '';
  }
  const known = preloads.get(distDir);
  if (known?.mtimeMs === mtimeMs) return known.link;
  const html = readFileSync(index, 'utf8');
  const links: string[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const url = attr(tag, 'src') ?? attr(tag, 'href');
    if (!url?.startsWith('/ui/assets/')) continue;
    const rel = attr(tag, 'rel');
    // the same credentials mode as the tag's, or the browser fetches the file twice
    const cors = /\scrossorigin\b/.test(tag) ? '; crossorigin' : '';
    // a chunk only some windows need (the desktop views: vite.config.ts) keeps its media query
    const media = attr(tag, 'media');
    const only = media ? `; media="${media}"` : '';
    if (tag.startsWith('<script') || rel === 'modulepreload') links.push(`<${url}>; rel=modulepreload${cors}${only}`);
    else if (rel === 'stylesheet' || (rel === 'preload' && attr(tag, 'as') === 'style'))
      links.push(`<${url}>; rel=preload; as=style${cors}`);
  }
  const link = links.join(', ');
  preloads.set(distDir, { mtimeMs, link });
  return link;
}

/** what the portal's API client asks (src/api/client.ts: a CORS-mode GET with credentials), so the two match */
const USER_CONTEXT_PRELOAD = '</api/context/getUserContext>; rel=preload; as=fetch; crossorigin=use-credentials';

/**
 * Chunks the first page imports only once its entry has run, a round trip after the scripts, unless the browser has
 * them already. Which of them a page needs depends on the request, so they are not in index.html. Read once per build:
 * - a language's first messages (`assets/_epit-messages-<lang>-<hash>.js`), for the request's language (its cookie);
 * - the cross-domain ticket check's code (`assets/ticket-check-<hash>.js`), for a page without a session: signed out
 *   on a public page, the portal asks the sign-on service at once (spec 1 §7; machines/session.machine.ts,
 *   `checkingTicket`), and that code came a round trip after the scripts, before the first paint.
 */
const lateChunks = new Map<string, { mtimeMs: number; messages: Map<string, string>; ticketCheck: string | null }>();
function lateChunksOf(distDir: string): { messages: Map<string, string>; ticketCheck: string | null } | null {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path.join(distDir, 'index.html')).mtimeMs;
  } catch {
    return null;
  }
  let known = lateChunks.get(distDir);
  if (known?.mtimeMs !== mtimeMs) {
    const messages = new Map<string, string>();
    let ticketCheck: string | null = null;
    let files: string[] = [];
    try {
      files = readdirSync(path.join(distDir, 'assets'));
    } catch {
      /* a build without assets: no hint */
    }
    // the folder keeps older builds' files too (tools/build/keep-builds.ts): only this build's are hinted
    const mine = currentBuild(distDir)?.files;
    for (const file of files) {
      if (mine && !mine.has(`assets/${file}`)) continue;
      const m = /^_epit-messages-([a-z]{2})-[A-Za-z0-9_-]+\.js$/.exec(file);
      if (m) messages.set(m[1], file);
      else if (/^ticket-check-[A-Za-z0-9_-]+\.js$/.test(file)) ticketCheck = file;
    }
    lateChunks.set(distDir, (known = { mtimeMs, messages, ticketCheck }));
  }
  return known;
}

/** the credentials mode of the page's own import(): a module script fetched with CORS, same-origin credentials */
const modulePreload = (file: string | null | undefined) =>
  file ? `</ui/assets/${file}>; rel=modulepreload; crossorigin` : '';

/**
 * The reply of `frameworkErrors` is typed by route generics that callback cannot know, so its `status()` and
 * `send()` accept nothing. No route and no hook applies to such a request, so the body is written on the raw
 * response: the same status, JSON type and body `reply.send` would write.
 */
function sendFrameworkError(error: FastifyError, reply: { hijack(): unknown; raw: ServerResponse }): void {
  const bad = error.code === 'FST_ERR_BAD_URL';
  const body: ServiceError = {
    serviceErrorMessage: bad ? 'path: is not a valid address' : 'Internal error. Please try again later.',
    code: bad ? 'BAD_INPUT' : 'INTERNAL',
  };
  const text = JSON.stringify(body);
  reply.hijack();
  reply.raw.writeHead(bad ? 400 : (error.statusCode ?? 500), {
    'content-type': JSON_UTF8,
    'content-length': Buffer.byteLength(text),
  });
  reply.raw.end(text);
}

/** The text of a middleware failure: an Error as `Name: message`, anything else as a generic line. */
function failureText(err: unknown): string {
  return err instanceof Error || typeof err === 'string' ? String(err) : 'Internal error';
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
