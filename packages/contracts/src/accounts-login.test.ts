import { describe, expect, it } from 'vitest';
import { LoginInput, loginBackLocation, safeBackLocation } from './accounts-login';

describe('safeBackLocation', () => {
  it.each([
    ['/cart', '/cart'],
    ['/shop?page=2&lang_code=es', '/shop?page=2&lang_code=es'],
    ['/story/noah#tracks', '/story/noah#tracks'],
    ['/a/../cart', '/cart'],
    [undefined, '/'],
    [null, '/'],
    ['', '/'],
  ])('keeps a path on this site: %s → %s', (raw, expected) => {
    expect(safeBackLocation(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'cart',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
  ])('turns anything else into the home page: %j', (raw) => {
    expect(safeBackLocation(raw)).toBe('/');
  });
});

describe('loginBackLocation (spec §4 Login)', () => {
  it('sends an admin with the default back location to /admin', () => {
    expect(loginBackLocation(undefined, true)).toBe('/admin');
    expect(loginBackLocation('/', true)).toBe('/admin');
    expect(loginBackLocation('//evil.example', true)).toBe('/admin');
  });

  it('honours an /admin back location for admins only', () => {
    expect(loginBackLocation('/admin/users?page=2', true)).toBe('/admin/users?page=2');
    expect(loginBackLocation('/admin', false)).toBe('/');
    expect(loginBackLocation('/admin/users', false)).toBe('/');
    // Only the /admin section: /administration is another page.
    expect(loginBackLocation('/administration', false)).toBe('/administration');
  });

  it('otherwise goes to the back location', () => {
    expect(loginBackLocation('/library', true)).toBe('/library');
    expect(loginBackLocation('/cart', false)).toBe('/cart');
  });
});

describe('LoginInput', () => {
  it('names the spec messages for empty fields', () => {
    const r = LoginInput.safeParse({ email: ' ', password: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'accountsLogin.emailRequired'],
      ['password', 'accountsLogin.passwordRequired'],
    ]);
  });
});
