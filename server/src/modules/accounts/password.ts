import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** The scrypt parameters of a hash: they travel in the stored string, so each hash is checked at its own cost. */
export interface PasswordHashParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly keylen: number;
}

/** scrypt with N=2^17, r=8, p=1: 128 MiB per hash, the OWASP floor for scrypt. */
export const PASSWORD_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1, keylen: 32 } as const satisfies PasswordHashParams;

/**
 * scrypt with N=2^10 (1 MiB): for the demo accounts and test users only.
 * Their passwords are public (README, tests), so a slow hash protects nothing
 * there, while every journey signing one in would pay 128 MiB. The stored
 * string carries its parameters: each hash is checked at the cost it was made
 * with, and a login never rehashes it. Every real account gets PASSWORD_HASH_PARAMS.
 */
export const DEMO_PASSWORD_HASH_PARAMS = { N: 2 ** 10, r: 8, p: 1, keylen: 32 } as const satisfies PasswordHashParams;

/** Whether hashes made with `params` are weaker than every real account's (PASSWORD_HASH_PARAMS). */
export const isWeakerThanProduction = (params: PasswordHashParams) =>
  params.N < PASSWORD_HASH_PARAMS.N || params.r < PASSWORD_HASH_PARAMS.r || params.keylen < PASSWORD_HASH_PARAMS.keylen;

/** Hashes a password with a fresh 16-byte salt; the parameters travel in the string. */
export async function hashPassword(password: string, params: PasswordHashParams = PASSWORD_HASH_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, params.keylen, {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r,
  });
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const N = Number(n);
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return timingSafeEqual(actual, expected);
}
