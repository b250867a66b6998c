/**
 * Everything the demo applications ask of the portal's side, over HTTP only (server/lib/apps-protocol.ts): the role
 * check for a represented party, the simulator switches, and sign-on through the CAS server (server/clients/cas.ts,
 * the same client the portal uses: validation at {CAS base}/p3/serviceValidate).
 */
import { createCasClient, type CasClient } from '../clients/cas.js';
import type { Env } from '../env.js';
import {
  AccessAnswer,
  type AppSwitches,
  AppSwitchesAnswer,
  bearer,
  type ExternalApplication,
} from '../lib/apps-protocol.js';
import { portalInternalUrl, portalOrigin, resolveAgainst, type RequestAddress } from '../lib/origins.js';

/** The portal could not be asked (network, HTTP status, an answer of another shape). */
export class PortalUnavailableError extends Error {
  override name = 'PortalUnavailableError';
}

export interface PortalLinkOptions {
  env: Env;
  fetch: typeof fetch;
  /** how long a switch reading is reused, ms (default 0: a switch applies from the next request on) */
  switchCacheMs?: number;
  /** how long a granted access is reused, ms (tests: 0); a denial is never reused */
  accessCacheMs?: number;
}

const OFF = (application: ExternalApplication): AppSwitches => ({
  application,
  dead: false,
  noPing: false,
  slowMs: 0,
  neverReady: false,
  financeStatus: null,
});

export interface PortalLink {
  access(application: ExternalApplication, fgid: string, guid: string): Promise<AccessAnswer['value']>;
  switches(application: ExternalApplication): Promise<AppSwitches>;
  /** a CAS client whose browser addresses are absolute on the portal's origin (the applications live on another) */
  cas(req: RequestAddress): CasClient;
}

export function createPortalLink(opts: PortalLinkOptions): PortalLink {
  const { env } = opts;
  const base = portalInternalUrl(env);
  const switchCacheMs = opts.switchCacheMs ?? 0;
  const accessCacheMs = opts.accessCacheMs ?? 5_000;
  let switchCache: { at: number; value: AppSwitches[] } | null = null;
  const accessCache = new Map<string, { at: number; value: AccessAnswer['value'] }>();

  async function getJson(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await opts.fetch(`${base}${path}`, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(env.roleRequestTimeout),
      });
    } catch (err) {
      throw new PortalUnavailableError(`the portal at ${base} cannot be reached: ${(err as Error).message}`, {
        cause: err,
      });
    }
    const text = await res.text();
    try {
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      return { status: res.status, body: null };
    }
  }

  return {
    async access(application, fgid, guid) {
      const key = `${application}|${fgid}|${guid}`;
      const hit = accessCache.get(key);
      if (hit && performance.now() - hit.at < accessCacheMs) return hit.value;
      const query = new URLSearchParams({ application, person: fgid, guid });
      const { status, body } = await getJson(`/api/apps/access?${query.toString()}`, {
        authorization: bearer(env.apps.secret),
      });
      const parsed = AccessAnswer.safeParse(body);
      if (status !== 200 || !parsed.success)
        throw new PortalUnavailableError(`the portal's access check answered HTTP ${status}`);
      if (parsed.data.value.allowed) accessCache.set(key, { at: performance.now(), value: parsed.data.value });
      else accessCache.delete(key);
      return parsed.data.value;
    },

    async switches(application) {
      if (!switchCache || performance.now() - switchCache.at >= switchCacheMs) {
        let value: AppSwitches[] = [];
        try {
          const { status, body } = await getJson('/sim/api/apps');
          // 404: the console is off (live run mode): every switch is off
          const parsed = AppSwitchesAnswer.safeParse(body);
          if (status === 200 && parsed.success) value = parsed.data.value;
        } catch {
          // the portal is away: the application still answers, with its switches off
        }
        switchCache = { at: performance.now(), value };
      }
      return switchCache.value.find((s) => s.application === application) ?? OFF(application);
    },

    cas(req) {
      const browserBase = resolveAgainst(env.cas.url, portalOrigin(env, req)).replace(/\/+$/, '');
      return createCasClient({
        settings: { ...env.cas, url: browserBase },
        fetch: opts.fetch,
        validateBase: () => env.cas.validateUrl ?? resolveAgainst(env.cas.url, base).replace(/\/+$/, ''),
      });
    },
  };
}
