import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../src/db/database';
import type { Skus, Users } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { DEMO_PASSWORD_HASH_PARAMS, hashPassword } from '../src/modules/accounts/password';
import { type CmsEntryInput, cmsRepository } from '../src/modules/cms/cms.repository';
import { SESSION_COOKIE } from '../src/modules/sessions/sessions.plugin';

let sequence = 0;

export type TestUser = Selectable<Users> & { password: string };

/** Inserts a user with a unique e-mail and a known password (`user.password`). */
export async function createUser(db: Db, overrides: Partial<Insertable<Users>> & { password?: string } = {}): Promise<TestUser> {
  sequence += 1;
  const { password = 'correct horse battery staple', ...values } = overrides;
  const user = await db
    .insertInto('users')
    .values({
      email: `user${sequence}.${randomBytes(4).toString('hex')}@example.test`,
      fname: 'Test',
      lname: `User ${sequence}`,
      // The cheap hash of the demo accounts (password.ts): the stored string carries it, verifyPassword reads it.
      password_hash: await hashPassword(password, DEMO_PASSWORD_HASH_PARAMS),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...user, password };
}

export interface SignInOptions {
  /** Default: 30 days from now. A past date gives an expired session. */
  expiresAt?: Date;
  /** Default: now. */
  lastSeenAt?: Date;
  /** An admin impersonating the user (spec §6 masquerade). */
  masqueradeAdminId?: number;
}

/**
 * Creates a session for the user the way the server stores it (hashed
 * token) and returns the Cookie header a browser would send.
 */
export async function signIn(db: Db, userId: number | null, opts: SignInOptions = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      masquerade_admin_id: opts.masqueradeAdminId ?? null,
      expires_at: opts.expiresAt ?? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      last_seen_at: opts.lastSeenAt ?? new Date(),
    })
    .execute();
  return `${SESSION_COOKIE}=${token}`;
}

/** The sessions table id of a `sid=...` cookie header. */
export function sessionIdOf(cookieHeader: string) {
  return hashToken(cookieHeader.slice(`${SESSION_COOKIE}=`.length));
}

/** Inserts one navigation item and returns its id. */
export async function createNavigationItem(
  db: Db,
  item: { title: string; url?: string; lang_code?: 'en' | 'es' | 'ru'; parent_id?: number | null; position?: number },
): Promise<number> {
  const row = await db
    .insertInto('site_navigation')
    .values({ url: '/', lang_code: 'en', parent_id: null, position: 0, ...item })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts one CMS entry (published unless said otherwise) the way the CMS stores it; returns its id. */
export function createCmsEntry(db: Db, entry: Partial<CmsEntryInput> & Pick<CmsEntryInput, 'url' | 'type'>): Promise<number> {
  return cmsRepository(db).insertEntry({ lang_code: 'en', title: `Page ${++sequence}`, ...entry });
}

/** A catalogue sku of any type (tests insert gift cards and donations directly: the cart's add refuses those types). */
export async function createSku(
  db: Db,
  values: Partial<Insertable<Skus>> & Pick<Insertable<Skus>, 'type' | 'title' | 'full_price_cents'>,
): Promise<number> {
  const row = await db.insertInto('skus').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
