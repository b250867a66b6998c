/**
 * Customer-add, signing and search: the simulators' state, pending signing sessions,
 * signed contracts, and the search token tables (see server/routes/customer-search/README.md).
 * Schema builder only, so PostgreSQL can run it too.
 */
import type { Kysely } from 'kysely';
import { autoId, byteOrder } from './portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // demo PKI (server/sim/pki): CA and one credential per demo signer
  await db.schema
    .createTable('sim_pki_credentials')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey()) // 'CA' or personal code
    .addColumn('common_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('cert_der', 'text', (c) => c.notNull()) // base64
    .addColumn('private_key', 'text', (c) => c.notNull()) // base64 PKCS#8
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // Mobile-ID and Smart-ID simulator sessions (server/sim/mobile-id, server/sim/smart-id)
  await db.schema
    .createTable('sim_auth_sessions')
    .addColumn('id', 'varchar(60)', (c) => c.primaryKey()) // sessionID (UUID)
    .addColumn('service', 'varchar(10)', (c) => c.notNull()) // MID | SID
    .addColumn('kind', 'varchar(20)', (c) => c.notNull()) // SIGNATURE | CERTIFICATE_CHOICE
    .addColumn('personal_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('hash', 'text') // base64
    .addColumn('result', 'varchar(40)', (c) => c.notNull()) // result once complete
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('complete_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // pending portal signing, one per portal session (server/routes/sign)
  await db.schema
    .createTable('signing_sessions')
    .addColumn('session_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('method', 'varchar(10)', (c) => c.notNull()) // IDCARD | MID | SID
    .addColumn('person_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('reg_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('customer', 'text', (c) => c.notNull()) // JSON SigningCustomer
    .addColumn('document', 'text', (c) => c.notNull()) // base64 contract bytes
    .addColumn('cert_der', 'text') // base64
    .addColumn('data_to_sign', 'text') // base64
    .addColumn('digest', 'text') // base64 SHA-256(data_to_sign)
    .addColumn('sim_session_id', 'varchar(60)')
    .addColumn('challenge', 'varchar(10)')
    .addColumn('status', 'varchar(40)', (c) => c.notNull()) // RUNNING | SUCCESS | end status
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('signed_contracts')
    .addColumn('id', ...autoId(db))
    .addColumn('jgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('reg_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('signer_fgid', 'varchar(40)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('additional_info', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull()) // base64
    .addColumn('data_to_sign', 'text', (c) => c.notNull()) // base64
    .addColumn('signature', 'text', (c) => c.notNull()) // base64
    .addColumn('cert_der', 'text', (c) => c.notNull()) // base64
    .addColumn('signed_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // search tokens: lower-cased, diacritics-folded word prefixes are matched with a B-tree range
  await db.schema
    .createTable('customer_search_tokens')
    .addColumn('token', 'varchar(100)', (c) => byteOrder(db, c.notNull()))
    .addColumn('sort_key', 'varchar(300)', (c) => byteOrder(db, c.notNull()))
    .addColumn('jgid', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_search_tokens_token')
    .on('customer_search_tokens')
    .columns(['token', 'sort_key', 'jgid'])
    .execute();
  await db.schema.createIndex('customer_search_tokens_jgid').on('customer_search_tokens').column('jgid').execute();
  await db.schema
    .createTable('person_search_tokens')
    .addColumn('token', 'varchar(100)', (c) => byteOrder(db, c.notNull()))
    .addColumn('sort_key', 'varchar(300)', (c) => byteOrder(db, c.notNull()))
    .addColumn('fgid', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('person_search_tokens_token')
    .on('person_search_tokens')
    .columns(['token', 'sort_key', 'fgid'])
    .execute();
  await db.schema.createIndex('person_search_tokens_fgid').on('person_search_tokens').column('fgid').execute();
  // personal-code prefix search (registry codes use the core's customers_reg_code index)
  await db.schema.createIndex('persons_personal_code').on('persons').column('personal_code').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // the one index this migration put on a table it did not make
  await db.schema.dropIndex('persons_personal_code').ifExists().execute();
  for (const t of [
    'person_search_tokens',
    'customer_search_tokens',
    'signed_contracts',
    'signing_sessions',
    'sim_auth_sessions',
    'sim_pki_credentials',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
