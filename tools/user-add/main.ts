/**
 * `npm run user:add -- [--staff] --username U --first-name F --last-name L --personal-code C [--country EE] [--email E]`
 * The password: USER_ADD_PASSWORD, else asked twice on the terminal without echo. See server/security/user-add.ts.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { openDb } from '../../server/db/index.js';
import { prepareDb } from '../../server/db/prepare.js';
import { loadEnv } from '../../server/env.js';
import { systemClock } from '../../server/lib/clock.js';
import { addUser, parseUserArgs } from '../../server/security/user-add.js';

function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!process.stdin.isTTY) {
      reject(new Error('no terminal to ask the password on: set USER_ADD_PASSWORD'));
      return;
    }
    // the terminal echo goes to an output that drops everything: what is typed is never shown
    const silent = new Writable({ write: (_chunk, _enc, done) => done() });
    const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
    process.stdout.write(question);
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function password(): Promise<string> {
  const fromEnv = process.env.USER_ADD_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await askHidden('Password: ');
  const again = await askHidden('Password again: ');
  if (first !== again) throw new Error('the two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const args = parseUserArgs(process.argv.slice(2));
  const env = loadEnv();
  const db = openDb(env.databaseUrl ? null : env.dataDir, env.databaseUrl);
  try {
    await prepareDb(db, systemClock, { live: env.runMode === 'live' });
    const fgid = await addUser(db, systemClock, { ...args, password: await password() });
    console.log(`[user:add] ${args.staff ? 'staff account' : 'account'} ${args.username} (${fgid}) created`);
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(`[user:add] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
