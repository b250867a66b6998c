/**
 * Deployment simulator: the OSGi deployment admin the /osgi-admin page talks to, over HTTP
 * (DEPLOYMENT_URL, default /sim/deployment-api of this process). Packages come from a folder (./packages/*.dp, a
 * JSON manifest each) and the database (table sim_deployments, from_folder 0); installing one records it as
 * installed, and its bundle then shows among the installed bundles.
 *
 *   GET  /sim/deployment-api/deployments                 → { value: [{ name, version, source }] }  not installed yet
 *   GET  /sim/deployment-api/bundles                     → { value: Bundle[] }   the framework's and installed ones
 *   POST /sim/deployment-api/deployments/{name}/install  → { value: Bundle[] }   400 NOT_DEPLOYABLE, 404 unknown
 *   POST /sim/api/deployment/reset                       console: forget every installation (XSRF like all /sim)
 *
 * The service API is server to server (no cookies), so the cookie XSRF check does not apply; a POST must carry a
 * JSON content type instead, which a cross-site form cannot send without a CORS preflight this API never grants.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isDeployable, type Bundle, type Deployment } from '../../../domain/dev-pages/contract.js';
import type { Db } from '../../db/index.js';
import { seedExtensions } from '../../db/seed.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { esc } from '../../lib/html.js';
import { registerConsoleSection } from '../console/sections.js';

const FOLDER = fileURLToPath(new URL('./packages/', import.meta.url));

const Manifest = z.object({
  name: z.string(),
  version: z.string(),
  symbolicName: z.string(),
  applicationBundle: z.boolean(),
});
type Package = z.infer<typeof Manifest> & { file: string; source: Deployment['source'] };

/** The framework's own bundles, always installed. */
const FRAMEWORK: Bundle[] = [
  {
    symbolicName: 'org.apache.felix.framework',
    location: 'System Bundle',
    bundleVersion: '7.0.5',
    applicationBundle: false,
  },
  {
    symbolicName: 'org.apache.felix.scr',
    location: 'file:/opt/epit/bundles/org.apache.felix.scr-2.2.10.jar',
    bundleVersion: '2.2.10',
    applicationBundle: false,
  },
  {
    symbolicName: 'org.apache.felix.deploymentadmin',
    location: 'file:/opt/epit/bundles/org.apache.felix.deploymentadmin-0.9.10.jar',
    bundleVersion: '0.9.10',
    applicationBundle: false,
  },
];

/** Packages the database knows besides the folder (demo seed). */
const DATABASE_PACKAGES = [
  { name: 'epit-core-2.13.9', version: '2.13.9', symbolic_name: 'ee.epit.core', application_bundle: 1 },
  { name: 'osgi-monitoring-1.0.0', version: '1.0.0', symbolic_name: 'ee.epit.monitoring', application_bundle: 0 },
];

seedExtensions.push(async ({ db }) => {
  await db
    .insertInto('sim_deployments')
    .values(DATABASE_PACKAGES.map((p) => ({ ...p, from_folder: 0, installed_at: null })))
    .execute();
});

function folderPackages(): Package[] {
  let files: string[];
  try {
    files = readdirSync(FOLDER).filter((f) => f.endsWith('.dp'));
  } catch {
    return [];
  }
  return files.flatMap((file) => {
    const parsed = Manifest.safeParse(JSON.parse(readFileSync(`${FOLDER}${file}`, 'utf8')));
    return parsed.success ? [{ ...parsed.data, name: file.replace(/\.dp$/, ''), file, source: 'folder' as const }] : [];
  });
}

