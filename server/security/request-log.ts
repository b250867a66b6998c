/**
 * Request logging: one structured pino line per request, always (not only with DEBUG): the request id, method, route
 * (the pattern, `/api/user/:gid`), path, status, time in ms, a hash of the session id, the trace id, the client's
 * address and its user agent (docs/operations.md, "Log fields"). Never the query string (a
 * service ticket travels there), a body, a password or a cookie: Fastify's own request lines are switched off
 * (`disableRequestLogging`), and the logger redacts cookie and authorization headers should anything log a request
 * object. Never a reset or invitation key, a personal code or a customer id either (log-mask.ts): the path is
 * masked, and every other line (an error's message and stack, a warning) passes the same mask on its way out.
 */
import { createHash, randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import { COOKIE } from '../../domain/contract.js';
import { noMetrics, type Metrics } from '../ops/metrics.js';
import { maskLine, maskPath, maskText } from './log-mask.js';
import { routeOf } from '../lib/hook-chain.js';

/**
 * What an incoming X-Request-Id may be to be taken as the request's id (nginx's `$request_id` is 32 hex digits, a
 * UUID 36 characters): letters, digits, `.`, `_`, `-` and `:`, at most 64. Nothing that could end a JSON string or
 * a log line, so a caller cannot write into the log through it.
 */
const GIVEN_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id (Fastify's `genReqId`): the X-Request-Id the proxy in front sent (the nginx example sets one for
 * every request and logs it), else a random UUID, unique across processes and restarts.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return (lastRequestId = typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : randomUuid());
}

/** UUIDs' random bytes, 16 each, refilled all at once when used up (crypto.randomUUID keeps such a pool too) */
const UUIDS_PER_FILL = 256;
const uuidBytes = Buffer.alloc(16 * UUIDS_PER_FILL);
let uuidsUsed = UUIDS_PER_FILL;
const uuidText = Buffer.alloc(36);
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/**
 * A random UUID (RFC 9562 §5.4, version 4), as crypto.randomUUID makes one, but its text written into a buffer and
 * read out as one string: randomUUID joins 20 pieces, which V8 flattens again where the line is written (together
 * about 0.3 µs of every request, bench/perf-api.ts).
 */
export function randomUuid(): string {
  if (uuidsUsed === UUIDS_PER_FILL) {
    randomFillSync(uuidBytes);
    uuidsUsed = 0;
  }
  const at = 16 * uuidsUsed++;
  let t = 0;
  for (let i = 0; i < 16; i++) {
    let byte = uuidBytes[at + i];
    // the version (4) in the high half of byte 6, the variant (binary 10) in the top bits of byte 8
    if (i === 6) byte = (byte & 0x0f) | 0x40;
    else if (i === 8) byte = (byte & 0x3f) | 0x80;
    if (i === 4 || i === 6 || i === 8 || i === 10) uuidText[t++] = 0x2d; // '-'
    uuidText[t++] = HEX_DIGITS[byte >> 4];
    uuidText[t++] = HEX_DIGITS[byte & 15];
  }
  return uuidText.toString('latin1', 0, 36);
}
/**
 * The id requestId() answered last: GIVEN_REQUEST_ID's characters or a UUID's, nothing to escape in JSON. Fastify
 * asks for a request's logger (requestLogger) right after its id, so a logger whose id is this one needs no check.
 */
let lastRequestId: string | null = null;

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The trace id of the caller's W3C `traceparent` (Trace Context §3.2), when it sent a well-formed one. */
export function callersTraceId(req: FastifyRequest): string | null {
  const header = req.headers.traceparent;
  if (typeof header !== 'string') return null;
  const id = TRACEPARENT.exec(header)?.[1];
  return id && id !== '0'.repeat(32) ? id : null;
}

/**
 * The user agent as logged (JSON text): at most 200 characters, masked like any other text (log-mask.ts). A browser
 * sends the same one with every call: the last few thousand are kept, masked.
 */
function userAgent(req: FastifyRequest): string {
  const ua = req.headers['user-agent'];
  if (typeof ua !== 'string') return 'null';
  let logged = userAgents.get(ua);
  if (logged === undefined) {
    logged = JSON.stringify(maskText(ua.slice(0, 200)));
    if (userAgents.size >= 5_000) userAgents.clear();
    if (ua.length <= 1_000) userAgents.set(ua, logged);
  }
  return logged;
}
const userAgents = new Map<string, string>();

