/**
 * The OpenAPI 3.1 document of the portal's API, generated from the route table (./routes.ts) with zod 4's own JSON
 * Schema output (z.toJSONSchema, draft 2020-12, which OpenAPI 3.1 schemas are), so it cannot drift from the schemas
 * the code parses with. Served at GET /api/openapi.json; `npm run contract` writes it to docs/openapi.json.
 *
 * - Exported schemas of the contract modules (SCHEMA_MODULES) are components under their export names. A schema
 *   that is a request in one place and an answer in another gets two when the two differ: `X` (as answered) and
 *   `XInput` (as accepted).
 * - Answers are zod's output side: an object allows no field beyond its schema (`additionalProperties: false`), so a
 *   route answering a field its schema lacks is off the contract (server/contract/answers.ts). Requests are the input
 *   side: fields with a default may be left out, and unknown fields are ignored.
 * - Security comes from the authorization matrix's table: the session cookie, the X-XSRF-TOKEN header (on every
 *   POST and on a GET that changes the session), the applications' shared secret.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { COOKIE, ServiceError, XSRF_HEADER } from '../../domain/contract.js';
import { ACCESS_TABLE, type Access } from '../security/access-table.js';
import { splitKey } from './keys.js';
import { ROUTE_CONTRACTS, SCHEMA_MODULES, type Answer, type RouteContract, type Schema } from './routes.js';

type Json = Record<string, unknown>;
type JsonSchema = Json;

const REF = '#/components/schemas/';
/** ids of the schemas that are a route's own (parameters, bodies, answers) and not components */
const ROUTE_ID = '__route__';
/** ids of the input side while converting, before the components are named */
const INPUT_ID = '__input__';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v;

/** `get` `/user-settings/edit/{userId}` → `getUserSettingsEditByUserId` (a trailing slash: `…Slash`) */
function operationId(method: string, p: string): string {
  const words = p
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith('{') ? `by-${seg.slice(1, -1)}` : seg))
    .flatMap((seg) => seg.split(/[-_.]/))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return method + words.join('') + (p.length > 1 && p.endsWith('/') ? 'Slash' : '');
}

const ACCESS_TEXT: Record<Access['kind'], (a: Access) => string> = {
  public: () => 'Anyone, signed in or not.',
  session: () => 'Any signed-in person.',
  privilege: (a) => `A signed-in person holding ${'any' in a ? a.any.join(' or ') : ''}.`,
  staff: () => 'Staff (an internal user, auth channel IN_AD).',
  selfOr: (a) =>
    'param' in a && 'any' in a && a.any.length
      ? `The person named by ${a.param} themself, or a holder of ${a.any.join(' or ')}.`
      : `The person named by ${'param' in a ? a.param : ''} themself only.`,
  validRight: (a) => `A person with a representation right valid today in the party ${'param' in a ? a.param : ''}.`,
  financeRight: (a) =>
    `A person holding invoicing management today in the business ${'param' in a ? a.param : ''}: a FINANCE role valid today, or its main administrator (a valid AXAPTA right).`,
  customerManager: (a) =>
    `A main administrator of the customer ${'param' in a ? a.param : ''} (a valid AXAPTA right), or EDIT_ANY_CUSTOMER.`,
  anyRight: (a) =>
    `Anyone with a right (valid or not) in the customer ${'param' in a ? a.param : ''}, or EDIT_ANY_CUSTOMER.`,
  mainAdminOrPrivilege: (a) =>
    `A main administrator of some customer, or a holder of ${'any' in a ? a.any.join(' or ') : ''}.`,
  machine: () => 'Another server, never a browser.',
};

/** Whether a route needs the X-XSRF-TOKEN header (server/lib/xsrf.ts: every unsafe method, or the route says so). */
export function needsXsrf(key: string, route: RouteContract): boolean {
  return route.xsrf ?? !key.startsWith('GET ');
}

/** Every schema a route names, each once, with the side it is on. */
function routeSchemas(route: RouteContract): { schema: Schema; side: 'input' | 'output' }[] {
  const out: { schema: Schema; side: 'input' | 'output' }[] = [];
  for (const s of [route.params ?? []].flat()) out.push({ schema: s, side: 'input' });
  if (route.query) out.push({ schema: route.query, side: 'input' });
  if (route.body) out.push({ schema: route.body, side: 'input' });
  if (route.form) out.push({ schema: route.form.schema, side: 'input' });
  for (const a of Object.values(route.answers).flat())
    if (a && (a.kind === 'json' || a.kind === 'jsonp')) out.push({ schema: a.schema, side: 'output' });
  out.push({ schema: ServiceError, side: 'output' });
  return out;
}

