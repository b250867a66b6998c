/**
 * Creates a person with a password: the first staff account of a live deployment. The command is
 * tools/user-add/main.ts:
 *
 *   npm run user:add -- --staff --username admin --first-name Kadri --last-name Kuusk --personal-code 48001010000
 *
 * The password is read from USER_ADD_PASSWORD, else asked on the terminal (not echoed, twice). It is stored as an
 * scrypt hash (server/lib/password.ts). The database is the server's (DATA_DIR or DATABASE_URL, server/env.ts),
 * migrated (and, when empty, seeded for RUN_MODE) first. `--staff`: an internal user (IN_AD) with every privilege of
 * a customer manager. Written as an audit row `user.add`.
 */
import { parseArgs } from 'node:util';
import type { Privilege } from '../../domain/contract.js';
import { EULA_VERSION } from '../../domain/account/schemas.js';
import type { Db } from '../db/index.js';
import { writeAudit } from '../audit/audit.js';
import type { Clock } from '../lib/clock.js';
import { hashPassword } from '../lib/password.js';

export const STAFF_PRIVILEGES: Privilege[] = [
  'SHOW_REPRESENTEES',
  'SHOW_MY_SETTINGS',
  'EDIT_ANY_CUSTOMER',
  'EDIT_ANY_USER',
  'ADD_ANY_CUSTOMER',
  'DEPLOYMENT_ADMIN',
];

export interface NewUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  /** two letters, EE LV LT */
  country: string;
  personalCode: string;
  email: string | null;
  staff: boolean;
}

/** The rule a password must meet: the portal's own (spec 2 §6): 8 to 200 characters, upper and lower case and a digit. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'the password must be at least 8 characters long';
  if (password.length > 200) return 'the password must be at most 200 characters long';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password))
    return 'the password must have an upper case letter, a lower case letter and a digit';
  return null;
}

export function parseUserArgs(argv: string[]): Omit<NewUser, 'password'> {
  const { values } = parseArgs({
    args: argv,
    options: {
      staff: { type: 'boolean', default: false },
      username: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'personal-code': { type: 'string' },
      country: { type: 'string', default: 'EE' },
      email: { type: 'string' },
    },
    strict: true,
  });
  const need = (name: 'username' | 'first-name' | 'last-name' | 'personal-code') => {
    const v = values[name]?.trim();
    if (!v) throw new Error(`--${name} is required`);
    return v;
  };
  const username = need('username');
  if (!/^[A-Za-z0-9._-]{3,100}$/.test(username))
    throw new Error('--username: 3 to 100 letters, digits, dots, dashes or underscores');
  const country = (values.country ?? 'EE').toUpperCase();
  if (!/^(EE|LV|LT)$/.test(country)) throw new Error('--country must be EE, LV or LT');
  const personalCode = need('personal-code');
  if (!/^[0-9A-Z-]{4,30}$/.test(personalCode)) throw new Error('--personal-code: 4 to 30 digits or capital letters');
  return {
    username,
    firstName: need('first-name'),
    lastName: need('last-name'),
    country,
    personalCode,
    email: values.email?.trim() || null,
    staff: values.staff ?? false,
  };
}

/** Inserts the person; refuses a taken username or personal code. Returns the fgid. */
export async function addUser(db: Db, clock: Clock, user: NewUser): Promise<string> {
  const problem = passwordProblem(user.password);
  if (problem) throw new Error(problem);
  const fgid = `${user.country}${user.personalCode.replace(/-/g, '')}`;
  const taken = await db
    .selectFrom('persons')
    .select(['fgid', 'username'])
    .where((eb) => eb.or([eb('username', '=', user.username), eb('fgid', '=', fgid)]))
    .executeTakeFirst();
  if (taken)
    throw new Error(
      taken.username === user.username ? `the username ${user.username} is taken` : `a person ${fgid} exists already`,
    );
  const now = clock.now().toISOString();
  await db
    .insertInto('persons')
    .values({
      fgid,
      key: null,
      country: user.country,
      personal_code: user.personalCode,
      first_name: user.firstName,
      last_name: user.lastName,
      auth_channel: user.staff ? 'IN_AD' : 'WEB',
      privileges: JSON.stringify(user.staff ? STAFF_PRIVILEGES : ['SHOW_MY_SETTINGS']),
      username: user.username,
      password_hash: await hashPassword(user.password),
      preferred_language: user.country === 'LV' ? 'LAV' : user.country === 'LT' ? 'LIT' : 'EST',
      email: user.email,
      mobile: null,
      phone: null,
      address_street: null,
      address_zip_code: null,
      address_city: null,
      address_country: null,
      address_padre_full_name: null,
      pref_represented: null,
      pref_service: null,
      pref_service_url: null,
      not_active: 0,
      // an operator creating the account accepts the terms of use for it; staff see no terms modal
      eula_version: user.staff ? EULA_VERSION : null,
      created_at: now,
    })
    .execute();
  await writeAudit(db, clock, {
    event: 'user.add',
    actorFgid: null,
    username: user.username,
    subject: fgid,
    address: 'command line',
    detail: { staff: user.staff },
  });
  return fgid;
}
