/**
 * Answers the server sends as JSON text it made itself, past Fastify's serializer: the user context kept as text
 * (routes/context), the rights list encoded once (routes/enterprise), the customer search's rows made by the database
 * (routes/customer-search). One content type for them and for the framework errors (app.ts).
 */
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** Sends `text` (JSON already) as the answer, as it is. */
export const sendJsonText = (reply: FastifyReply, text: string | Buffer): FastifyReply =>
  reply.type(JSON_UTF8).send(text);

/** JSON bytes that are answered again and again as the same Buffer: their compressed forms are kept with them */
const sentAgain = new WeakSet<Buffer>();

/** Marks `bytes` as answered again as they are (never changed after this), and gives them back. */
export function sendsAgain(bytes: Buffer): Buffer {
  sentAgain.add(bytes);
  return bytes;
}

const keptBrotli = new WeakMap<Buffer, Buffer>();
const keptGzip = new WeakMap<Buffer, Buffer>();
function keptOr(kept: WeakMap<Buffer, Buffer>, input: zlib.InputType, compress: () => Buffer): Buffer {
  if (!Buffer.isBuffer(input) || !sentAgain.has(input)) return compress();
  let out = kept.get(input);
  if (out === undefined) kept.set(input, (out = compress()));
  return out;
}

/**
 * @fastify/compress's `zlib` (app.ts): its one-piece compression of an answer, with the compressed bytes of an answer
 * marked by `sendsAgain` kept (a user context assembled from kept rows, server/context/build-user-context.ts). A
 * browser sends Accept-Encoding with every call, and compressing the 3 kB context with brotli at every
 * getUserContext cost more CPU than the rest of the call (bench/perf-api.ts, BENCH_API_ENCODING). The plugin calls
 * these with its own fixed settings; for its streams it takes zlib's own methods, which are missing here.
 */
export const answerCompression = {
  brotliCompressSync: (input: zlib.InputType, options?: zlib.BrotliOptions): Buffer =>
    keptOr(keptBrotli, input, () => zlib.brotliCompressSync(input, options)),
  gzipSync: (input: zlib.InputType, options?: zlib.ZlibOptions): Buffer =>
    keptOr(keptGzip, input, () => zlib.gzipSync(input, options)),
};