/** Replaces every `$ref` of `json` by `rename(ref)` (a new value; the input is not changed). */
function mapRefs(json: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(json)) return json.map((x) => mapRefs(x, rename));
  if (json && typeof json === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(json))
      out[k] = k === '$ref' && typeof v === 'string' ? rename(v) : mapRefs(v, rename);
    return out;
  }
  return json;
}

function refsOf(json: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(json)) for (const x of json) refsOf(x, into);
  else if (json && typeof json === 'object')
    for (const [k, v] of Object.entries(json))
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else refsOf(v, into);
  return into;
}

const strip = (json: JsonSchema): JsonSchema => {
  const { $schema: _s, $id: _i, ...rest } = json;
  return rest;
};

/**
 * Converts every schema the routes name, both sides, in two passes of z.toJSONSchema over one registry (so shared
 * schemas become `$ref`s), and names the components.
 */
function convert(routes: [string, RouteContract][]) {
  const registry = z.registry<{ id: string }>();
  const named = new Map<Schema, string>();
  for (const module of SCHEMA_MODULES)
    for (const [name, value] of Object.entries(module)) {
      if (!isSchema(value) || named.has(value)) continue; // an alias (RoleTree = RolesAndPackets) keeps the first name
      if ([...named.values()].includes(name)) throw new Error(`two schemas are exported as ${name}`);
      named.set(value, name);
      registry.add(value, { id: name });
    }
  const own = new Map<Schema, string>();
  for (const [, route] of routes)
    for (const { schema } of routeSchemas(route))
      if (!named.has(schema) && !own.has(schema)) {
        const id = `${ROUTE_ID}${own.size}`;
        own.set(schema, id);
        registry.add(schema, { id });
      }
  const pass = (io: 'input' | 'output') =>
    z.toJSONSchema(registry, {
      io,
      target: 'draft-2020-12',
      // refinements (e.g. a real calendar date) have no JSON Schema; the check stays the server's
      unrepresentable: 'any',
      uri: (id) => `${REF}${io === 'input' ? INPUT_ID : ''}${id}`,
    }).schemas as Record<string, JsonSchema>;
  const output = pass('output');
  const input = pass('input');
  const idOf = (schema: Schema) => named.get(schema) ?? own.get(schema)!;
  return { output, input, idOf, named };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json;
  servers: Json[];
  tags: Json[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Json };
}

