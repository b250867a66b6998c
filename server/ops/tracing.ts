/**
 * OpenTelemetry traces, exported over OTLP/HTTP (docs/operations.md, "Tracing"). Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, and OTEL_SDK_DISABLED is not true; the
 * other standard OTEL_* variables apply (service name, headers, sampler, batch sizes, protocol).
 *
 * server/start.ts loads this module only when tracing is wanted, before the database is opened and before Fastify is
 * loaded. Nothing here patches a module on load (which a bundled build, build/server/, would defeat):
 * - a request: the plugin here (`requestSpans`), registered first on the app by server/app.ts; the span takes the
 *   caller's W3C `traceparent`, is named by the route pattern (`GET /api/address/:padreId`) and carries `http.route`;
 * - an outside call through fetch (CAS, the registers, Mobile-ID and Smart-ID without pinning, the demo
 *   applications): `@opentelemetry/instrumentation-undici`, which listens on Node's diagnostics channels and adds
 *   `traceparent` and `X-Request-Id` to the call;
 * - a pinned https call and every database statement: server/ops/trace-points.ts.
 *
 * Every span passes an allow-list of attributes on its way out (`KEPT`): the method, route, status, host, port and
 * database table survive; paths, queries, full URLs, user agents, exception messages and stacks never leave the
 * process (a path or query may hold a personal code, a registry code, a session id, a ticket or a reset key).
 */
import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK, resources, type core } from '@opentelemetry/sdk-node';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  RandomIdGenerator,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type IdGenerator,
  type ReadableSpan,
  type Sampler,
  type SamplingResult,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { ConfigError } from '../env.js';
import { routeOf } from '../lib/hook-chain.js';
import { activeRequestId, tracesEndpoint, tracingStarted, withRequestId } from './trace-points.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the request's span, with tracing on (server/ops/tracing.ts) */
    requestSpan: Span | null;
  }
}

type Source = Record<string, string | undefined>;

export interface Tracing {
  /** the request spans: registered first on the portal's Fastify app (server/app.ts) */
  plugin: FastifyPluginCallback;
  /** the trace id of a request, for its log line */
  traceIdOf(req: FastifyRequest): string | null;
  /** what the settings say, for the start-up line */
  describe: string;
  /** exports the spans still held, then stops */
  shutdown(): Promise<void>;
}

/** The span attributes that leave the process; every other one is dropped (see the module's comment). */
export const KEPT = new Set([
  'http.request.method',
  'http.route',
  'http.response.status_code',
  'server.address',
  'server.port',
  'url.scheme',
  'network.peer.address',
  'network.peer.port',
  'db.system.name',
  'db.operation.name',
  'db.collection.name',
  'error.type',
]);

/** `span` with only the kept attributes, no events (an exception's message and stack) and no status message */
function scrubbed(span: ReadableSpan): ReadableSpan {
  const attributes: Record<string, unknown> = {};
  for (const key of Object.keys(span.attributes)) if (KEPT.has(key)) attributes[key] = span.attributes[key];
  return Object.create(span, {
    attributes: { value: attributes },
    events: { value: [] },
    status: { value: { code: span.status.code } },
  }) as ReadableSpan;
}

class ScrubbingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: core.ExportResult) => void): void {
    this.inner.export(spans.map(scrubbed), done);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/**
 * The sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name, the SDK's choices under the specification's names
 * (OpenTelemetry, "Environment variable specification", general SDK configuration): the request step asks it itself
 * (see `requestSpans`). Unset, `parentbased_always_on`; a ratio is a number from 0 to 1, 1 when unset. A name or ratio
 * it does not know refuses the start in one line, as an unknown OTLP protocol does.
 */
export function samplerFrom(source: Source): Sampler {
  const name = source.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on';
  const ratio = (): number => {
    const text = source.OTEL_TRACES_SAMPLER_ARG?.trim();
    if (!text) return 1;
    const value = Number(text);
    if (value >= 0 && value <= 1) return value;
    throw new ConfigError('OTEL_TRACES_SAMPLER_ARG', text, 'a ratio from 0 to 1, such as 0.1');
  };
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio());
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio()) });
    default:
      throw new ConfigError(
        'OTEL_TRACES_SAMPLER',
        name,
        'always_on, always_off, traceidratio or parentbased_ followed by one of them',
      );
  }
}

/**
 * The SDK's sampler and id generator, in step with the request step: that step draws a request's trace id and asks
 * the sampler before any span exists; for a span to be recorded it then starts the SDK's span, whose tracer draws
 * the same trace id here and gets the same decision, so the sampler is asked once per request. Every other span
 * (a statement, an outside call) is decided by the sampler as usual.
 */
class RequestDecisions implements IdGenerator, Sampler {
  readonly #random = new RandomIdGenerator();
  #traceId: string | null = null;
  #decided: SamplingResult | null = null;

  constructor(readonly sampler: Sampler) {}

  /**
   * What the tracer draws (a root's trace id; a child's is its parent's) and is told for the span it starts next.
   * `null, null` takes back what it did not use, so that no other span gets it.
   */
  decided(traceId: string | null, result: SamplingResult | null): void {
    this.#traceId = traceId;
    this.#decided = result;
  }

  generateTraceId = (): string => {
    const id = this.#traceId;
    if (id === null) return this.#random.generateTraceId();
    this.#traceId = null;
    return id;
  };

  generateSpanId = (): string => this.#random.generateSpanId();

  shouldSample(
    ctx: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    const result = this.#decided;
    if (result === null) return this.sampler.shouldSample(ctx, traceId, name, kind, attributes, links);
    this.#decided = null;
    return result;
  }

  toString(): string {
    return this.sampler.toString();
  }
}