async function allPackages(db: Db): Promise<{ pkg: Package; installedAt: string | null }[]> {
  const rows = await db.selectFrom('sim_deployments').selectAll().execute();
  const out = folderPackages().map((pkg) => ({
    pkg,
    installedAt: rows.find((r) => r.name === pkg.name)?.installed_at ?? null,
  }));
  for (const r of rows) {
    if (out.some((o) => o.pkg.name === r.name)) continue;
    if (r.from_folder === 1) continue; // a folder package whose file is gone
    out.push({
      pkg: {
        name: r.name,
        version: r.version,
        symbolicName: r.symbolic_name,
        applicationBundle: r.application_bundle === 1,
        file: `${r.name}.dp`,
        source: 'database',
      },
      installedAt: r.installed_at,
    });
  }
  return out.sort((a, b) => a.pkg.name.localeCompare(b.pkg.name));
}

async function bundles(db: Db): Promise<Bundle[]> {
  const installed = (await allPackages(db)).filter((p) => p.installedAt !== null);
  return [
    ...FRAMEWORK,
    ...installed.map(({ pkg }) => ({
      symbolicName: pkg.symbolicName,
      location: `file:/opt/epit/deploy/${pkg.file}`,
      bundleVersion: pkg.version,
      applicationBundle: pkg.applicationBundle,
    })),
  ];
}

async function resetDeployments(db: Db): Promise<void> {
  await db.deleteFrom('sim_deployments').where('from_folder', '=', 1).execute();
  await db.updateTable('sim_deployments').set({ installed_at: null }).execute();
}

function requireJson(req: FastifyRequest): void {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The deployment API takes application/json.');
}

const serviceApi: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, xsrfExempt: 'deployment service API: server to server, JSON only, no cookies' };
  });

  app.get('/deployments', async () => ({
    value: (await allPackages(db))
      .filter((p) => p.installedAt === null)
      .map(({ pkg }) => ({ name: pkg.name, version: pkg.version, source: pkg.source })),
  }));

  app.get('/bundles', async () => ({ value: await bundles(db) }));

  app.post('/deployments/:name/install', async (req) => {
    requireJson(req);
    const { name } = z.object({ name: z.string() }).parse(req.params);
    const found = (await allPackages(db)).find((p) => p.pkg.name === name);
    if (!found) throw notFound(`No deployment package ${name}.`);
    if (!isDeployable(name))
      throw new HttpError(400, 'NOT_DEPLOYABLE', `${name} is not an epit-web, epit-core or ep-osgi package.`);
    const now = clock.now().toISOString();
    const { pkg } = found;
    const exists = await db.selectFrom('sim_deployments').select('name').where('name', '=', name).executeTakeFirst();
    if (exists) await db.updateTable('sim_deployments').set({ installed_at: now }).where('name', '=', name).execute();
    else
      await db
        .insertInto('sim_deployments')
        .values({
          name,
          version: pkg.version,
          symbolic_name: pkg.symbolicName,
          application_bundle: pkg.applicationBundle ? 1 : 0,
          from_folder: 1,
          installed_at: now,
        })
        .execute();
    return { value: await bundles(db) };
  });
  done();
};

export const deploymentSimRoutes: FastifyPluginCallback = (app, _opts, done) => {
  void app.register(serviceApi, { prefix: '/deployment-api' });
  app.post('/api/deployment/reset', async () => {
    await resetDeployments(app.deps.db);
    return { value: await bundles(app.deps.db) };
  });
  done();
};

registerConsoleSection({
  id: 'deployment',
  title: 'Deployment service',
  order: 70,
  async render({ db }) {
    const all = await allPackages(db);
    const installed = all.filter((p) => p.installedAt !== null);
    return `<p class="hint">Packages from server/sim/deployment/packages/ and the database; /ui/osgi-admin installs them.</p>
<p>Installed: ${installed.length ? installed.map((p) => `<code>${esc(p.pkg.name)}</code>`).join(', ') : 'none'}</p>
<button type="button" id="deployment-reset">Forget installations</button>`;
  },
  script: `document.getElementById('deployment-reset').addEventListener('click', async function () {
  var res = await simPost('/sim/api/deployment/reset', {});
  simStatus(res.ok ? 'Deployment installations forgotten' : 'Could not reset the deployment service');
});`,
});
