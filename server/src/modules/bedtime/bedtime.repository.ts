import { type BedtimeInput, type BedtimeResponse, defaultBedtime, isSleepChoice } from '@storyhouse/contracts';
import type { Db } from '../../db/database';

/** A family's bedtime (issue 41 item 5), one row per account; the defaults until it is first saved. */
export function bedtimeRepository(db: Db) {
  return {
    async find(userId: number): Promise<BedtimeResponse> {
      const row = await db
        .selectFrom('bedtime_settings')
        .select(['enabled', 'from_time', 'to_time', 'time_zone', 'timer'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return defaultBedtime;
      return {
        enabled: row.enabled,
        from: row.from_time,
        to: row.to_time,
        time_zone: row.time_zone,
        // A choice a later version no longer offers falls back to the default timer.
        timer: isSleepChoice(row.timer) ? row.timer : defaultBedtime.timer,
      };
    },

    async save(userId: number, bedtime: BedtimeInput) {
      const values = {
        enabled: bedtime.enabled,
        from_time: bedtime.from,
        to_time: bedtime.to,
        time_zone: bedtime.time_zone,
        timer: bedtime.timer,
      };
      await db
        .insertInto('bedtime_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    },
  };
}
