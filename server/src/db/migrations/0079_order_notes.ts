import { type Kysely, sql } from 'kysely';

/**
 * The team's note on an order (issue 44, decision 062): what volunteers tell
 * each other about it ("posted with the spare CD", "family called about the
 * address"). Never shown to the family. Its changes are in the audit log,
 * before and after, so the column keeps only what it says now.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table orders add column team_note text not null default '' check (length(team_note) <= 2000);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
