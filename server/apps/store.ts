/**
 * The demo applications' own database, apart from the portal's: their sessions and the shipments of shipment
 * registration. SQLite `apps.sqlite` under DATA_DIR (':memory:' in tests). Tables are made on open and the
 * shipments seeded from the demo data when there are none.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Clock } from '../lib/clock.js';
import { dayOffset, loadAppsDemo } from './demo-data.js';

export interface AppSessionsTable {
  id: string;
  application: string; // OSS | PERIODICALS | FINANCE
  fgid: string;
  first_name: string;
  last_name: string;
  /** the CAS service ticket that opened it: a back-channel logoutRequest naming it ends the session */
  ticket: string;
  /** the token the application's own pages send with every change (X-CSRF-Token) */
  csrf: string;
  created_at: string;
  expires_at: string;
}

export interface ShipmentsTable {
  id: string; // UPU S10 item id, e.g. CP100038145EE
  owner_gid: string; // the represented party (customer or person)
  service: string;
  status: string;
  weight_grams: number;
  recipient_name: string;
  street: string;
  city: string;
  zip_code: string;
  country: string;
  registered_at: string; // ISO instant
  created_by: string | null; // fgid, null for demo rows
}

interface AppsDB {
  app_sessions: AppSessionsTable;
  shipments: ShipmentsTable;
}

export type AppsDb = Kysely<AppsDB>;

export async function openAppsDb(dataDir: string | null, clock: Clock): Promise<AppsDb> {
  let sqlite: SQLite.Database;
  if (dataDir === null) sqlite = new SQLite(':memory:');
  else {
    mkdirSync(dataDir, { recursive: true });
    sqlite = new SQLite(path.join(dataDir, 'apps.sqlite'));
    sqlite.pragma('journal_mode = WAL');
  }
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<AppsDB>({ dialect: new SqliteDialect({ database: sqlite }) });
  await db.schema
    .createTable('app_sessions')
    .ifNotExists()
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('application', 'varchar(20)', (c) => c.notNull())
    .addColumn('fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('ticket', 'varchar(300)', (c) => c.notNull())
    .addColumn('csrf', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_sessions_ticket').ifNotExists().on('app_sessions').column('ticket').execute();
  await db.schema
    .createTable('shipments')
    .ifNotExists()
    .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('owner_gid', 'varchar(40)', (c) => c.notNull())
    .addColumn('service', 'varchar(30)', (c) => c.notNull())
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    .addColumn('weight_grams', 'integer', (c) => c.notNull())
    .addColumn('recipient_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('street', 'varchar(200)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('zip_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('registered_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .execute();
  await db.schema.createIndex('shipments_owner').ifNotExists().on('shipments').column('owner_gid').execute();
  await seedShipments(db, clock);
  return db;
}

async function seedShipments(db: AppsDb, clock: Clock): Promise<void> {
  const any = await db.selectFrom('shipments').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const now = clock.now();
  const rows = Object.entries(loadAppsDemo().shipments).flatMap(([gid, list]) =>
    list.map((s) => ({
      id: s.id,
      owner_gid: gid,
      service: s.service,
      status: s.status,
      weight_grams: s.weightGrams,
      recipient_name: s.recipient.name,
      street: s.recipient.street,
      city: s.recipient.city,
      zip_code: s.recipient.zipCode,
      country: s.recipient.country,
      registered_at: dayOffset(s.registered, now).toISOString(),
      created_by: null,
    })),
  );
  if (rows.length) await db.insertInto('shipments').values(rows).execute();
}
