/**
 * External applications. Schema builder only, so PostgreSQL can run it too.
 * - external_applications: where each application lives, as the portal hands it to the browser in the user context
 *   (applications[].customParameters, externalApps[].customParameters). A relative address is read against the demo
 *   applications' origin (APPS_ORIGIN, else the portal's host on APPS_PORT); a deployment writes absolute addresses
 *   here, or overrides them with APP_*_URL (server/env.ts), without a code change. custom_parameters is JSON text
 *   ({ logoutUrl, profileChangeUrl, ... }: every key is handed on as is).
 * - sim_app_switches: the simulator console's switches of the demo applications besides dead/alive (which stays in
 *   application_status): not answering pings, slow to load, the finance special status.
 * The default rows are written here, not by the seed, so a database seeded before this migration gets them too.
 */
import type { Kysely } from 'kysely';

const DEFAULTS = [
  {
    application: 'OSS',
    base_url: '/oss/',
    custom_parameters: JSON.stringify({ logoutUrl: '/oss/logout', profileChangeUrl: '/oss/profile' }),
  },
  {
    application: 'PERIODICALS',
    base_url: '/periodicals/',
    custom_parameters: JSON.stringify({ profileChangeUrl: '/periodicals/profile' }),
  },
  {
    application: 'FINANCE',
    base_url: '/finance/',
    custom_parameters: JSON.stringify({ profileChangeUrl: '/finance/profile' }),
  },
  {
    application: 'AXAPTA',
    base_url: '/axapta/',
    custom_parameters: JSON.stringify({ profileChangeUrl: '/axapta/profile' }),
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('external_applications')
    .addColumn('application', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('base_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('custom_parameters', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await (db as Kysely<{ external_applications: (typeof DEFAULTS)[number] }>)
    .insertInto('external_applications')
    .values(DEFAULTS)
    .execute();

  await db.schema
    .createTable('sim_app_switches')
    .addColumn('application', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('no_ping', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('slow_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finance_status', 'varchar(40)')
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sim_app_switches').execute();
  await db.schema.dropTable('external_applications').execute();
}
