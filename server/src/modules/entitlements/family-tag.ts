import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/database';
import { compiledOnce, prepared, slot } from '../../db/prepared';
import { activePlan, type UserIdSql } from './entitlement-rows';

/**
 * Pages a server wrote, kept to be served again while the database says nothing they show has changed (issue 47
 * item 4, decision 088). Migration 0086 keeps the versions: a family's (its ownership, places, plans, cart) and the
 * catalogue's, each moved by a trigger in the transaction of the change. A page is served from memory only when
 * the versions read in the request's own query are the ones it was read under: another server's change is seen
 * at once, and nothing is ever invalidated by a message.
 *
 * Why a kept page is never stale: its `tag` is read BEFORE the page's rows (a query of its own, earlier, or the
 * same statement), and a version never goes down. If the tag read now equals the page's, no change committed
 * between the tag's read and now, so none between the rows' read and now either.
 */

/** A family's version (0 before its first change): a number of a query's text (`||` makes it text). */
export const familyVersion = (userId: UserIdSql) =>
  sql<string>`coalesce((select v.version from family_versions v where v.user_id = ${userId}), 0)`;

/** A shared version: 'catalogue' (what every family's pages show alike), 'shop' (coupons, shipping and tax rates). */
export const sharedVersion = (name: 'catalogue' | 'shop') =>
  sql<string>`(select s.version from shared_versions s where s.name = ${sql.lit(name)})`;

/**
 * What a family's library pages are read under, as SQL text: its version, the catalogue's, and whether a plan covers
 * every track now (a plan's end is a moment, not a change: `activePlan` reads now()).
 */
export const familyTagSql = (userId: UserIdSql) =>
  sql<string>`${familyVersion(userId)} || '.' || ${sharedVersion('catalogue')} || '.' || exists (${activePlan(userId)})`;

const slots = { userId: slot<number>('userId') };
const queries = new Map<string, CompiledQuery<unknown>>();

/** The family's tag now (familyTagSql): one small query. */
export async function familyTag(db: Db, userId: number): Promise<string> {
  const query = compiledOnce(
    queries,
    'family',
    () => sql<{ tag: string }>`${prepared}select ${familyTagSql(slots.userId)} as tag`.compile(db),
    { userId },
  );
  const { rows } = await db.executeQuery<{ tag: string }>(query);
  return (rows[0] as { tag: string }).tag;
}

const TRIGGER_FUNCTIONS = {
  family: ['family_row_changed', 'cart_changed', 'cart_line_changed', 'gift_card_changed', 'gift_giver_changed'],
  catalogue: ['bump_catalogue_version'],
  shop: ['bump_shop_version'],
};

/** The tables whose triggers move the versions of these kinds (migration 0086): what a kept page under them may read. */
export async function versionedTables(db: Db, kinds: readonly (keyof typeof TRIGGER_FUNCTIONS)[]): Promise<Set<string>> {
  const functions = kinds.flatMap((kind) => TRIGGER_FUNCTIONS[kind]);
  const { rows } = await sql<{ relname: string }>`select distinct c.relname from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where p.proname in (${sql.join(functions)})`.execute(db);
  return new Set(rows.map((r) => r.relname));
}
