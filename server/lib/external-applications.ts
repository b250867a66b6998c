/**
 * Where the external applications live, as the portal hands them to the browser (user context applications[] and
 * externalApps[] customParameters, spec 1 §3) and as the portal's server reaches them (finance status): the database
 * (table external_applications), overridden by APP_*_URL (server/env.ts). A relative address is read against the
 * applications' origin, so by default every address points at the demo applications on APPS_PORT (server/apps/).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import { appsOrigin, resolveAgainst } from './origins.js';

export interface ApplicationLink {
  /** absolute base address of the application */
  baseUrl: string;
  /** every custom parameter of the row (absolute where it is an address: keys ending in Url) */
  customParameters: Record<string, string>;
}

const CustomParameters = z.record(z.string(), z.string());

/** The rows the 0180 migration writes, for a database that lost one. */
const FALLBACK: Record<string, { base_url: string; custom_parameters: string }> = {
  OSS: { base_url: '/oss/', custom_parameters: '{"logoutUrl":"/oss/logout","profileChangeUrl":"/oss/profile"}' },
  PERIODICALS: { base_url: '/periodicals/', custom_parameters: '{"profileChangeUrl":"/periodicals/profile"}' },
  FINANCE: { base_url: '/finance/', custom_parameters: '{"profileChangeUrl":"/finance/profile"}' },
  AXAPTA: { base_url: '/axapta/', custom_parameters: '{"profileChangeUrl":"/axapta/profile"}' },
};

const isOverridable = (application: string): application is keyof Env['apps']['overrides'] =>
  application === 'OSS' || application === 'PERIODICALS' || application === 'FINANCE';

function parseParameters(json: string, application: string): Record<string, string> {
  try {
    return CustomParameters.parse(JSON.parse(json));
  } catch (err) {
    throw new Error(`external_applications.custom_parameters of ${application} is not a JSON object of texts`, {
      cause: err,
    });
  }
}

/**
 * The applications' addresses, keyed by application name, with relative addresses read against `origin` (the
 * applications' public origin for the browser, or their internal origin for a server-to-server call).
 */
export async function loadApplicationLinks(db: Db, env: Env, origin: string): Promise<Record<string, ApplicationLink>> {
  return applicationLinks(await db.selectFrom('external_applications').selectAll().execute(), env, origin);
}

/** `loadApplicationLinks` from rows of external_applications read already (with other rows, in one query). */
export function applicationLinks(
  rows: readonly { application: string; base_url: string; custom_parameters: string }[],
  env: Env,
  origin: string,
): Record<string, ApplicationLink> {
  const byName = new Map<string, { base_url: string; custom_parameters: string }>(Object.entries(FALLBACK));
  for (const r of rows) byName.set(r.application, r);
  const out: Record<string, ApplicationLink> = {};
  for (const [application, row] of byName) {
    const override = isOverridable(application) ? env.apps.overrides[application] : undefined;
    const params = parseParameters(row.custom_parameters, application);
    if (override?.logoutUrl) params.logoutUrl = override.logoutUrl;
    for (const [key, value] of Object.entries(params))
      if (key.endsWith('Url') && value) params[key] = resolveAgainst(value, origin);
    out[application] = { baseUrl: resolveAgainst(override?.baseUrl ?? row.base_url, origin), customParameters: params };
  }
  return out;
}

/**
 * The private package service per domain (spec 1 §2, user-settings/service-urls): an external service, whose demo
 * lives on the applications' origin (server/apps/parcels), e.g. 'http://localhost:8081/parcels/ee/et/private'.
 */
export function packagePrivateUrl(domain: string, language: string, req: FastifyRequest): string {
  return `${appsOrigin(req.server.deps.env, req)}/parcels/${domain.toLowerCase()}/${language.toLowerCase()}/private`;
}
