/**
 * Failure answers of the SK-shaped simulator APIs, in each service's own body shape (not the portal's
 * `serviceErrorMessage` one), so a client written against SK's documentation reads them as it would SK's:
 *
 *   Mobile-ID REST v1 §3.2.7:  { error: 'Required relyingPartyUUID is missing.', time, traceId }
 *   Smart-ID RP API v2:        { type: 'about:blank', title, status, detail } (problem details)
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.js';

export type ServiceName = 'MID' | 'SID';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  471: 'No suitable account of requested type found',
  472: 'Person should view Smart-ID app or Smart-ID self-service portal now',
  480: 'Client too old',
  500: 'Internal Server Error',
  580: 'System under maintenance',
};

export class SkServiceError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'SkServiceError';
  }
}

const midTime = (now: Date) => now.toISOString().slice(0, 19);

export function errorBody(service: ServiceName, status: number, message: string, now: Date) {
  return service === 'MID'
    ? { error: message, time: midTime(now), traceId: randomBytes(8).toString('hex') }
    : { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail: message };
}

/** The default message of an HTTP error the console makes a service answer. */
export function forcedError(service: ServiceName, status: number): SkServiceError {
  const text: Record<number, string> = {
    400: 'Required relyingPartyUUID is missing.',
    401: 'Failed to authorize user',
    403: 'Relying Party has no permission to issue the request',
    404: 'Object not found',
    405: 'Method Not Allowed',
    471: 'No suitable account of requested type found, but user has some other accounts',
    472: 'Person should view Smart-ID app or Smart-ID self-service portal now',
    480: 'The client is too old and not supported any more',
    500: 'Internal error',
    580: 'System is under maintenance, retry again later',
  };
  return new SkServiceError(service, status, text[status] ?? 'Error');
}

/**
 * Makes every failure of the routes registered on `scope` an SK-shaped answer: SkServiceError as it is,
 * the app's own 400s (bad JSON) with their message, anything else 500 "Internal error".
 */
export function installServiceErrors(scope: FastifyInstance, service: ServiceName, now: () => Date): void {
  scope.setErrorHandler((err: FastifyError | SkServiceError | HttpError, _req, reply) => {
    const status = err instanceof SkServiceError || err instanceof HttpError ? err.statusCode : (err.statusCode ?? 500);
    const message = status >= 500 && !(err instanceof SkServiceError) ? 'Internal error' : err.message;
    return reply.status(status).send(errorBody(service, status, message, now()));
  });
  scope.setNotFoundHandler((_req, reply) => reply.status(404).send(errorBody(service, 404, 'Object not found', now())));
}
