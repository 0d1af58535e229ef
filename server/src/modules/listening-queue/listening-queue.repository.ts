import type { ListeningQueue } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Whose queue: the account, and the profile listening (null: the parents; each child has their own). */
export interface QueueListener {
  userId: number;
  profileId: number | null;
}

/** A listener's queue (table listening_queues, one row per account and profile). */
export function listeningQueueRepository(db: Db) {
  return {
    async find({ userId, profileId }: QueueListener): Promise<ListeningQueue | null> {
      const row = await db
        .selectFrom('listening_queues')
        .select(['queue', 'changed_at'])
        .where('user_id', '=', userId)
        .where(sql<boolean>`profile_id is not distinct from ${profileId}::int`)
        .executeTakeFirst();
      if (!row) return null;
      return { ...(row.queue as ListeningQueue), changed_at: new Date(row.changed_at).toISOString() };
    },

    /**
     * Keeps `queue` unless the one kept was changed later (a device back
     * with an older queue), its change time capped at now (a device whose
     * clock runs ahead would win for ever); answers the queue kept.
     */
    async save(listener: QueueListener, queue: ListeningQueue): Promise<ListeningQueue> {
      const changedAt = sql<Date>`least(${queue.changed_at}::timestamptz, now())`;
      await db
        .insertInto('listening_queues')
        .values({ user_id: listener.userId, profile_id: listener.profileId, queue: JSON.stringify(queue), changed_at: changedAt })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'profile_id'])
            .doUpdateSet({ queue: sql`excluded.queue`, changed_at: sql`excluded.changed_at`, updated_at: sql`now()` })
            .where('listening_queues.changed_at', '<=', sql<Date>`excluded.changed_at`),
        )
        .execute();
      const kept = await this.find(listener);
      if (!kept) throw new Error('listening queue not kept');
      return kept;
    },
  };
}
