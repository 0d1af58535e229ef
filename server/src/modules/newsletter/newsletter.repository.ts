import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface NewSubscriber {
  list_id: string;
  email: string;
  fname: string;
  lname: string;
}

/** The only code that touches newsletter_subscribers (unique per list, e-mail case-insensitive). */
export function newsletterRepository(db: Db) {
  return {
    /** Adds the address to the list; false when it is already on it (in any letter case). */
    async add(subscriber: NewSubscriber): Promise<boolean> {
      const r = await sql<{ id: number }>`
        insert into newsletter_subscribers (list_id, email, fname, lname)
        values (${subscriber.list_id}, ${subscriber.email}, ${subscriber.fname}, ${subscriber.lname})
        on conflict (list_id, lower(email)) do nothing
        returning id`.execute(db);
      return r.rows.length > 0;
    },
  };
}
