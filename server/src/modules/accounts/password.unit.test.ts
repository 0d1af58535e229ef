import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from './password';

/** Cheap parameters keep these tests fast; the stored string carries them, as it does the real ones. */
const FAST = { N: 2 ** 10, r: 8, p: 1, keylen: 32 } as const;

describe('password hashing', () => {
  it('stores scheme, parameters, salt and key, never the password', async () => {
    const hash = await hashPassword('listen-along', FAST);

    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(hash).not.toContain('listen-along');
  });

  it('uses the OWASP scrypt floor by default (the demo seed test checks stored hashes use it)', () => {
    expect(PASSWORD_HASH_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1, keylen: 32 });
  });

  it('salts every hash: the same password hashes differently each time', async () => {
    expect(await hashPassword('listen-along', FAST)).not.toBe(await hashPassword('listen-along', FAST));
  });

  it('accepts the right password and refuses any other', async () => {
    const hash = await hashPassword('listen-along', FAST);

    expect(await verifyPassword('listen-along', hash)).toBe(true);
    expect(await verifyPassword('listen-along ', hash)).toBe(false);
    expect(await verifyPassword('Listen-along', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats Unicode forms of the same password alike (NFKC)', async () => {
    const hash = await hashPassword('Jos\u00e9', FAST);

    expect(await verifyPassword('Jose\u0301', hash)).toBe(true);
  });

  it('refuses anything that is not one of its hashes', async () => {
    for (const stored of ['', 'listen-along', 'bcrypt$10$abc', 'scrypt$1024$8$1$onlysalt']) {
      expect(await verifyPassword('listen-along', stored), stored).toBe(false);
    }
  });
});
