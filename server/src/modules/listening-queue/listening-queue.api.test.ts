import { type ListeningQueue, QUEUE_MAX_TRACKS } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

/** Issue 41 item 3: the player's queue, kept per account (GET/PUT /crud/my-library/queue). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/crud/my-library/queue';

function client(cookie?: string) {
  return (method: 'GET' | 'PUT', payload?: unknown) =>
    t.app.inject({
      method,
      url: URL,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: cookie ? { cookie } : {},
    });
}

async function family(opts: { masqueradeAdminId?: number } = {}) {
  const user = await createUser(t.db);
  return { user, call: client(await signIn(t.db, user.id, opts)) };
}

const track = (sku: number, kind: 'full' | 'preview' = 'full') => ({
  id: `${kind}:${sku}`,
  title: `Story ${sku}`,
  url: `/crud/media/track/${sku}/${kind}.mp3`,
  album_key: 'library:7',
  album: 'The boat',
  artwork: '/media/covers/boat.jpg',
  ...(kind === 'preview' ? { preview: true } : { keeps_place: true }),
  // Its words for reading along: a queue brought back on another device still reads along.
  transcript_url: `/crud/transcripts/track/${sku}`,
});

const queue = (overrides: Partial<ListeningQueue> = {}): ListeningQueue => ({
  tracks: [track(11), track(12), track(40, 'preview')],
  index: 1,
  position_seconds: 42.5,
  repeat: 'all',
  stop_after: null,
  changed_at: '2026-11-29T09:00:00.000Z',
  ...overrides,
});

describe('the listening queue', () => {
  it('is null before anything was kept, then answers what was kept, to its family only', async () => {
    const a = await family();
    const b = await family();
    expect((await a.call('GET')).json()).toEqual({ queue: null });

    const saved = await a.call('PUT', queue());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ queue: queue() });
    expect((await a.call('GET')).json()).toEqual({ queue: queue() });

    // Another family neither reads it nor writes it: its own queue is its own.
    expect((await b.call('GET')).json()).toEqual({ queue: null });
    await b.call('PUT', queue({ tracks: [track(99)], index: 0, changed_at: '2026-11-29T10:00:00.000Z' }));
    expect((await a.call('GET')).json()).toEqual({ queue: queue() });
    expect((await b.call('GET')).json().queue.tracks).toEqual([track(99)]);
  });

  it('keeps the newest change: a device back with an older queue does not overwrite it', async () => {
    const a = await family();
    await a.call('PUT', queue({ changed_at: '2026-11-29T09:00:00.000Z' }));
    const older = await a.call('PUT', queue({ index: 0, changed_at: '2026-11-29T08:59:00.000Z' }));
    expect(older.statusCode).toBe(200);
    expect(older.json().queue.index).toBe(1);
    const newer = await a.call(
      'PUT',
      queue({ index: 2, repeat: 'one', stop_after: 'album', changed_at: '2026-11-29T09:01:00+01:00' }),
    );
    // 09:01 at +01:00 is 08:01 UTC: older, ignored.
    expect(newer.json().queue.index).toBe(1);
    const later = await a.call(
      'PUT',
      queue({ index: 2, repeat: 'one', stop_after: 'album', changed_at: '2026-11-29T09:02:00.000Z' }),
    );
    expect(later.json().queue).toMatchObject({ index: 2, repeat: 'one', stop_after: 'album' });
  });

  it('caps a change time in the future at now, so a fast clock does not win for ever', async () => {
    const a = await family();
    const res = await a.call('PUT', queue({ changed_at: '2999-01-01T00:00:00.000Z' }));
    const kept = new Date(res.json().queue.changed_at).getTime();
    expect(kept).toBeLessThanOrEqual(Date.now() + 1000);
    const next = await a.call('PUT', queue({ index: 0, changed_at: new Date(Date.now() + 5000).toISOString() }));
    expect(next.json().queue.index).toBe(0);
  });

  it('refuses bad input with a 400 that names the field, never a 500', async () => {
    const a = await family();
    const bad: [string, unknown][] = [
      ['tracks', queue({ tracks: Array.from({ length: QUEUE_MAX_TRACKS + 1 }, (_, i) => track(i + 1)) })],
      ['index', queue({ index: 3 })],
      ['tracks.0.url', queue({ tracks: [{ ...track(1), url: 'https://elsewhere.example/a.mp3' }], index: 0 })],
      ['tracks.0.url', queue({ tracks: [{ ...track(1), url: 'javascript:alert(1)' }], index: 0 })],
      ['tracks.0.artwork', queue({ tracks: [{ ...track(1), artwork: 'https://elsewhere.example/a.jpg' }], index: 0 })],
      [
        'tracks.0.transcript_url',
        queue({ tracks: [{ ...track(1), transcript_url: 'https://elsewhere.example/a.vtt' }], index: 0 }),
      ],
      [
        'tracks.0.transcript_url',
        queue({ tracks: [{ ...track(1), transcript_url: '/crud/admin/transcripts/track/1' }], index: 0 }),
      ],
      ['tracks.0.title', queue({ tracks: [{ ...track(1), title: 'x'.repeat(301) }], index: 0 })],
      ['tracks.0.id', queue({ tracks: [{ ...track(1), id: 'other:1' }], index: 0 })],
      ['repeat', { ...queue(), repeat: 'forever' }],
      ['changed_at', { ...queue(), changed_at: 'yesterday' }],
      ['tracks.0', { ...queue(), tracks: [{ ...track(1), extra: 1 }] }],
    ];
    for (const [field, body] of bad) {
      const res = await a.call('PUT', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(Object.keys(res.json().fields ?? {}).join(' '), field).toContain(field);
    }
    const notJson = await t.app.inject({
      method: 'PUT',
      url: URL,
      payload: '{"tracks": [',
      headers: { cookie: await signIn(t.db, (await createUser(t.db)).id), 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect((await a.call('GET')).json()).toEqual({ queue: null });
  });

  it('is for a signed-in family; an admin acting as the family reads it but does not change it', async () => {
    const visitor = client();
    expect((await visitor('GET')).statusCode).toBe(401);
    expect((await visitor('PUT', queue())).statusCode).toBe(401);

    const a = await family();
    await a.call('PUT', queue());
    const admin = await createUser(t.db, { is_admin: true });
    const acting = client(await signIn(t.db, a.user.id, { masqueradeAdminId: admin.id }));
    expect((await acting('GET')).json()).toEqual({ queue: queue() });
    const refused = await acting('PUT', queue({ index: 0, changed_at: '2026-11-29T09:05:00.000Z' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await a.call('GET')).json().queue.index).toBe(1);
  });
});
