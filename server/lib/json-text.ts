/**
 * Answers the server sends as JSON text it made itself, past Fastify's serializer: the user context kept as text
 * (routes/context), the rights list encoded once (routes/enterprise), the customer search's rows made by the database
 * (routes/customer-search). One content type for them and for the framework errors (app.ts).
 */
import type { FastifyReply } from 'fastify';

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** Sends `text` (JSON already) as the answer, as it is. */
export const sendJsonText = (reply: FastifyReply, text: string | Buffer): FastifyReply =>
  reply.type(JSON_UTF8).send(text);
