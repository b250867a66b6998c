/**
 * The start-up and shutdown lines (server/start.ts, server/main.ts): JSON, one line each, in the same shape as the
 * request log's pino lines (`level`, `time`, `pid`, `hostname`, `msg`), with `name` saying which command wrote them
 * (`start`, `dev`). Information goes to stdout; warnings and refusals to stderr, written at once (a refusal is
 * followed by the process's exit).
 */
import pino, { type Logger } from 'pino';

export interface StartupLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export function startupLog(name: string): StartupLog {
  let out: Logger | null = null;
  let err: Logger | null = null;
  // made at first use: a test or a tool that loads start.ts without starting writes nothing
  const stdout = () => (out ??= pino({ name }, pino.destination({ fd: 1, sync: true })));
  const stderr = () => (err ??= pino({ name }, pino.destination({ fd: 2, sync: true })));
  return {
    info: (msg) => stdout().info(msg),
    warn: (msg) => stderr().warn(msg),
    error: (msg, e) => (e === undefined ? stderr().error(msg) : stderr().error({ err: e }, msg)),
  };
}