function build(): OpenApiDocument {
  const routes = Object.entries(ROUTE_CONTRACTS);
  const { output, input, idOf } = convert(routes);

  // ---- which components each side reaches, and their names ----
  const reach = (start: string[], side: Record<string, JsonSchema>, prefix: string) => {
    const seen = new Set<string>();
    const todo = [...start];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const ref of refsOf(side[id], new Set())) todo.push(ref.slice(REF.length + prefix.length));
    }
    return seen;
  };
  const routeIds = { input: [] as string[], output: [] as string[] };
  for (const [, route] of routes) for (const { schema, side } of routeSchemas(route)) routeIds[side].push(idOf(schema));
  const outIds = reach(routeIds.output, output, '');
  const inIds = reach(routeIds.input, input, INPUT_ID);
  // an input component is named as its output one when the two are the same once their own references are: found
  // by dropping, until nothing changes, every id whose input differs from its output
  const same = new Set([...inIds].filter((id) => outIds.has(id)));
  const inName = (id: string) => (!outIds.has(id) || same.has(id) ? id : `${id}Input`);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of same) {
      const asInput = JSON.stringify(mapRefs(input[id], (r) => REF + inName(r.slice(REF.length + INPUT_ID.length))));
      if (asInput !== JSON.stringify(output[id])) {
        same.delete(id);
        changed = true;
      }
    }
  }
  const inputRef = (r: string) => REF + inName(r.slice(REF.length + INPUT_ID.length));
  const schemas: Record<string, JsonSchema> = {};
  for (const id of outIds) if (!id.startsWith(ROUTE_ID)) schemas[id] = strip(output[id]);
  for (const id of inIds)
    if (!id.startsWith(ROUTE_ID) && !(outIds.has(id) && same.has(id)))
      schemas[inName(id)] = strip(mapRefs(input[id], inputRef) as JsonSchema);
  /** a schema as used in an operation: a `$ref` to its component, or itself when it is the route's own */
  const use = (schema: Schema, side: 'input' | 'output'): JsonSchema => {
    const id = idOf(schema);
    if (!id.startsWith(ROUTE_ID)) return { $ref: REF + (side === 'input' ? inName(id) : id) };
    return side === 'input' ? strip(mapRefs(input[id], inputRef) as JsonSchema) : strip(output[id]);
  };
  for (const s of Object.values(schemas))
    for (const ref of refsOf(s, new Set()))
      if (ref.includes(ROUTE_ID)) throw new Error(`a route's own schema is used inside a component: ${ref}`);
  schemas.ServiceError = {
    ...schemas.ServiceError,
    description:
      'Every failure answer (spec 1 §7: a body with serviceErrorMessage is a failure). `code` is machine-readable: ' +
      'UNAUTHENTICATED (401, no session), FORBIDDEN (403, no right), XSRF (403, the X-XSRF-TOKEN header is missing ' +
      'or wrong; nothing changed), BAD_INPUT (400: serviceErrorMessage "<field>: <what is wrong>", and `fields` ' +
      'names each field), NOT_FOUND (404), INTERNAL (500), DATABASE_UNAVAILABLE (503, on any call while the ' +
      "backend's database is away: try again later), and the route-specific codes each operation lists. " +
      '`messageKey`, when present, is the key of the portal message catalogue (locales/*.json) that says it to a person.',
  };

  // ---- paths ----
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const ids = new Set<string>();
  for (const [key, route] of routes) {
    const { method, path: p, base } = splitKey(key);
    const access = ACCESS_TABLE[key]?.access;
    const tag = base !== 'api' ? base : (p.split('/')[1] ?? '').replace(/\.json$/, '') || 'api';
    tags.add(tag);
    const id = operationId(method, p);
    if (ids.has(id)) throw new Error(`two operations are named ${id}`);
    ids.add(id);

    const parameters: Json[] = [];
    const addParameters = (schema: Schema, where: 'path' | 'query') => {
      const json = use(schema, 'input');
      const required = new Set((json.required as string[] | undefined) ?? []);
      for (const [name, s] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>))
        parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: s });
    };
    for (const s of [route.params ?? []].flat()) addParameters(s, 'path');
    if (route.query) addParameters(route.query, 'query');
    if (route.versioned?.kind === 'write')
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: false,
        description:
          `The ETag of ${route.versioned.record} this change is based on (RFC 9110 §13.1.1). When the stored ` +
          'version differs: 412 CHANGED_MEANWHILE and nothing changes. Without the header the write is made whatever ' +
          'the version.',
        schema: { type: 'string' },
      });
    const xsrf = needsXsrf(key, route);

    const requestBody = route.body
      ? { required: true, content: { 'application/json': { schema: use(route.body, 'input') } } }
      : route.form
        ? {
            required: true,
            content: {
              'application/x-www-form-urlencoded': { schema: use(route.form.schema, 'input') },
              ...(route.form.xml ? { 'text/xml': { schema: { type: 'string' } } } : {}),
            },
          }
        : undefined;

    const responses: Json = {};
    for (const [status, answers] of Object.entries(route.answers)) {
      const list = [answers ?? []].flat();
      const content: Json = {};
      let headers: Json | undefined;
      for (const a of list) Object.assign(content, contentOf(a, use));
      if (list.some((a) => a.kind === 'redirect'))
        headers = { Location: { description: 'where to go', schema: { type: 'string' } } };
      if (route.versioned && status === '200')
        headers = {
          ETag: {
            description:
              `The version of ${route.versioned.record} (a strong entity-tag, RFC 9110 §8.8.3)` +
              (route.versioned.kind === 'write' ? ' after this change' : '') +
              ': send it as If-Match with the next change.',
            schema: { type: 'string' },
          },
        };
      responses[status] = {
        description: list.map((a) => a.description).join('; '),
        ...(headers ? { headers } : {}),
        ...(Object.keys(content).length ? { content } : {}),
      };
    }
    const failure = (text: string) => ({
      description: text,
      content: { 'application/json': { schema: { $ref: `${REF}ServiceError` } } },
    });
    const errors: Record<string, string> = {};
    const add = (status: number, text: string) => {
      if (String(status) in responses) return;
      errors[status] = errors[status] ? `${errors[status]}; ${text}` : text;
    };
    for (const [status, text] of Object.entries(route.errors ?? {})) if (text) add(Number(status), text);
    if (route.versioned?.kind === 'write')
      add(
        412,
        `CHANGED_MEANWHILE (messageKey error.changedMeanwhile): If-Match names a version of ${route.versioned.record} ` +
          'that is no longer the stored one; nothing changed. Read it again and repeat the change.',
      );
    if (route.params || route.query || route.body || route.form) add(400, 'BAD_INPUT: the input breaks a rule');
    if (access && !['public', 'machine'].includes(access.kind)) add(401, 'UNAUTHENTICATED: no session');
    if (access && !['public', 'session', 'machine'].includes(access.kind))
      add(403, 'FORBIDDEN: not yours to see or change');
    if (xsrf) add(403, 'XSRF: the X-XSRF-TOKEN header is missing or differs from the EPIT-XSRF-TOKEN cookie');
    for (const [status, text] of Object.entries(errors)) responses[status] = failure(text);
    responses.default = failure('Any other failure, e.g. 500 INTERNAL, 503 DATABASE_UNAVAILABLE');

    const security: Json[] =
      access?.kind === 'machine'
        ? key === 'GET /api/apps/access'
          ? [{ appsSecret: [] }]
          : []
        : access && access.kind !== 'public'
          ? [{ session: [], ...(xsrf ? { xsrf: [] } : {}) }]
          : xsrf
            ? [{ xsrf: [] }]
            : [];
    const who = access ? ACCESS_TEXT[access.kind](access) : null;
    const operation: Json = {
      operationId: id,
      tags: [tag],
      summary: route.summary,
      ...(route.description || who
        ? { description: [route.description, who && `Who: ${who}`].filter(Boolean).join('\n\n') }
        : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      security,
    };
    paths[p] ??= base === 'api' ? {} : { servers: [{ url: `/${base}`, description: BASES[base] }] };
    paths[p][method] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'EPIT self-service portal API',
      version,
      description: INFO,
    },
    servers: [{ url: '/api', description: 'the API base (config.json apiUrl)' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: COOKIE.session,
          description:
            'The portal session, opened by GET /security/callback after the single sign-on (HttpOnly, SameSite=Lax, ' +
            'Path=/api/, Path=/ui/ and Path=/sla/).',
        },
        xsrf: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description:
            `Double submit: the value of the readable cookie ${COOKIE.xsrf}, which any answer sets when the request ` +
            'lacks it (with a session: the token bound to it). Needed on every POST and on GET ' +
            '/context/changeRepresented; without it 403 XSRF and nothing changes.',
        },
        appsSecret: {
          type: 'http',
          scheme: 'bearer',
          description: "The external applications' shared secret (APPS_SECRET), server to server.",
        },
      },
    },
  };
}

