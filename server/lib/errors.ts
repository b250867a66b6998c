/**
 * Failure answers (docs/conventions.md "Sessions and security"): every failure body is a
 * `ServiceError` from the contract and so carries `serviceErrorMessage`. Bad input has one shape:
 * 400 `{ serviceErrorMessage: 'field: message; ...', code: 'BAD_INPUT', fields: { field: message } }`, built by
 * `FieldFailures` (and `parseOrThrow`, the one body parser, through it).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// classic zod: importing it installs the English texts humanize() reads, for the shared zod/mini schemas too
import { z } from 'zod';
import type { ServiceError } from '../../domain/contract.js';
import { MSG } from '../../domain/user-settings/fields.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** the message catalogue key (locales/*.json) the portal may show instead of the English text */
    readonly messageKey?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ServiceError & { messageKey?: string } {
    return {
      serviceErrorMessage: this.message,
      code: this.code,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.messageKey ? { messageKey: this.messageKey } : {}),
    };
  }
}

export const unauthenticated = (message = 'You are not signed in. Log in and try again.') =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You have no rights to access this data.') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'NOT_FOUND', message);
export const badInput = (field: string, message: string) =>
  new HttpError(400, 'BAD_INPUT', `${field}: ${message}`, { [field]: message });
export const unavailable = (message: string, code = 'UNAVAILABLE') => new HttpError(503, code, message);
/** A rate limit refused the request (server/security/rate-limit.ts): the catalogue's message says to wait. */
export const tooManyRequests = () =>
  new HttpError(
    429,
    'TOO_MANY_REQUESTS',
    'Too many requests in a short time. Please wait a moment and try again.',
    undefined,
    'error.tooManyRequests',
  );

/**
 * An outside service (the business register, the address register, the sign-on server's validation, any service
 * reached through server/clients/service-http.ts) could not be asked or gave no usable answer. A route that has an
 * answer of its own for that catches it; anywhere else the request answers 503 with the catalogue's server error,
 * as while the database is away: nothing was done, and the person may try again.
 */
export class OutsideServiceError extends Error {}

/** The catalogue's server error (`error.server` in locales/en.json), the text of an answer the person may retry. */
export const SERVER_ERROR_TEXT = 'Error occured during request. Please check input data or try again later';

/** The database cannot be reached (server/db/unavailable.ts): nothing was done, and the next request tries again. */
export const databaseUnavailable = () =>
  new HttpError(503, 'DATABASE_UNAVAILABLE', SERVER_ERROR_TEXT, undefined, 'error.server');

type Issue = z.core.$ZodIssue;

/** English names of a body's fields, for the sentences that name one ('Name is mandatory'); the field path otherwise. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * A field rule's message key (domain/fields, the i18n keys the portal shows) as the English sentence of a 400:
 * spec 2 §5 "Generic messages". null for a message that is no rule key.
 */
export function ruleSentence(key: string, label: string, limits: { max?: number; min?: number } = {}): string | null {
  switch (key) {
    case MSG.required:
      return `${label} is mandatory`;
    case MSG.maxLength:
      return limits.max === undefined
        ? `${label} is too long`
        : `The maximum length of "${label}" is ${limits.max} characters`;
    case MSG.minLength:
      return limits.min === undefined
        ? 'Field length is below allowed limit'
        : `Field length is below allowed limit: "${label}" needs at least ${limits.min} characters`;
    case MSG.email:
      return 'E-mail must look like name@address, for example name@example.com';
    case MSG.phone:
      return 'Invalid format of phone number';
    case MSG.url:
      return 'Invalid format of webpage address';
    case MSG.personalCode:
      return 'National identification number must be valid in the chosen country';
    case MSG.address:
      return 'Address incorrect';
    case MSG.date:
    case MSG.pattern:
      return 'Invalid value';
    case MSG.dateRange:
      return 'From date must be before end date';
    case MSG.username:
      return `${label} may hold only letters, digits, dots and pipes (|)`;
    case MSG.password:
      return `${label} must be at least 8 characters long with an upper case letter, a lower case letter and a digit`;
    case MSG.passwords:
      return 'Passwords entered do not match. Please enter them again.';
    default:
      return null;
  }
}

