/**
 * The portal API's published contract (server/contract/openapi.ts), under /api:
 *   GET /api/openapi.json   the OpenAPI 3.1 document, generated from the zod schemas (always served)
 *   GET /api/docs           the reference page: Swagger UI (the npm package swagger-ui-dist), its files served from
 *                           this origin (GET /api/docs/{file}), so the page makes no request elsewhere. Outside live
 *                           run mode; in live run mode with API_DOCS=on (server/env.ts apiDocsOn).
 * The page has a policy of its own, narrower than the portal's: scripts and styles from this origin only, no frame,
 * no form, and calls ("Try it out") to this origin only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import { openApiText } from '../../contract/openapi.js';
import { apiDocsOn } from '../../env.js';
import { notFound, parseOrThrow } from '../../lib/errors.js';
import { sendJsonText } from '../../lib/json-text.js';
import { CSP_REPORT_PATH } from '../../security/csp-report.js';
import { DocsFileParams } from './schemas.js';

const swaggerUi = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  `report-uri ${CSP_REPORT_PATH}`,
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>EPIT portal API</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/docs.js"></script>
</body>
</html>
`;

/**
 * Starts Swagger UI on the document beside the page. "Try it out" sends the session cookie, and the X-XSRF-TOKEN
 * header copied from its cookie as the portal does; no validator badge (it would ask an outside service).
 */
const START = `'use strict';
SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  requestInterceptor: function (request) {
    var m = /(?:^|;\\s*)EPIT-XSRF-TOKEN=([^;]*)/.exec(document.cookie);
    if (m) request.headers['X-XSRF-TOKEN'] = decodeURIComponent(m[1]);
    return request;
  },
});
`;

const files = new Map<string, { type: string; body: Buffer | string }>();
function docsFile(name: (typeof DocsFileParams.shape.file.options)[number]) {
  let f = files.get(name);
  if (!f) {
    f =
      name === 'docs.js'
        ? { type: 'application/javascript; charset=utf-8', body: START }
        : {
            type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'application/javascript; charset=utf-8',
            body: readFileSync(path.join(swaggerUi, name)),
          };
    files.set(name, f);
  }
  return f;
}

export const apiDocsRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { env } = app.deps;
  const gate = () => {
    if (!apiDocsOn(env)) throw notFound('The API reference page is switched off (API_DOCS).');
  };

  app.get('/openapi.json', (_req, reply) => sendJsonText(reply, openApiText()));

  app.get('/docs', (_req, reply) => {
    gate();
    return reply.header('Content-Security-Policy', DOCS_POLICY).type('text/html; charset=utf-8').send(PAGE);
  });

  app.get('/docs/:file', (req, reply) => {
    gate();
    const { file } = parseOrThrow(DocsFileParams, req.params, 'file');
    const f = docsFile(file);
    return reply.type(f.type).send(f.body);
  });
  done();
};
