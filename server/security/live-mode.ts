/**
 * Gates of a live deployment:
 * - every /sim path answers 404: the console, and also the Mobile-ID, Smart-ID, ID-card and register simulators,
 *   which would otherwise sign anything the portal accepts;
 * - signing without its settings (MID_*, SMART_ID_*, REGISTRY_URL: the defaults point at those simulators)
 *   answers 503 SIGNING_NOT_CONFIGURED, and the log names the missing settings (at start and at each refusal).
 * And for every run mode: a query parameter given twice on an /api address is a 400 (a handler reading one value
 * would otherwise meet an array), and so is a NUL character in the path of any address.
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import { HttpError } from '../lib/errors.js';
import { onRequestStep, routeOf } from '../lib/hook-chain.js';

const isSim = (route: string, path: string) => [route, path].some((p) => p === '/sim' || p.startsWith('/sim/'));

function decodedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function signingNotConfigured(missing: string[]): HttpError {
  return new HttpError(
    503,
    'SIGNING_NOT_CONFIGURED',
    `Signing is not configured on this server. The administrator must set ${missing.join(', ')}.`,
  );
}

export function installLiveModeGates(app: FastifyInstance, env: Env): void {
  if (env.runMode !== 'live') return;
  const missing = env.security.signingMissing;
  if (missing.length)
    app.addHook('onReady', (done) => {
      app.log.warn({ missing }, `signing is not configured: set ${missing.join(', ')}`);
      done();
    });
  onRequestStep(app, (req) => {
    const route = routeOf(req).url ?? '';
    const path = decodedPath(req.url);
    if (isSim(route, path)) {
      return new HttpError(404, 'NOT_FOUND', 'The simulators are switched off in live run mode.');
    }
    if (missing.length && (route.startsWith('/api/sign/') || path.startsWith('/api/sign/'))) {
      req.log.warn({ missing }, `signing refused: not configured, set ${missing.join(', ')}`);
      return signingNotConfigured(missing);
    }
    return undefined;
  });
}

export function rejectRepeatedQuery(app: FastifyInstance): void {
  onRequestStep(app, (req) => {
    const at = req.url.indexOf('?');
    // a NUL (%00) in a path is a 400: no id holds one, and PostgreSQL text cannot
    if ((at < 0 ? req.url : req.url.slice(0, at)).includes('%00'))
      return new HttpError(400, 'BAD_INPUT', 'The address holds a NUL character.');
    if (at < 0 || !decodedPath(req.url).startsWith('/api/')) return undefined;
    const seen = new Set<string>();
    for (const [name] of new URLSearchParams(req.url.slice(at + 1))) {
      if (seen.has(name)) {
        return new HttpError(400, 'BAD_INPUT', `${name}: must be given once`, { [name]: 'must be given once' });
      }
      seen.add(name);
    }
    return undefined;
  });
}
