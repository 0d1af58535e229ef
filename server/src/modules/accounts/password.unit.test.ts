import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD_HASH_PARAMS, hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from './password';

/** Cheap parameters keep these tests fast; the stored string carries them, as it does the real ones. */
const FAST = DEMO_PASSWORD_HASH_PARAMS;

describe('password hashing', () => {
  it('stores scheme, parameters, salt and key, never the password', async () => {
    const hash = await hashPassword('listen-along', FAST);

    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(hash).not.toContain('listen-along');
  });

  it('uses the OWASP scrypt floor by default (profile tests check a new account gets it); the demo cost is cheap', () => {
    expect(PASSWORD_HASH_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1, keylen: 32 });
    expect(DEMO_PASSWORD_HASH_PARAMS).toEqual({ N: 2 ** 10, r: 8, p: 1, keylen: 32 });
  });

  it('checks each stored hash with the parameters it carries: full-cost rows stored before the demo cost still verify', async () => {
    // 'listen-along' hashed with PASSWORD_HASH_PARAMS, as every row was stored before the demo cost existed.
    const stored = 'scrypt$131072$8$1$Acs9Hqw7UhyNgK6GT5V9MQ==$qCWl48LQVvNSPa9sX/gzmGW7x2wRhp8ElcbWcY6obXI=';
    expect(await verifyPassword('listen-along', stored)).toBe(true);

    const cheap = await hashPassword('listen-along', DEMO_PASSWORD_HASH_PARAMS);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('listen-along', cheap)).toBe(true);
    // The parameters are part of what is checked: the same salt and key under another cost do not match.
    expect(await verifyPassword('listen-along', cheap.replace('scrypt$1024$', 'scrypt$2048$'))).toBe(false);
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
