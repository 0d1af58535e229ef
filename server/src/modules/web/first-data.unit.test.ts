import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serialized } from '../../lib/precompressed';
import { type FirstDataSources, firstDataLoader } from './first-data';

const never = () => new Promise<never>(() => {});

const request = {
  siteLang: 'en',
  query: {},
  log: { warn: vi.fn() },
  t: (key: string) => key,
} as unknown as FastifyRequest;

const sources = (over: Partial<FirstDataSources> = {}): FirstDataSources => ({
  session: async () => ({
    logged_in: false,
    user_id: null,
    is_admin: false,
    masquerading: false,
    site_lang: 'en',
    profile: null,
  }),
  cartQuantity: async () => ({ quantity: 2 }),
  cartLines: async () => [],
  navigation: async () => serialized({ items: [] }),
  cmsPage: async () => null,
  catalogue: {} as FirstDataSources['catalogue'],
  viewer: () => ({ sessionId: async () => undefined, userId: async () => null }),
  resizedCopies: async () => undefined,
  cartTotal: never,
  library: never,
  libraryFreeStory: never,
  orders: never,
  subscriptions: never,
  user: never,
  paymentsKey: () => ({ key: 'pk_test', provider: 'test' }),
  savedCards: never,
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the first data of a page', () => {
  it('is sent without what has not answered in time: the client asks for that itself', async () => {
    vi.useFakeTimers();
    const load = firstDataLoader(sources({ navigation: never, cmsPage: never }), { waitMs: 400 });
    const text = load(request, { kind: 'cms', path: '/' });
    await vi.advanceTimersByTimeAsync(400);
    const data = JSON.parse(await text);
    expect(Object.keys(data)).toEqual(['/crud/session', '/crud/cart-session/skus/quantity']);
    expect(data['/crud/cart-session/skus/quantity']).toEqual({ status: 200, body: { quantity: 2 } });
  });

  it('leaves out a call that fails unexpectedly (the client gets the API’s own answer), and logs it', async () => {
    const failing = sources({ cartQuantity: () => Promise.reject(new Error('database gone')) });
    const data = JSON.parse(await firstDataLoader(failing, { waitMs: 1000 })(request, { kind: 'other' }));
    expect(Object.keys(data)).toEqual(['/crud/session', '/crud/content/entry/list/site-navigation']);
    expect(request.log.warn).toHaveBeenCalled();
  });
});
