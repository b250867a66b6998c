/**
 * What a test that cuts writes off (a killed process: server/db/crash.test.ts; a database outage:
 * server/ops/service.test.ts) checks afterwards: no change is half written.
 */
import type { Db } from '../db/index.js';
import { customerTokens } from '../routes/customer-search/search-index.js';

/**
 * Half-written changes: rows that belong to a customer who is not there, or a customer missing its parts. `companies`:
 * the register codes whose customer a test added (and perhaps removed again) while its writes were cut off.
 */
export async function halfWritten(db: Db, companies: string[]): Promise<string[]> {
  const out: string[] = [];
  const customers = await db.selectFrom('customers').select(['jgid', 'name', 'reg_code']).execute();
  const jgids = new Set(customers.map((c) => c.jgid));
  const tokens = await db.selectFrom('customer_search_tokens').select(['jgid', 'token']).execute();
  const board = await db.selectFrom('customer_board_members').select(['jgid', 'personal_code']).execute();
  for (const t of tokens) if (!jgids.has(t.jgid)) out.push(`search entry ${t.token} of a missing customer ${t.jgid}`);
  for (const m of board) if (!jgids.has(m.jgid)) out.push(`board member of a missing customer ${m.jgid}`);
  const rights = await db.selectFrom('rights').select(['represented_gid']).execute();
  const persons = new Set((await db.selectFrom('persons').select('fgid').execute()).map((p) => p.fgid));
  for (const r of rights)
    if (!jgids.has(r.represented_gid) && !persons.has(r.represented_gid))
      out.push(`right in a missing customer ${r.represented_gid}`);
  for (const reg of companies) {
    const rows = customers.filter((c) => c.reg_code === reg);
    if (rows.length > 1) out.push(`${rows.length} customers for ${reg}`);
    const c = rows[0];
    if (!c) continue;
    const registered = await db
      .selectFrom('registry_board_members')
      .select('personal_code')
      .where('reg_code', '=', reg)
      .execute();
    const mine = board.filter((m) => m.jgid === c.jgid).map((m) => m.personal_code);
    if (
      mine.sort().join() !==
      registered
        .map((r) => r.personal_code)
        .sort()
        .join()
    )
      out.push(`customer ${c.jgid} has board ${mine.join()} of ${registered.length} in the register`);
    const own = new Set(tokens.filter((t) => t.jgid === c.jgid).map((t) => t.token));
    const expected = customerTokens(c.name);
    if (own.size !== expected.length || !expected.every((t) => own.has(t)))
      out.push(`customer ${c.jgid} has search entry ${[...own].join()} instead of ${expected.join()}`);
  }
  return out;
}
