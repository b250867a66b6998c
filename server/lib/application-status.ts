/** Dead/alive state of the back-office applications, switched from the simulator console. */
import { APPLICATIONS, type Application } from '../../domain/contract.js';
import type { Db } from '../db/index.js';
import type { Clock } from './clock.js';
import { unavailable } from './errors.js';

export async function deadApplications(db: Db): Promise<Application[]> {
  const rows = await db
    .selectFrom('application_status')
    .select(['application', 'dead'])
    .where('dead', '=', 1)
    .execute();
  // keep the contract order so the list compares stably
  return APPLICATIONS.filter((a) => rows.some((r) => r.application === a));
}

export async function applicationStatuses(db: Db): Promise<{ application: Application; dead: boolean }[]> {
  const dead = await deadApplications(db);
  return APPLICATIONS.map((application) => ({ application, dead: dead.includes(application) }));
}

export async function setApplicationDead(db: Db, clock: Clock, application: Application, dead: boolean): Promise<void> {
  const now = clock.now().toISOString();
  const updated = await db
    .updateTable('application_status')
    .set({ dead: dead ? 1 : 0, changed_at: now })
    .where('application', '=', application)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('application_status')
      .values({ application, dead: dead ? 1 : 0, changed_at: now })
      .execute();
  }
}

export async function isDead(db: Db, application: Application): Promise<boolean> {
  return (await deadApplications(db)).includes(application);
}

/** Throws 503 when `application` is marked dead (e.g. AXAPTA for represented details and settings). */
export async function requireAlive(db: Db, application: Application): Promise<void> {
  if (await isDead(db, application)) {
    throw unavailable(`${application} is not available at the moment. Please try again later.`, `${application}_DEAD`);
  }
}