/** A short, stable, non-reversible name of a session id: lines of one session can be followed without the id. */
export function sessionHash(id: string | undefined): string | null {
  if (!id) return null;
  // every request of a session logs it: hashed once per id, the last few thousand kept
  let hash = hashes.get(id);
  if (hash === undefined) {
    hash = createHash('sha256').update(id).digest('hex').slice(0, 16);
    if (hashes.size >= 5_000) hashes.clear();
    if (id.length <= 64) hashes.set(id, hash); // a session id is 43 characters; the cookie is the client's
  }
  return hash;
}
const hashes = new Map<string, string>();

/** The logger options of the portal's Fastify instance. */
export function loggerOptions(debug: boolean, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: debug ? 'debug' : 'info',
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
    // every line but the request line (written below, masked there): a thrown error's message or stack, a
    // warning naming a customer, Fastify's own "reply already sent" with the request's URL
    hooks: { streamWrite: maskLine },
    stream: stream ?? stdoutLines(),
  };
}

let stdout: { write(line: string): void } | null = null;

/**
 * Where the log goes when the app is given no stream (`npm start`): stdout through pino's asynchronous destination
 * (sonic-boom), the lines of one turn of the event loop handed to it in one piece. sonic-boom measures all the text it
 * holds at every write, which at a line per write cost about 4 µs per request under load (bench/perf-api.ts); a
 * turn's lines at once pay that once. When the process exits (the shutdown's process.exit, a crash) the lines still
 * held are handed over and written synchronously, as pino's destination does with its own. One per process.
 */
function stdoutLines(): { write(line: string): void } {
  if (stdout) return stdout;
  const out = pino.destination({ dest: 1, sync: false });
  let held: string[] = [];
  let due = false;
  const handOver = () => {
    due = false;
    if (held.length === 0) return;
    const text = held.join('');
    held = [];
    out.write(text);
  };
  process.on('exit', () => {
    handOver();
    try {
      out.flushSync();
    } catch {
      // a write still under way, or stdout gone: nothing more can be done while exiting
    }
  });
  stdout = {
    write(line) {
      held.push(line);
      if (!due) {
        due = true;
        setImmediate(handOver);
      }
    },
  };
  return stdout;
}

/** pino's own parts of a logger: its bindings as JSON text (`,"pid":…,"hostname":…`), its time, its stream */
const { chindingsSym, streamSym, timeSym } = pino.symbols;
type PinoParts = FastifyBaseLogger & { levelVal: number } & Record<symbol, unknown>;
const LEVEL = { debug: 20, info: 30 } as const;

/**
 * A request's logger (`req.log`, Fastify's `childLoggerFactory`): pino's child with the request's id, made the first
 * time something logs through it. Most requests log only their request line, which is written without it (below),
 * and a pino child per request cost more than that line's own fields (about 3 µs, bench/perf-api.ts).
 */
