/**
 * npm run bench -- keepalive — why the rolling bench's nginx raises `keepalive_requests` (server/test/nginx.ts).
 *
 * nginx ends a client connection after `keepalive_requests` answers, the last one saying `Connection: close`.
 * autocannon, the benches' load tool, ignores that header and writes its next request on the closing connection
 * (RFC 9112 §9.6 forbids it): the request is lost, and now and then it meets a reset, counted as a connection error.
 * Shown apart from the portal: nginx at `keepalive_requests 20` (so that closes are many) in front of a plain Node
 * server answering JSON, 50 connections of 2,000 requests each, once as autocannon sends and once with the client
 * closing each connection itself after 15 requests, before nginx would. Prints requests answered, lost and
 * connection errors for each (target: the errors of the first are the tool's, the second has none).
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { startBalancer } from '../server/test/nginx.js';
import { freePort } from '../server/test/processes.js';

const CONNECTIONS = 50;
const PER_CONNECTION = 2_000;
const NGINX_LIMIT = 20;

export async function keepaliveBench(): Promise<void> {
  const port = await freePort();
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  server.keepAliveTimeout = 72_000; // as the portal's (server/main.ts): longer than nginx's upstream keep-alive
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const lb = await startBalancer({
    port: await freePort(),
    upstreams: [`127.0.0.1:${port}`],
    workers: 1,
    keepaliveRequests: NGINX_LIMIT,
  });
  try {
    console.log(
      `keep-alive: nginx keepalive_requests ${NGINX_LIMIT}, ${CONNECTIONS} autocannon connections × ${PER_CONNECTION} requests, a plain Node server behind it`,
    );
    for (const reconnectRate of [undefined, NGINX_LIMIT - 5]) {
      const amount = CONNECTIONS * PER_CONNECTION;
      const r = await autocannon({ url: lb.base, connections: CONNECTIONS, amount, timeout: 10, reconnectRate });
      const lost = amount - r.requests.total;
      console.log(
        reconnectRate
          ? `  the client closes after ${reconnectRate}: connection errors ${r.errors} (autocannon leaves out the answer it closes on: ${r.requests.total.toLocaleString('en')} reported)`
          : `  as autocannon sends: connection errors ${r.errors}, requests lost ${lost.toLocaleString('en')} of ${amount.toLocaleString('en')}`,
      );
    }
  } finally {
    await lb.stop();
    server.close();
  }
}
