/**
 * The portal's own request steps (security headers, lifecycle, the address checks, XSRF, the live-mode gates, the
 * simulator's faults) run in one Fastify `onRequest` hook, and its answer steps (no-store and the build id, the
 * session hint, Secure cookies, the faults, the answer check) in one `onSend` hook, each in the order they are
 * added, with Fastify's own rules between two hooks: an error ends the chain and goes to the error handler, a step
 * that sends or hijacks the answer instead of calling `done` ends it, and no request step runs once the reply is
 * sent. Every hook Fastify runs costs its hook runner's step and, for most, `req.routeOptions` (a new object at every
 * read); one hook of each kind and the route read once per request leave each step only its own work.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the steps read of the request's route: its pattern (undefined: no route matched) and its config. */
interface RouteFacts {
  url: string | undefined;
  config: FastifyContextConfig | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the route's pattern and config, read once by the request chain (see routeOf) */
    portalRoute: RouteFacts | null;
  }
}

/**
 * A request step: nothing (go on), an Error (the chain ends, Fastify's error handler answers), or a promise of either
 * when the step must wait. A step that answers or hijacks the reply returns nothing: the chain ends there.
 */
type RequestStep = (req: FastifyRequest, reply: FastifyReply) => Error | undefined | Promise<Error | undefined>;
/** An answer step: the payload to send, this one or another (synchronous only). */
type SendStep = (req: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown;

interface Chains {
  request: RequestStep[] | null;
  send: SendStep[] | null;
}
const chains = new WeakMap<FastifyInstance, Chains>();

function chainsOf(app: FastifyInstance): Chains {
  let c = chains.get(app);
  if (!c) {
    chains.set(app, (c = { request: null, send: null }));
    if (!app.hasRequestDecorator('portalRoute')) app.decorateRequest('portalRoute', null);
  }
  return c;
}

/** The request's route facts: as the request chain read them, else from Fastify (a request no chain has seen). */
export function routeOf(req: FastifyRequest): RouteFacts {
  const known = req.portalRoute;
  if (known) return known;
  const { url, config } = req.routeOptions;
  return (req.portalRoute = { url, config });
}

/**
 * Runs the steps from `i` on. A loop rather than a callback per step: no function is made per request unless a step
 * waits (the server runs through tsx, whose kept function names cost a property definition per function made).
 */
function runSteps(
  steps: readonly RequestStep[],
  i: number,
  req: FastifyRequest,
  reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  for (; i < steps.length; i++) {
    // a step that answered (a fault's 500) or hijacked the reply ends the chain as Fastify's own ends: nothing more runs
    if (reply.sent) return;
    let result: ReturnType<RequestStep>;
    try {
      result = steps[i](req, reply);
    } catch (error) {
      return done(error as Error);
    }
    if (result === undefined) continue;
    if (result instanceof Error) return done(result);
    const from = i + 1;
    result.then(
      (err) => (err ? done(err) : runSteps(steps, from, req, reply, done)),
      (err: unknown) => done(err as Error),
    );
    return;
  }
  if (!reply.sent) done();
}

/** Adds a step to the app's one `onRequest` hook (registered where the first step is added). */
export function onRequestStep(app: FastifyInstance, step: RequestStep): void {
  const c = chainsOf(app);
  if (c.request) {
    c.request.push(step);
    return;
  }
  const steps: RequestStep[] = (c.request = [step]);
  app.addHook('onRequest', (req, reply, done) => {
    routeOf(req);
    runSteps(steps, 0, req, reply, done);
  });
}

/** Adds a step to the app's one `onSend` hook (registered where the first step is added). */
export function onSendStep(app: FastifyInstance, step: SendStep): void {
  const c = chainsOf(app);
  if (c.send) {
    c.send.push(step);
    return;
  }
  const steps: SendStep[] = (c.send = [step]);
  app.addHook('onSend', (req, reply, payload, done) => {
    let current = payload;
    try {
      for (const s of steps) {
        const next = s(req, reply, current);
        if (next !== undefined) current = next;
      }
    } catch (error) {
      return done(error as Error);
    }
    done(null, current);
  });
}