function contentOf(a: Answer, use: (s: Schema, side: 'input' | 'output') => JsonSchema): Json {
  switch (a.kind) {
    case 'json':
      return { 'application/json': { schema: use(a.schema, 'output') } };
    case 'jsonp':
      // the script's argument is the JSON value; the document says which
      return { 'application/javascript': { schema: { type: 'string' }, 'x-jsonp-argument': use(a.schema, 'output') } };
    case 'file':
      return {
        [a.type]: { schema: { type: 'string', ...(a.type === 'application/pdf' ? { format: 'binary' } : {}) } },
      };
    case 'redirect':
    case 'empty':
      return {};
  }
}

const BASES = {
  cas: 'the single sign-on base (config.json casUrl)',
  ui: 'where the portal is mounted (baseUrl)',
  sla: "the SLA checks at the backend's root (the API base's parent)",
};

const INFO = `The calls the EPIT portal makes to its backend (portal-spec-1-shell.md §7 and portal-spec-2-settings.md §7),
as the reference server answers them. Generated from the zod schemas the portal and the server share
(domain/contract.ts and the files beside it): the portal parses these answers with the same schemas.

**Paths** are relative to the API base (\`apiUrl\` of /ui/config.json, \`/api\` on the reference server); the ticket
check is on the single sign-on base (\`casUrl\`), the portal's configuration where the portal is mounted (\`/ui\`).

**Signing in** is the CAS 3.0 protocol: GET /security/login?target=/ui/ redirects to \`{casUrl}/login?service=…\`;
the CAS server redirects back to GET /security/callback with a service ticket, which opens the session (cookie
${COOKIE.session}).

**Every POST** sends the header ${XSRF_HEADER} with the value of the cookie ${COOKIE.xsrf}. **Every failure** answers a
ServiceError body (serviceErrorMessage, code, fields, messageKey); the portal treats any body with serviceErrorMessage
as a failure.

**Answers** carry exactly the fields of their schema (no other field). To check a backend against this document:
\`npm run conformance -- --api <url> --cas <url> --user <name> --password <secret>\` (docs/configuration.md,
"Connecting a real backend").

Not part of this API: the external applications' own addresses the portal calls (the OSS logout URL of the
user context's \`customParameters.logoutUrl\`, spec 1 §7).`;

let built: { document: OpenApiDocument; text: string } | null = null;

/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  built ??= (() => {
    const document = build();
    return { document, text: `${JSON.stringify(document, null, 2)}\n` };
  })();
  return built.document;
}

/** The document as the text served and written to docs/openapi.json. */
export function openApiText(): string {
  openApiDocument();
  return built!.text;
}
