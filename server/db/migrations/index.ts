/**
 * All migrations, in order. To add one: create `NNNN_<what>.ts` exporting `up` and `down` using Kysely's schema
 * builder (expand only: docs/conventions.md "Migrations"), import it here and append it to the array. Never reorder
 * or rename an entry that has shipped: the name is what the migrator records.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_core.js';
import * as m0040 from './0040_signing_search.js';
import * as m0170 from './0170_cas_protocol.js';
import * as m0180 from './0180_external_applications.js';
import * as m0185 from './0185_app_never_ready.js';
import * as m0190 from './0190_user_settings.js';
import * as m0200 from './0200_represented_settings.js';
import * as m0210 from './0210_accounts_and_dev_pages.js';
import * as m0220 from './0220_security.js';
import * as m0250 from './0250_rights_list_persons.js';
import * as m0260 from './0260_customer_search_rows.js';
import * as m0270 from './0270_board_member_country.js';
import * as m0280 from './0280_board_member_position.js';
import * as m0300 from './0300_email_set_by.js';
import * as m0320 from './0320_csp_reports.js';
import * as m0325 from './0325_request_counts.js';
import * as m0340 from './0340_finance_role.js';
import * as m0360 from './0360_record_versions.js';
import * as m0380 from './0380_mail_delivery.js';

export interface NamedMigration extends Migration {
  name: string;
}

export const migrations: NamedMigration[] = [
  { name: '0001_core', ...m0001 },
  { name: '0040_signing_search', ...m0040 },
  { name: '0170_cas_protocol', ...m0170 },
  { name: '0180_external_applications', ...m0180 },
  { name: '0185_app_never_ready', ...m0185 },
  { name: '0190_user_settings', ...m0190 },
  { name: '0200_represented_settings', ...m0200 },
  { name: '0210_accounts_and_dev_pages', ...m0210 },
  { name: '0220_security', ...m0220 },
  { name: '0250_rights_list_persons', ...m0250 },
  { name: '0260_customer_search_rows', ...m0260 },
  { name: '0270_board_member_country', ...m0270 },
  { name: '0280_board_member_position', ...m0280 },
  { name: '0300_email_set_by', ...m0300 },
  { name: '0320_csp_reports', ...m0320 },
  { name: '0325_request_counts', ...m0325 },
  { name: '0340_finance_role', ...m0340 },
  { name: '0360_record_versions', ...m0360 },
  { name: '0380_mail_delivery', ...m0380 },
];
