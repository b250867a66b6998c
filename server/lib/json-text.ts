/**
 * Answers the server sends as JSON text it made itself, past Fastify's serializer: the user context kept as text
 * (routes/context), the rights list encoded once (routes/enterprise), the customer search's rows made by the database
 * (routes/customer-search). One content type for them and for the framework errors (app.ts).
 */
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeOf } from './hook-chain.js';

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's JSON is compressed by the portal's last answer step instead of @fastify/compress (whose two hooks
     * the route leaves out with `compress: false`): a route answered so often that the plugin's hooks were a
     * measurable part of each call (getUserContext, bench/perf-api.ts).
     */
    compressJson?: true;
  }
}

/**
 * How answers are compressed on the fly, by @fastify/compress (app.ts) and by compressJsonStep alike: the encodings
 * in the order preferred, the size from which an answer is compressed, brotli's quality (4: a fraction of 11's CPU)
 */
export const ANSWER_COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};
const { encodings: ENCODINGS, threshold: THRESHOLD, brotliOptions: BROTLI } = ANSWER_COMPRESSION;
/** as the plugin reads Accept-Encoding: `*` and `x-gzip` are gzip (RFC 7230 §4.2.3) */
const GZIP_ALIAS = /\*|x-gzip/gu;
const negotiated = new Map<string, string | null>();

/** The encoding @fastify/compress would choose for this Accept-Encoding (null: none), kept by the header's text. */
function encodingFor(header: string): string | null {
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS);
    if (negotiated.size >= 1_000) negotiated.clear();
    if (header.length <= 200) negotiated.set(header, encoding);
  }
  return encoding;
}

/**
 * The last step of the answer chain (after the fault injection and the answer check, which see the body as the route
 * made it): the answer of a route with `config.compressJson` compressed as @fastify/compress compresses a buffered
 * answer, with the same encodings, threshold, quality and headers, and the compressed forms of kept bytes kept.
 */
export function compressJsonStep(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (routeOf(req).config?.compressJson !== true) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const accepted = req.headers['accept-encoding'];
  if (typeof accepted !== 'string' || req.headers['x-no-compression'] !== undefined) return payload;
  if (reply.hasHeader('content-encoding') || Buffer.byteLength(payload) < THRESHOLD) return payload;
  const encoding = encodingFor(accepted);
  if (encoding !== 'br' && encoding !== 'gzip') return payload;
  const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const compressed =
    encoding === 'br' ? answerCompression.brotliCompressSync(bytes, BROTLI) : answerCompression.gzipSync(bytes);
  const vary = reply.getHeader('vary');
  const varies = vary === undefined ? [] : Array.isArray(vary) ? vary.map(String) : [String(vary)];
  if (!varies.some((v) => v.includes('accept-encoding')))
    reply.header('vary', [...varies, 'accept-encoding'].join(', '));
  reply.header('content-encoding', encoding);
  reply.header('content-length', compressed.length);
  return compressed;
}
