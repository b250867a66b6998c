/**
 * The part of autocannon 8 (no types of its own) that the load benches use: an instance with `requests` per
 * connection (set in `setupClient`), and its results. README of node_modules/autocannon for the rest.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** called before each send of this request: return it changed (or null to start the sequence again) */
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request | null;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface Client extends EventEmitter {
      setRequests(requests: Request[]): void;
      on(event: 'response', listener: (status: number, bytes: number, responseTimeMs: number) => void): this;
      on(event: 'connError', listener: (error: NodeJS.ErrnoException) => void): this;
      on(event: 'timeout', listener: () => void): this;
    }
    interface Histogram {
      average: number;
      mean: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
      total: number;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      /** requests after which a connection is closed and opened anew */
      reconnectRate?: number;
      timeout?: number;
      pipelining?: number;
      overallRate?: number;
      requests?: Request[];
      setupClient?: (client: Client) => void;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
    }
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
