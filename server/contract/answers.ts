/**
 * Checks an answer against the published document (./openapi.ts): the route must be in it, its status must be one
 * the operation lists (or, for a failure, its `default`), the media type one of that answer's, and a JSON body must
 * match the schema (Ajv, JSON Schema draft 2020-12; each validator compiled once per process). The server tests run
 * this on every answer (server/test/answer-check.ts); the conformance kit on every answer of the backend it checks
 * (tools/conformance).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { splitKey } from './keys.js';
import type { OpenApiDocument } from './openapi.js';

export interface Answer {
  /** `METHOD /api/path/:param`, as the route is registered (and keyed in server/contract/routes.ts) */
  route: string;
  status: number;
  contentType: string | null;
  body: string;
}

type Json = Record<string, unknown>;
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

export interface AnswerChecker {
  /** null when the answer is the document's; else its first difference, in words */
  check(answer: Answer): string | null;
  /** whether the document describes the route at all */
  has(route: string): boolean;
  /** the route's operation object of the document */
  operation(route: string): Json | undefined;
  /** compiles the validator of every answer now (the server tests: before any test's time runs) */
  compileAll(): void;
}

export function answerChecker(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  const validators = new Map<string, ValidateFunction>();
  /** by the component when the schema at `ref` is only a reference to one (every failure is a ServiceError) */
  const validator = (ref: string) => {
    const target = ref
      .split('/')
      .reduce<unknown>((node, part) => (node as Json | undefined)?.[unescape(part)], document);
    const only =
      target && typeof target === 'object' && Object.keys(target).length === 1 ? (target as Json).$ref : null;
    const key = typeof only === 'string' ? only : `#/${ref}`;
    let v = validators.get(key);
    if (!v) validators.set(key, (v = ajv.compile({ $ref: `openapi${key}` })));
    return v;
  };
  const operation = (route: string): Json | undefined => {
    const { method, path } = splitKey(route);
    return (document.paths[path] as Record<string, Json> | undefined)?.[method];
  };

  function check(answer: Answer): string | null {
    const op = operation(answer.route);
    if (!op) return `${answer.route} is not in the document`;
    const { method, path } = splitKey(answer.route);
    const responses = op.responses as Record<string, Json>;
    const key = String(answer.status) in responses ? String(answer.status) : answer.status >= 400 ? 'default' : null;
    if (!key || !(key in responses))
      return `status ${answer.status} is not in the document (it has ${Object.keys(responses).join(', ')})`;
    const content = responses[key].content as Record<string, Json> | undefined;
    const media = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!content) return answer.body === '' ? null : `a body where the document has none (${media || 'no type'})`;
    if (!(media in content))
      return `${media || 'no Content-Type'} where the document has ${Object.keys(content).join(' or ')}`;
    const base = pointer('paths', path, method, 'responses', key, 'content', media);
    let value: unknown;
    let ref: string;
    if (media === 'application/json') {
      ref = `${base}/schema`;
      try {
        value = JSON.parse(answer.body);
      } catch {
        return 'a body that is not JSON';
      }
    } else if ('x-jsonp-argument' in content[media]) {
      const m = /^\s*[A-Za-z_$][\w$.]*\(([\s\S]*)\);?\s*$/.exec(answer.body);
      if (!m) return 'a script that is not one call of the callback';
      ref = `${base}/x-jsonp-argument`;
      try {
        value = JSON.parse(m[1]);
      } catch {
        return "the callback's argument is not JSON";
      }
    } else return null;
    const validate = validator(ref);
    return validate(value) ? null : difference(validate.errors ?? [], value);
  }

  function compileAll(): void {
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(item as Record<string, Json>)) {
        if (method === 'servers') continue;
        for (const [status, response] of Object.entries(op.responses as Record<string, Json>))
          for (const [media, content] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
            const base = pointer('paths', path, method, 'responses', status, 'content', media);
            if (media === 'application/json') validator(`${base}/schema`);
            else if ('x-jsonp-argument' in content) validator(`${base}/x-jsonp-argument`);
          }
      }
  }

  return { check, has: (route) => operation(route) !== undefined, operation, compileAll };
}

const at = (path: string) => (path === '' ? 'the body' : path);
const show = (v: unknown) => {
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};
function valueAt(root: unknown, path: string): unknown {
  let v = root;
  for (const part of path.split('/').slice(1))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[unescape(part)] : undefined;
  return v;
}

/**
 * The first difference, in words. Ajv reports a failed `anyOf` (a nullable field) with the errors of each branch:
 * the one that says the most is the deepest, leaving out the branches that only say "must be null".
 */
export function difference(errors: ErrorObject[], value: unknown): string {
  const telling = errors.filter(
    (e) => !['anyOf', 'oneOf'].includes(e.keyword) && !(e.keyword === 'type' && e.params.type === 'null'),
  );
  const pool = telling.length ? telling : errors;
  const e = pool.reduce((best, x) => (x.instancePath.length > best.instancePath.length ? x : best), pool[0]);
  if (!e) return 'does not match the schema';
  switch (e.keyword) {
    case 'additionalProperties':
      return `${at(e.instancePath)} has a field the document lacks: ${String(e.params.additionalProperty)}`;
    case 'required':
      return `${at(e.instancePath)} lacks the required field ${String(e.params.missingProperty)}`;
    default:
      return `${at(e.instancePath)} ${e.message ?? 'does not match'} (it is ${show(valueAt(value, e.instancePath))})`;
  }
}
