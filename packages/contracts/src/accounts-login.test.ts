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

describe('safeBackLocation with nasty inputs', () => {
  const nasty = [
    '/..//evil.example',
    '/../..//evil.example/x',
    '/%2e%2e//evil.example',
    '/.%2e//evil.example',
    '/a/..//evil.example',
    '/\\evil',
    '/%2F%2Fevil',
    '/%5C%5Cevil',
    '//evil',
    '/./\\/evil',
    '/.//evil',
    '/\t/evil.example',
    '/\r\n//evil.example',
    '\t//evil.example',
    'javascript:alert(1)',
    '/javascript:alert(1)',
    'java\tscript:alert(1)',
    '/#//evil.example',
    '/?next=//evil.example',
    '/a b/ü',
  ];
  /** What a browser would navigate to from a page of this site. */
  const lands = (path: string) => new URL(path, 'https://storyhouse.example/some/page').origin;

  it.each(nasty)('answers a same-site path that comes back unchanged when applied again: %j', (raw) => {
    const once = safeBackLocation(raw);

    expect(safeBackLocation(once)).toBe(once);
    expect(once).toMatch(/^\/(?![/\\])/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control characters may survive
    expect(once).not.toMatch(/[\\\u0000-\u001f\u007f]/);
    expect(lands(once)).toBe('https://storyhouse.example');
  });

  it('never turns dot segments into a protocol-relative address', () => {
    expect(safeBackLocation('/..//evil.example')).toBe('/');
    expect(safeBackLocation('/%2e%2e//evil.example')).toBe('/');
    expect(safeBackLocation('/a/..//evil.example')).toBe('/');
    // Encoded slashes are not separators: a path, harmless.
    expect(safeBackLocation('/%2F%2Fevil')).toBe('/%2F%2Fevil');
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
