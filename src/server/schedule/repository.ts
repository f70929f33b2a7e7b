import type { Kysely } from 'kysely';
import type { ScheduleActivity } from '../../common/schedule-filter';
import type { Database, ScheduleActivityRow } from '../platform/db/schema';

const toActivity = (row: ScheduleActivityRow): ScheduleActivity => ({
  id: row.id,
  name: row.name,
  track: row.track,
  startTime: row.start_time,
  endTime: row.end_time,
  location: row.location,
  description: row.description,
  speaker: row.speaker,
});

/** All SQL for the schedule_activities table. */
export function scheduleRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<ScheduleActivity[]> {
      const rows = await db.selectFrom('schedule_activities').selectAll().orderBy('start_time').orderBy('name').orderBy('id').execute();
      return rows.map(toActivity);
    },
    async find(id: string): Promise<ScheduleActivity | undefined> {
      const row = await db.selectFrom('schedule_activities').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toActivity(row);
    },
  };
}
