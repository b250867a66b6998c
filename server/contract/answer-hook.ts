/**
 * A hook that hands every answer of the portal's API to a checker, installed by createApp only when one is set:
 * the server tests set one (server/test/answer-check.ts) that holds each answer against the published document, so
 * a route answering something else fails its test. Production never sets one: no hook, no cost.
 */
import type { FastifyInstance } from 'fastify';
import { onSendStep, routeOf } from '../lib/hook-chain.js';

export interface SentAnswer {
  /** `METHOD /pattern`, the route as registered */
  route: string;
  url: string;
  status: number;
  contentType: string | null;
  /** the body as sent; null when it is a stream (a file) */
  body: string | null;
}

let checker: ((answer: SentAnswer) => void) | null = null;

/**
 * Every app created from now on hands its API answers to `check` (null: none).
 * @internal for the server tests (server/test/answer-check.ts): production never sets a checker
 */
export function checkAnswersWith(check: ((answer: SentAnswer) => void) | null): void {
  checker = check;
}

/** The API's routes, the single sign-on ticket check and the portal's configuration (server/contract/routes.ts). */
const inScope = (url: string) => url.startsWith('/api/') || url === '/cas/ticket-check' || url === '/ui/config.json';

/** Called by createApp before the compression hook, so the body is seen as the route made it. */
export function installAnswerCheck(app: FastifyInstance): void {
  const check = checker;
  if (!check) return;
  onSendStep(app, (req, reply, payload) => {
    const pattern = routeOf(req).url;
    if (pattern && req.method !== 'HEAD' && inScope(pattern)) {
      const type = reply.getHeader('content-type');
      check({
        route: `${req.method} ${pattern}`,
        url: req.url,
        status: reply.statusCode,
        contentType: type === undefined ? null : String(type),
        body:
          typeof payload === 'string'
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString('utf8')
              : payload == null
                ? ''
                : null,
      });
    }
    return payload;
  });
}
