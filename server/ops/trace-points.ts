/**
 * The places in the portal's own code where a trace is made or passed on, for the parts no instrumentation package
 * covers: the database (SQLite has no OpenTelemetry instrumentation, and one wrapper serves PostgreSQL as well, bundled
 * or not) and the pinned https calls to SK's services (node:https, which the bundled build cannot have patched).
 *
 * Only `@opentelemetry/api` is loaded here. With tracing off (server/ops/tracing.ts never started) nothing is wrapped:
 * `tracedDialect` hands the dialect back as it is, and the other helpers do nothing.
 */
import {
  context,
  createContextKey,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
} from '@opentelemetry/api';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

let on = false;

type Source = Record<string, string | undefined>;

/** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT; null when neither is set */
export const tracesEndpoint = (source: Source): string | null =>
  source.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || source.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null;

/** Whether tracing is wanted (docs/operations.md, "Tracing"): an OTLP endpoint is set and the SDK is not disabled. */
export function tracingWanted(source: Source = process.env): boolean {
  return tracesEndpoint(source) !== null && source.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

/** Called by server/ops/tracing.ts once the SDK has started, before the database is opened. */
export function tracingStarted(): void {
  on = true;
}

const tracer = () => trace.getTracer('epit-portal');

/** The portal's request id in the context of a request (server/ops/tracing.ts), and so of every span made inside it. */
const REQUEST_ID = createContextKey('epit-portal request id');

export const withRequestId = (ctx: Context, requestId: string): Context => ctx.setValue(REQUEST_ID, requestId);

/** The request id of the request whose context is active now, if any; an outside call passes it on. */
export const activeRequestId = (): string | undefined => context.active().getValue(REQUEST_ID) as string | undefined;

/**
 * The headers an outside call carries for tracing: W3C `traceparent` (and `tracestate`) of the active context, and
 * `X-Request-Id`, the id of the request it is made for. Empty while tracing is off.
 */
export function passOnHeaders(headers: Record<string, string | number>): void {
  if (!on) return;
  propagation.inject(context.active(), headers);
  const id = activeRequestId();
  if (id) headers['x-request-id'] = id;
}

/**
 * `call` in a client span named `<METHOD> <host>`, with the headers of `passOnHeaders` for it. The attributes are the
 * method, the host, the port and the status: never the path or the query (a registry code, a session id, a ticket).
 */
export function outsideCallSpan<T extends { status: number }>(
  method: string,
  url: string,
  call: (headers: Record<string, string | number>) => Promise<T>,
): Promise<T> {
  if (!on) return call({});
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const attributes = {
    'http.request.method': method,
    'server.address': u.hostname,
    'server.port': port,
    'url.scheme': u.protocol.slice(0, -1),
  };
  return tracer().startActiveSpan(`${method} ${u.hostname}`, { kind: SpanKind.CLIENT, attributes }, (span) => {
    const headers: Record<string, string | number> = {};
    passOnHeaders(headers);
    return call(headers).then(
      (res) => {
        span.setAttribute('http.response.status_code', res.status);
        if (res.status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        return res;
      },
      (err: unknown) => {
        span.setAttribute('error.type', err instanceof Error ? err.name : 'Error');
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        throw err;
      },
    );
  });
}

/** `db <operation> <table>` of a statement, from its SQL text: never a value (Kysely sends values as parameters). */
const names = new Map<string, { name: string; operation: string; table: string | null }>();
export function statementName(sql: string): { name: string; operation: string; table: string | null } {
  let known = names.get(sql);
  if (!known) {
    const operation = /^\s*([A-Za-z]+)/.exec(sql)?.[1].toLowerCase() ?? 'query';
    const table = /\b(?:from|into|update|table)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(sql)?.[1] ?? null;
    known = { name: table ? `db ${operation} ${table}` : `db ${operation}`, operation, table };
    if (names.size >= 2_000) names.clear();
    names.set(sql, known);
  }
  return known;
}

/**
 * The dialect with every statement in a span (`db select portal_session`), a child of the request's span. The
 * attributes are the database system, the operation and the table: no SQL text, no parameter.
 */
export function tracedDialect(dialect: Dialect, system: 'sqlite' | 'postgresql'): Dialect {
  if (!on) return dialect;
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new TracedDriver(dialect.createDriver(), system),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

class TracedDriver implements Driver {
  /** the driver's own connection behind each wrapped one: its transaction and release methods need that one */
  readonly #inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly system: string,
  ) {
    const own = (c: DatabaseConnection) => this.#inner.get(c) ?? c;
    if (driver.savepoint) this.savepoint = (c, n, q) => driver.savepoint!(own(c), n, q);
    if (driver.rollbackToSavepoint) this.rollbackToSavepoint = (c, n, q) => driver.rollbackToSavepoint!(own(c), n, q);
    if (driver.releaseSavepoint) this.releaseSavepoint = (c, n, q) => driver.releaseSavepoint!(own(c), n, q);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await this.driver.acquireConnection();
    const system = this.system;
    const wrapped: DatabaseConnection = {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const { name, operation, table } = statementName(query.sql);
        const attributes: Record<string, string> = { 'db.system.name': system, 'db.operation.name': operation };
        if (table) attributes['db.collection.name'] = table;
        return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, (span) =>
          conn.executeQuery<R>(query).then(
            (res) => {
              span.end();
              return res;
            },
            (err: unknown) => {
              span.setAttribute('error.type', (err as { code?: string }).code ?? 'Error');
              span.setStatus({ code: SpanStatusCode.ERROR });
              span.end();
              throw err;
            },
          ),
        );
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => conn.streamQuery<R>(query, chunkSize),
    };
    this.#inner.set(wrapped, conn);
    return wrapped;
  }

  beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(this.#inner.get(c) ?? c, settings);
  }

  commitTransaction(c: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(this.#inner.get(c) ?? c);
  }

  rollbackTransaction(c: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(this.#inner.get(c) ?? c);
  }

  releaseConnection(c: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(this.#inner.get(c) ?? c);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}
