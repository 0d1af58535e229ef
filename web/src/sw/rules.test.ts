import { describe, expect, it } from 'vitest';
import { isCmsAnswer, isImage, isKeptPage, isOutdatedCache, isSignOut, mayKeep, pagesCacheOf } from './rules';

const answer = (cacheControl: string | null, status = 200) =>
  new Response('x', { status, headers: cacheControl === null ? {} : { 'cache-control': cacheControl } });
const url = (path: string) => new URL(path, 'http://localhost');

describe('what the service worker keeps', () => {
  it('keeps a page or answer anyone may see, revalidated or not', () => {
    expect(mayKeep(answer('no-cache'))).toBe(true);
    expect(mayKeep(answer('public, max-age=3600'))).toBe(true);
    expect(mayKeep(answer(null))).toBe(true);
  });

  it('never keeps a family’s answer (private, no-store: their library, orders, cart), nor a failure', () => {
    expect(mayKeep(answer('private, no-store'))).toBe(false);
    expect(mayKeep(answer('no-store'))).toBe(false);
    expect(mayKeep(answer('private, max-age=3600'))).toBe(false);
    expect(mayKeep(answer('no-cache', 404))).toBe(false);
    expect(mayKeep(answer('no-cache', 500))).toBe(false);
  });

  it('keeps the pages of the site, not the back office’s, the developer pages or signing out', () => {
    for (const path of ['/', '/shop', '/story/the-lost-sheep', '/about-us/our-story', '/administrators'])
      expect(isKeptPage(url(path)), path).toBe(true);
    for (const path of ['/admin', '/admin/users', '/dev/mailbox', '/logout', '/crud/session'])
      expect(isKeptPage(url(path)), path).toBe(false);
  });

  it('knows signing out, when the pages kept while signed in go', () => {
    expect(isSignOut(url('/logout'))).toBe(true);
    expect(isSignOut(url('/login'))).toBe(false);
  });

  it('keeps CMS answers and images seen, not other API answers', () => {
    expect(isCmsAnswer(url('/crud/content/entry/by/url?url=%2Fshop'))).toBe(true);
    expect(isCmsAnswer(url('/crud/my-library'))).toBe(false);
    expect(isImage(url('/media/resized/cover-400.webp'), 'image')).toBe(true);
    expect(isImage(url('/media/tracks/1/full'), 'audio')).toBe(false);
  });

  it('drops the pages an earlier build kept (they ask for its files), and the old hand-written worker’s cache', () => {
    expect(isOutdatedCache(pagesCacheOf('old'), 'new')).toBe(true);
    expect(isOutdatedCache('storyhouse-shell-v1', 'new')).toBe(true);
    expect(isOutdatedCache(pagesCacheOf('new'), 'new')).toBe(false);
    expect(isOutdatedCache('storyhouse-kept', 'new')).toBe(false);
    expect(isOutdatedCache('storyhouse-images', 'new')).toBe(false);
  });
});
