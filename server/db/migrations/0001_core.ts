/**
 * Core tables: people, customers, rights, role catalogue, business register, invites, outbox,
 * application status, sessions and the sign-on simulator's tickets.
 * Schema builder only (no SQLite-only SQL), so the PostgreSQL dialect can run it too.
 */
import type { Kysely } from 'kysely';
import { autoId, byteOrder } from './portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('persons')
    .addColumn('fgid', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(40)')
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('personal_code', 'varchar(30)', (c) => byteOrder(db, c.notNull()))
    .addColumn('first_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth_channel', 'varchar(20)', (c) => c.notNull())
    .addColumn('privileges', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('username', 'varchar(100)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(300)')
    .addColumn('preferred_language', 'varchar(3)')
    .addColumn('email', 'varchar(200)')
    .addColumn('mobile', 'varchar(40)')
    .addColumn('phone', 'varchar(40)')
    .addColumn('address_street', 'varchar(200)')
    .addColumn('address_zip_code', 'varchar(20)')
    .addColumn('address_city', 'varchar(100)')
    .addColumn('address_country', 'varchar(2)')
    .addColumn('address_padre_full_name', 'varchar(300)')
    .addColumn('pref_represented', 'varchar(40)')
    .addColumn('pref_service', 'varchar(40)')
    .addColumn('pref_service_url', 'varchar(500)')
    .addColumn('not_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('jgid', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('reg_code', 'varchar(30)', (c) => byteOrder(db, c.notNull()))
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('ep_company_id', 'varchar(2)', (c) => c.notNull())
    .addColumn('is_person', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_contract', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contract_stopped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('credit_rating', 'varchar(10)')
    .addColumn('user_profile_code', 'varchar(10)', (c) => c.notNull().defaultTo('OLD'))
    .addColumn('credit_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_manager_name', 'varchar(200)')
    .addColumn('client_manager_phone', 'varchar(40)')
    .addColumn('client_manager_email', 'varchar(200)')
    .addColumn('email', 'varchar(200)')
    .addColumn('phone', 'varchar(40)')
    .addColumn('homepage', 'varchar(300)')
    .addColumn('e_shop', 'varchar(300)')
    .addColumn('vat_nr', 'varchar(30)')
    .addColumn('legal_street', 'varchar(200)')
    .addColumn('legal_zip_code', 'varchar(20)')
    .addColumn('legal_city', 'varchar(100)')
    .addColumn('legal_country', 'varchar(2)')
    .addColumn('legal_padre_full_name', 'varchar(300)')
    .addColumn('contact_street', 'varchar(200)')
    .addColumn('contact_zip_code', 'varchar(20)')
    .addColumn('contact_city', 'varchar(100)')
    .addColumn('contact_country', 'varchar(2)')
    .addColumn('contact_padre_full_name', 'varchar(300)')
    .addColumn('permission_no_check_personal_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('packet_oss', 'integer')
    .addColumn('packet_periodicals', 'integer')
    .addColumn('has_finance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_reg_code').on('customers').column('reg_code').execute();

  await db.schema
    .createTable('customer_board_members')
    .addColumn('jgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('personal_code', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_board_members_pk', ['jgid', 'personal_code'])
    .execute();

  await db.schema
    .createTable('rights')
    .addColumn('id', ...autoId(db))
    .addColumn('person_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('represented_gid', 'varchar(40)', (c) => c.notNull())
    .addColumn('application', 'varchar(20)', (c) => c.notNull())
    .addColumn('role_id', 'integer')
    .addColumn('begin_date', 'varchar(10)')
    .addColumn('end_date', 'varchar(10)')
    .addColumn('not_active', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('rights_person').on('rights').column('person_fgid').execute();
  await db.schema.createIndex('rights_represented').on('rights').column('represented_gid').execute();

  await db.schema
    .createTable('roles')
    .addColumn('application', 'varchar(20)', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('ep_company_id', 'varchar(2)', (c) => c.notNull())
    .addColumn('packet_id', 'integer')
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('names', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('roles_app').on('roles').columns(['application', 'id']).execute();

  await db.schema
    .createTable('role_categories')
    .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('names', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('registry_companies')
    .addColumn('reg_code', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('credit_rating', 'varchar(10)')
    .addColumn('digidoc_fails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('street', 'varchar(200)')
    .addColumn('zip_code', 'varchar(20)')
    .addColumn('city', 'varchar(100)')
    .addColumn('address_country', 'varchar(2)')
    .addColumn('padre_full_name', 'varchar(300)')
    .execute();
  await db.schema.createIndex('registry_companies_name').on('registry_companies').column('name').execute();

  await db.schema
    .createTable('registry_board_members')
    .addColumn('reg_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('personal_code', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('registry_board_members_pk', ['reg_code', 'personal_code'])
    .execute();

  await db.schema
    .createTable('password_reset_keys')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('person_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('customer_gid', 'varchar(40)')
    .addColumn('invited_by', 'varchar(40)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', ...autoId(db))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('application_status')
    .addColumn('application', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('dead', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('person_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('represented_gid', 'varchar(40)')
    .addColumn('language', 'varchar(3)', (c) => c.notNull())
    .addColumn('dead_seen', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cas_tgts')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('person_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cas_tickets')
    .addColumn('ticket', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('service', 'varchar(2000)', (c) => c.notNull())
    .addColumn('person_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'meta',
    'cas_tickets',
    'cas_tgts',
    'sessions',
    'application_status',
    'outbox',
    'password_reset_keys',
    'registry_board_members',
    'registry_companies',
    'role_categories',
    'roles',
    'rights',
    'customer_board_members',
    'customers',
    'persons',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