/** One issue as a sentence a person can act on (zod's own texts are for developers). */
function humanize(issue: Issue, label: string): string {
  const limits = {
    max: issue.code === 'too_big' ? Number(issue.maximum) : undefined,
    min: issue.code === 'too_small' ? Number(issue.minimum) : undefined,
  };
  const rule = ruleSentence(issue.message, label, limits);
  if (rule) return rule;
  // a message written in the schema (z.string().regex(re, 'must be ...')) is already meant for people
  if (issue.message && !/^(Invalid|Too (small|big)|Unrecognized|Expected)/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined/.test(issue.message) ? 'is required' : `must be ${issue.expected}`;
    case 'invalid_value': {
      const values = issue.values;
      return values.length === 1 ? `must be ${String(values[0])}` : `must be one of ${values.map(String).join(', ')}`;
    }
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? 'must not be empty'
          : `must be at least ${issue.minimum} characters long`
        : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters long`
        : `must be at most ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email'
        ? 'must be an e-mail address'
        : issue.format === 'regex'
          ? 'has an invalid format'
          : `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'has an invalid value';
    default:
      return issue.message;
  }
}

/** Collects the failing fields of one request (the first message of each); `throwIfAny()` answers them all at once. */
export class FieldFailures {
  readonly fields: Record<string, string> = {};

  fail(field: string, message: string): void {
    if (!(field in this.fields)) this.fields[field] = message;
  }

  /** the field fails its rule: `key` is the rule's message key (domain/fields) */
  failRule(field: string, key: string, label: string, limits: { max?: number; min?: number } = {}): void {
    this.fail(field, ruleSentence(key, label, limits) ?? key);
  }

  throwIfAny(): void {
    const entries = Object.entries(this.fields);
    if (entries.length === 0) return;
    throw new HttpError(400, 'BAD_INPUT', entries.map(([k, v]) => `${k}: ${v}`).join('; '), this.fields);
  }
}

/**
 * The server's one body (and query, params) parser: validate `value` with `schema`, the shared rules of
 * domain included; on failure throw 400 BAD_INPUT naming each field with its sentence. `where` names the root
 * ('body', 'query', 'gid', ...) for a field path that is empty; `labels` the fields for the sentences that name them.
 */
export function parseOrThrow<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  where = 'body',
  labels: FieldLabels = {},
): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const failures = new FieldFailures();
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : where;
    failures.fail(key, humanize(issue, labels[key] ?? labels[String(issue.path[0])] ?? key));
  }
  failures.throwIfAny();
  throw new Error('unreachable: a failed parse names at least one field');
}

/** When a request last logged that the database is away, and how many did not since. */
const outage = { logged: 0, quiet: 0 };

/** Error and not-found handlers for the whole app: HttpError → its body; Fastify's own 4xx → ServiceError. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // body parser / content-type errors raised by Fastify itself
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'body: send JSON (Content-Type: application/json)'
          : `body: ${error.message}`;
      return reply
        .status(status)
        .send({ serviceErrorMessage: message, code: 'BAD_INPUT', fields: { body: message.replace(/^body: /, '') } });
    }
    if (isDatabaseUnavailable(error)) {
      // while the database is away every request fails alike: one line a second at most, without the stack
      const now = Date.now();
      if (now - outage.logged >= 1000) {
        const more = outage.quiet ? ` (and ${outage.quiet} more requests since the last line)` : '';
        req.log.warn(`database unavailable, answered 503: ${error.message}${more}`);
        outage.logged = now;
        outage.quiet = 0;
      } else outage.quiet++;
      return reply.status(503).header('retry-after', '5').send(databaseUnavailable().toBody());
    }
    if (error instanceof OutsideServiceError) {
      req.log.warn(`${error.message}: answered 503`);
      return reply
        .status(503)
        .send(new HttpError(503, 'SERVICE_UNAVAILABLE', SERVER_ERROR_TEXT, undefined, 'error.server').toBody());
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ serviceErrorMessage: 'Internal error. Please try again later.', code: 'INTERNAL' });
  });
  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ serviceErrorMessage: `No such address: ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
