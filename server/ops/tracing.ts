/**
 * OpenTelemetry traces, exported over OTLP/HTTP (docs/operations.md, "Tracing"). Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, and OTEL_SDK_DISABLED is not true; the
 * other standard OTEL_* variables apply (service name, headers, sampler, batch sizes, protocol).
 *
 * server/start.ts loads this module only when tracing is wanted, before the database is opened and before Fastify is
 * loaded. Nothing here patches a module on load (which a bundled build, build/server/, would defeat):
 * - a request: `@fastify/otel`'s plugin, registered on the app by server/app.ts; the span takes the caller's W3C
 *   `traceparent`, is named by the route pattern (`GET /api/address/:padreId`) and carries `http.route`;
 * - an outside call through fetch (CAS, the registers, Mobile-ID and Smart-ID without pinning, the demo
 *   applications): `@opentelemetry/instrumentation-undici`, which listens on Node's diagnostics channels and adds
 *   `traceparent` and `X-Request-Id` to the call;
 * - a pinned https call and every database statement: server/ops/trace-points.ts.
 *
 * Every span passes an allow-list of attributes on its way out (`KEPT`): the method, route, status, host, port and
 * database table survive; paths, queries, full URLs, user agents, exception messages and stacks never leave the
 * process (a path or query may hold a personal code, a registry code, a session id, a ticket or a reset key).
 */
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK, resources, type core, type tracing } from '@opentelemetry/sdk-node';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { ConfigError } from '../env.js';
import { activeRequestId, bindRequestId, tracesEndpoint, tracingStarted } from './trace-points.js';

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

type ReadableSpan = tracing.ReadableSpan;

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

class ScrubbingExporter implements tracing.SpanExporter {
  constructor(private readonly inner: tracing.SpanExporter) {}
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

/** OTLP over HTTP, protobuf (the standard default) or JSON; gRPC is not offered. */
function exporterFor(source: Source): { exporter: tracing.SpanExporter; protocol: string } {
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
  const traceIds = new WeakMap<FastifyRequest, string>();
  const fastifyOtel = new FastifyOtelInstrumentation({
    // one span per request; the hooks' spans would add a dozen to every request and say little to an operator, and
    // the handler's one more (its statements and outside calls are the request span's children instead), whose
    // start, context switch and end cost every request, also one its sampler does not keep
    instrumentHooks: false,
    instrumentHandler: false,
    recordExceptions: false,
    requestHook(span, request) {
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : request.method);
      bindRequestId(span, request.id);
      traceIds.set(request, span.spanContext().traceId);
    },
  });
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
    // traces only: the metrics are Prometheus's (server/ops/metrics.ts), the logs are stdout's
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [fastifyOtel, undici],
  });
  sdk.start();
  tracingStarted();
  // the address without any user and password in it
  const endpoint = (tracesEndpoint(source) ?? '').replace(/\/\/[^@/]*@/, '//');
  return {
    plugin: fastifyOtel.plugin(),
    traceIdOf: (req) => traceIds.get(req) ?? null,
    describe: `traces to ${endpoint} (OTLP ${protocol})`,
    shutdown: () => sdk.shutdown(),
  };
}
