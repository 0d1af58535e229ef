import { describe, expect, it } from 'vitest';
import { loginPath, signInRedirect, withBackLocation } from './back-location';
import { readBackLocation } from './use-back-location';

describe('links carrying back_location', () => {
  it('encodes the path and query to come back to', () => {
    expect(withBackLocation('/create-account', '/cart')).toBe('/create-account?back_location=%2Fcart');
    expect(loginPath('/shop?page=2&layout=grid')).toBe('/login?back_location=%2Fshop%3Fpage%3D2%26layout%3Dgrid');
  });

  it('reads back what it wrote', () => {
    const back = '/account/settings?tab=1';
    expect(readBackLocation(new URL(loginPath(back), 'http://site.test').searchParams)).toBe(back);
  });

  it('refuses a target on another site, and defaults to the home page', () => {
    for (const raw of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(readBackLocation(new URLSearchParams({ back_location: raw }))).toBe('/');
    }
    expect(readBackLocation(new URLSearchParams())).toBe('/');
  });
});

describe('signInRedirect (a 401 sends the visitor to login and back)', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('sends a page needing a user to login, keeping the page', () => {
    expect(signInRedirect(401, 'not_authenticated', at('/account/settings', '?x=1'))).toBe(
      '/login?back_location=%2Faccount%2Fsettings%3Fx%3D1',
    );
    expect(signInRedirect(401, 'not_authenticated', at('/admin'))).toBe('/login?back_location=%2Fadmin');
  });

  it('leaves an open page to handle it (the layout preference on the shop, the login page itself)', () => {
    expect(signInRedirect(401, 'not_authenticated', at('/shop'))).toBeUndefined();
    expect(signInRedirect(401, 'not_authenticated', at('/login', '?back_location=%2Fadmin'))).toBeUndefined();
    expect(signInRedirect(401, 'not_authenticated', at('/no-such-page'))).toBeUndefined();
  });

  it('ignores other refusals: a wrong password or captcha (401 of the login call), a 403', () => {
    expect(signInRedirect(401, 'login_failed', at('/account/settings'))).toBeUndefined();
    expect(signInRedirect(401, 'captcha_required', at('/account/settings'))).toBeUndefined();
    expect(signInRedirect(403, 'forbidden', at('/admin'))).toBeUndefined();
  });
});