/**
 * The request's span: one `onRequest` and one `onResponse` hook. The sampler is asked once, before the span starts,
 * with the caller's context (W3C `traceparent`: a caller's decision is followed under the parent-based samplers) and
 * the method and route, which a sampler may read. The rest of the request runs in the span's context, sampled or
 * not: a span that is not sampled still has its trace id and its `00` flags, which its statements and outside calls
 * take (they are not sampled either, instead of starting traces of their own) and pass on in `traceparent`, so a
 * called service follows the same decision (W3C Trace Context, "sampled" flag; OpenTelemetry, trace SDK, "Sampling").
 *
 * A span that is not recorded is the SDK's non-recording span, made here without the SDK's span start (its
 * attribute copies, its own id draws and its span metrics), and a request without any of the propagator's headers
 * skips the propagator: with a sampler that keeps a share of the traces, most requests are those, and what each costs
 * is what tracing costs the whole portal (docs/performance.md, "The request span's cost").
 */
function requestSpans(tracer: Tracer, decisions: RequestDecisions): FastifyPluginCallback {
  const endSpan = (req: FastifyRequest, status: number | null) => {
    const span = req.requestSpan;
    // a span that is not recorded, or has ended: nothing to end
    if (!span?.isRecording()) return;
    if (status !== null) {
      span.setAttribute('http.response.status_code', status);
      // a server span's status: an error for 5xx only (OpenTelemetry's HTTP semantic conventions)
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  // the headers the configured propagators read (W3C: traceparent, tracestate, baggage)
  const fields = propagation.fields();
  const carriesContext = (headers: FastifyRequest['headers']) => {
    for (const field of fields) if (headers[field] !== undefined) return true;
    return false;
  };
  const plugin: FastifyPluginCallback = (app, _opts, done) => {
    app.decorateRequest('requestSpan', null);
    app.addHook('onRequest', (req, reply, next) => {
      const route = routeOf(req).url;
      const parent = carriesContext(req.headers) ? propagation.extract(ROOT_CONTEXT, req.headers) : ROOT_CONTEXT;
      const parentSpan = trace.getSpanContext(parent);
      const child = parentSpan !== undefined && isSpanContextValid(parentSpan);
      const traceId = child ? parentSpan.traceId : decisions.generateTraceId();
      const name = route === undefined ? req.method : `${req.method} ${route}`;
      const attributes: Attributes = { 'http.request.method': req.method };
      if (route !== undefined) attributes['http.route'] = route;
      const result = decisions.sampler.shouldSample(parent, traceId, name, SpanKind.SERVER, attributes, []);
      let span: Span;
      if (result.decision === SamplingDecision.NOT_RECORD) {
        span = trace.wrapSpanContext({
          traceId,
          spanId: decisions.generateSpanId(),
          traceFlags: TraceFlags.NONE,
          traceState: result.traceState ?? (child ? parentSpan.traceState : undefined),
        });
      } else {
        decisions.decided(child ? null : traceId, result);
        span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
        decisions.decided(null, null);
        // a caller that went away before its answer: the span ends without a status code (an answer ends it first)
        reply.raw.once('close', () => endSpan(req, null));
      }
      req.requestSpan = span;
      context.with(withRequestId(trace.setSpan(parent, span), req.id), next);
    });
    app.addHook('onResponse', (req, reply, next) => {
      endSpan(req, reply.statusCode);
      next();
    });
    done();
  };
  // the hooks apply to the whole app, not only to routes registered inside this plugin (fastify-plugin's marker)
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}

/** OTLP over HTTP, protobuf (the standard default) or JSON; gRPC is not offered. */
function exporterFor(source: Source): { exporter: SpanExporter; protocol: string } {
  const name = source.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = source[name]?.trim() || 'http/protobuf';
  if (protocol === 'http/protobuf') return { exporter: new ProtobufExporter(), protocol };
  if (protocol === 'http/json') return { exporter: new JsonExporter(), protocol };
  throw new ConfigError(name, protocol, 'http/protobuf or http/json (OTLP over HTTP)');
}

export function startTracing(opts: { serviceVersion: string; source?: Source }): Tracing {
  const source = opts.source ?? process.env;
  const { exporter, protocol } = exporterFor(source);
  const decisions = new RequestDecisions(samplerFrom(source));
  const undici = new UndiciInstrumentation({
    requestHook(span, request) {
      span.updateName(`${request.method} ${new URL(request.origin).hostname}`);
      const id = activeRequestId();
      if (id) request.addHeader('x-request-id', id);
    },
  });
  const sdk = new NodeSDK({
    serviceName: source.OTEL_SERVICE_NAME?.trim() || 'epit-portal',
    resource: resources.resourceFromAttributes({ 'service.version': opts.serviceVersion }),
    // the host and OTEL_RESOURCE_ATTRIBUTES; not the process detector (its command line and user)
    resourceDetectors: [resources.envDetector, resources.hostDetector],
    traceExporter: new ScrubbingExporter(exporter),
    sampler: decisions,
    idGenerator: decisions,
    // traces only: the metrics are Prometheus's (server/ops/metrics.ts), the logs are stdout's
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [undici],
  });
  sdk.start();
  tracingStarted();
  // the address without any user and password in it
  const endpoint = (tracesEndpoint(source) ?? '').replace(/\/\/[^@/]*@/, '//');
  return {
    plugin: requestSpans(trace.getTracer('epit-portal'), decisions),
    traceIdOf: (req) => req.requestSpan?.spanContext().traceId ?? null,
    describe: `traces to ${endpoint} (OTLP ${protocol})`,
    shutdown: () => sdk.shutdown(),
  };
}