/** what every log method takes: an object or a message first, then a message and its format arguments */
type LogArgs = [objOrMsg: unknown, msg?: string, ...args: unknown[]];
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;
  /** the bindings are the request id alone, and requestId() made or checked it (see lastRequestId) */
  readonly plainId: boolean;
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    this.plainId = lastRequestId !== null && bindings.reqId === lastRequestId && onlyRequestId(bindings);
  }
  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: LogArgs): void {
    this.real.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.real.error(...args);
  }
  warn(...args: LogArgs): void {
    this.real.warn(...args);
  }
  info(...args: LogArgs): void {
    this.real.info(...args);
  }
  debug(...args: LogArgs): void {
    this.real.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.real.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.real.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** A route's pattern as its own path, masked, as JSON text (a pattern of the app: so few that every one is kept) */
const maskedRoutes = new Map<string, string>();
function maskedRoute(route: string): string {
  let masked = maskedRoutes.get(route);
  if (masked === undefined) maskedRoutes.set(route, (masked = JSON.stringify(maskPath(route, route))));
  return masked;
}

/** A route's pattern as JSON text, kept (the app's patterns) */
const routeTexts = new Map<string, string>();
function routeJson(route: string): string {
  let text = routeTexts.get(route);
  if (text === undefined) routeTexts.set(route, (text = JSON.stringify(route)));
  return text;
}

/**
 * `ms` rounded to a tenth, as JSON writes `Math.round(ms * 10) / 10` (`12`, `12.3`), from integers: V8 turns a
 * fraction into text on a slow path that cost more than the rest of the number's part of the line.
 */
function tenths(ms: number): string {
  const t = Math.round(ms * 10);
  if (!(Math.abs(t) < 2 ** 31)) return String(Math.round(ms * 10) / 10); // not a small integer (never for a request)
  const whole = Math.trunc(t / 10);
  const tenth = Math.abs(t % 10);
  if (tenth === 0) return String(whole);
  return `${t < 0 && whole === 0 ? '-' : ''}${whole}.${tenth}`;
}

/** Whether `reqId` is the bindings' only key (Fastify's child logger bindings of a request are just that). */
function onlyRequestId(bindings: Bindings): boolean {
  for (const key in bindings) if (key !== 'reqId') return false;
  return true;
}

/** A request id or other binding as `,"key":value`; an id of the characters requestId() allows needs no escaping. */
function bindingJson(key: string, value: unknown): string {
  if (key === 'reqId' && typeof value === 'string' && isPlainId(value)) return `,"reqId":"${value}"`;
  return `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
}

/**
 * Whether `id` has only the characters GIVEN_REQUEST_ID allows (a UUID has): a loop, because testing the pattern
 * here went through V8's runtime at every request and cost more than writing the id with JSON.stringify.
 */
function isPlainId(id: string): boolean {
  if (id.length === 0 || id.length > 64) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const letterOrDigit = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    // '-' '.' ':' '_'
    if (!letterOrDigit && c !== 45 && c !== 46 && c !== 58 && c !== 95) return false;
  }
  return true;
}

/** The client's address as JSON text: the same few addresses call again and again, so the last thousands are kept. */
function addressJson(ip: string | undefined): string {
  if (ip === undefined) return 'null';
  let json = addresses.get(ip);
  if (json === undefined) {
    json = JSON.stringify(ip);
    if (addresses.size >= 5_000) addresses.clear();
    if (ip.length <= 100) addresses.set(ip, json);
  }
  return json;
}
const addresses = new Map<string, string>();

/** Fastify's `childLoggerFactory` of the portal: the request's logger above */
export const requestLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new RequestLogger(logger, bindings, options);

/**
 * The request log line and the request metrics (server/ops/metrics.ts), in one hook: both read the same route and
 * time. Probes (/health, /ready: a balancer asks every few seconds) are logged at debug level only.
 *
 * The line is the one pino would write for `req.log.info({ method, route, … }, 'request')`, byte for byte, but put
 * together here: every field is the portal's own (no request object, header or body), so pino's generic pass over
 * the object (serialisers, the redaction of cookies and passwords, which stays on for every other line) has nothing
 * to do, and at every request it cost more than the rest of the line (about 3 µs of 50 measured with the context
 * bench, bench/perf-api.ts).
 */
export function installRequestLog(
  app: FastifyInstance,
  opts: {
    log: boolean;
    metrics: Metrics;
    /** the request's trace id: its span's with tracing on (server/ops/tracing.ts), else the caller's traceparent's */
    traceId?: (req: FastifyRequest) => string | null;
  },
): void {
  const { log, metrics } = opts;
  const traceIdOf = opts.traceId ?? callersTraceId;
  if (!log && metrics === noMetrics) return;
  app.addHook('onResponse', (req, reply, done) => {
    const facts = routeOf(req);
    const route = facts.url ?? null;
    if (metrics !== noMetrics) metrics.request(req.method, route, reply.statusCode, reply.elapsedTime);
    if (!log) return done();
    // the request's logger's parts: its parent's and its own bindings (the request id), as pino's child would have them
    const own = req.log instanceof RequestLogger ? req.log : null;
    const logger = (own ? own.parent : req.log) as PinoParts;
    const level = facts.config?.probe === true ? LEVEL.debug : LEVEL.info;
    if (level < logger.levelVal) return done();
    let bindings = logger[chindingsSym] as string;
    if (own?.plainId) bindings += `,"reqId":"${own.bindings.reqId as string}"`;
    else if (own) for (const key in own.bindings) bindings += bindingJson(key, own.bindings[key]);
    // a route without parameters asked for as it is (no query): its path is masked and written once
    const path = route !== null && req.url === route ? maskedRoute(route) : JSON.stringify(maskPath(req.url, route));
    const session = sessionHash(req.cookies?.[COOKIE.session]);
    const traceId = traceIdOf(req);
    const stream = logger[streamSym] as { write(line: string): unknown };
    const time = logger[timeSym] as () => string;
    stream.write(
      // the method is one of the HTTP parser's tokens (letters and `-`): nothing in it to escape
      `{"level":${level}${time()}${bindings},"method":"${req.method}","route":${
        route === null ? 'null' : routeJson(route)
      },"path":${path},"status":${reply.statusCode},"ms":${tenths(reply.elapsedTime)},"session":${
        session === null ? 'null' : `"${session}"`
      },"traceId":${traceId === null ? 'null' : `"${traceId}"`},"ip":${addressJson(req.ip)},"ua":${userAgent(req)},"msg":"request"}\n`,
    );
    done();
  });
}
