/**
 * The clients of the outside services the portal's server signs with, built once per app from env.ts and the
 * app's fetch (server/lib/deps.ts). Routes take them from here: `signingServices(app.deps)`.
 */
import type { AppDeps } from '../lib/deps.js';
import { MobileIdClient } from './mobile-id.js';
import { RegistryClient } from './registry.js';
import { metered, transportFor } from './service-http.js';
import { SmartIdClient } from './smart-id.js';

export interface SigningServices {
  mobileId: MobileIdClient;
  smartId: SmartIdClient;
  registry: RegistryClient;
}

const built = new WeakMap<AppDeps, SigningServices>();

export function signingServices(deps: AppDeps): SigningServices {
  let s = built.get(deps);
  if (!s) {
    const { mobileId, smartId, registryUrl, httpTimeoutMs } = deps.env.signing;
    const { fetch, metrics } = deps;
    s = {
      mobileId: new MobileIdClient(
        mobileId,
        metered(transportFor(mobileId.url, mobileId.tlsCerts, fetch), 'mobile-id', metrics),
        httpTimeoutMs,
      ),
      smartId: new SmartIdClient(
        smartId,
        metered(transportFor(smartId.url, smartId.tlsCerts, fetch), 'smart-id', metrics),
        httpTimeoutMs,
      ),
      registry: new RegistryClient(
        registryUrl,
        metered(transportFor(registryUrl, [], fetch), 'registry', metrics),
        httpTimeoutMs,
      ),
    };
    built.set(deps, s);
  }
  return s;
}
