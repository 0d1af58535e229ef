import { randomBytes } from 'node:crypto';
import type { AddressBody } from '@storyhouse/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../src/db/database';
import type { Products, Skus, Users } from '../src/db/schema';
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
  /** The child profile the session speaks for (issue 42); none: the parents. */
  profileId?: number;
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
      profile_id: opts.profileId ?? null,
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

type SkuValues = Partial<Insertable<Skus>> & Pick<Insertable<Skus>, 'type' | 'title' | 'full_price_cents'>;

/** A catalogue sku of any type (tests insert gift cards and donations directly: the cart's add refuses those types). */
export async function createSku(db: Db, values: SkuValues): Promise<number> {
  const row = await db.insertInto('skus').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The skus a test product sells, by name: each sku's type and what its title adds to the product's ("Ruth (CD)"). */
const PRODUCT_SKUS = {
  album: { type: 'digital_album', title: 'MP3 album' },
  cd: { type: 'physical', title: 'CD' },
  book: { type: 'book', title: 'book' },
  track: { type: 'digital_track', title: 'track' },
} as const;

/** A product sku: its full price in cents, or its columns (full price included; the type and title may be left to its name). */
type ProductSku = number | (Partial<Insertable<Skus>> & Pick<Insertable<Skus>, 'full_price_cents'>);

/**
 * Inserts a product (in English unless said otherwise) and then its skus,
 * in the order given, e.g. `createProduct(db, { slug: 'ruth', title: 'Ruth' },
 * { album: 899, cd: 546 })`. Answers the product's id and each sku's, by name.
 */
export async function createProduct<S extends Partial<Record<keyof typeof PRODUCT_SKUS, ProductSku>>>(
  db: Db,
  product: Partial<Insertable<Products>> & Pick<Insertable<Products>, 'slug' | 'title'>,
  skus: S = {} as S,
): Promise<{ id: number } & Record<keyof S, number>> {
  const { id } = await db
    .insertInto('products')
    .values({ lang_code: 'en', ...product })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: Record<string, number> = { id };
  for (const [name, sku] of Object.entries(skus) as [keyof typeof PRODUCT_SKUS, ProductSku][]) {
    const { type, title } = PRODUCT_SKUS[name];
    const values = typeof sku === 'number' ? { full_price_cents: sku } : sku;
    ids[name] = await createSku(db, { product_id: id, type, title: `${product.title} (${title})`, ...values });
  }
  return ids as { id: number } & Record<keyof S, number>;
}

/** The shop's two subscription plans (spec §3), as the cart tests price them. */
const PLANS = {
  monthly: { title: 'Monthly plan', full_price_cents: 500 },
  annual: { title: 'Annual plan', full_price_cents: 5000 },
} as const;

/** Inserts a subscription plan sku: monthly at 5.00, annual at 50.00 a year. */
export const createPlan = (db: Db, code: keyof typeof PLANS) => createSku(db, { type: 'subscription', code, ...PLANS[code] });

/** The ministry's receipt settings with every country's fields filled (PUT /crud/admin/receipt-settings, decision 068). */
export const RECEIPT_SETTINGS = {
  legal_name: 'Storyhouse Ministries Inc.',
  ein: '12-3456789',
  ca_registration: '123456789RR0001',
  place_of_issue: 'Toronto, Ontario',
  es_nif: 'G12345678',
  address: '100 Gospel Way\nToronto, ON M5V 2T6',
};

/** A complete US address in Illinois (6.25% sales tax), as a form sends it and the address book stores it. */
export const illinoisAddress = {
  fname: 'Grace',
  lname: 'Miller',
  email: 'grace@example.test',
  phone: '+1 312 555 0100',
  line1: '12 Elm Street',
  country_id: 33,
  state: 'IL',
  city: 'Chicago',
  postal_code: '60601',
} satisfies AddressBody;

/** A child profile of the family (issue 42): nickname, avatar and age band, everything else as the parents leave it. */
export async function createChildProfile(
  db: Db,
  userId: number,
  over: Partial<{ nickname: string; avatar: string; age_band: string; listens: string }> = {},
) {
  return db
    .insertInto('profiles')
    .values({ user_id: userId, nickname: 'Mia', avatar: 'fox', age_band: '6-8', ...over })
    .returning(['id', 'nickname', 'avatar', 'age_band'])
    .executeTakeFirstOrThrow();
}
