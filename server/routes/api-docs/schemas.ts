/** The answers of /api/openapi.json and /api/docs (server/routes/api-docs/index.ts). */
import { z } from 'zod';

/** An OpenAPI 3.1 document: what its fields hold is the OpenAPI specification's own schema, checked in the tests. */
export const OpenApiAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The reference page's files: Swagger UI's script and style sheet, and the script that starts it. */
export const DOCS_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs.js'] as const;
export const DocsFileParams = z.object({ file: z.enum(DOCS_FILES) });
