/**
 * The clients of the outside services the portal's server signs with, built once per app from env.ts and the
 * app's fetch (server/lib/deps.ts). Routes take them from here: `signingServices(app.deps)`.
 */
import type { AppDeps } from '../lib/deps.js';
import { MobileIdClient } from './mobile-id.js';
import { RegistryClient } from './registry.js';
import { transportFor } from './service-http.js';
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
    s = {
      mobileId: new MobileIdClient(mobileId, transportFor(mobileId.url, mobileId.tlsCerts, deps.fetch), httpTimeoutMs),
      smartId: new SmartIdClient(smartId, transportFor(smartId.url, smartId.tlsCerts, deps.fetch), httpTimeoutMs),
      registry: new RegistryClient(registryUrl, transportFor(registryUrl, [], deps.fetch), httpTimeoutMs),
    };
    built.set(deps, s);
  }
  return s;
}
