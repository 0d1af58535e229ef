import { type ChildListening, childMayHearAlbum, childTimeRefusal } from '@storyhouse/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { currentRefusal, dismissRefusal, mayPlay, setPlayGate, subscribeRefusal } from './play-gate';

const leo: ChildListening = {
  profile_id: 2,
  only: [10, 11],
  never: [11],
  quiet: { from: '19:30', to: '07:00', time_zone: 'America/New_York' },
  daily_limit_minutes: null,
  listened_today_seconds: 0,
  sleep_timer: '15',
  one_more: null,
  one_more_used: false,
};

afterEach(() => setPlayGate(null));

describe("a child's play gate (issue 42)", () => {
  it('holds a refused full track as the refusal the quiet screen shows; previews and the parents always play', () => {
    const evening = Date.parse('2026-01-16T01:30:00Z'); // 20:30 in New York
    setPlayGate((skuId) => childTimeRefusal(leo, skuId, evening));
    let told = 0;
    const stop = subscribeRefusal(() => {
      told += 1;
    });
    expect(mayPlay({ id: 'preview:5' })).toBe(true);
    expect(currentRefusal()).toBeNull();
    expect(mayPlay({ id: 'full:5' })).toBe(false);
    expect(currentRefusal()).toEqual({ reason: 'quiet_time', skuId: 5 });
    expect(told).toBe(1);
    dismissRefusal();
    expect(currentRefusal()).toBeNull();

    // One more story for track 5: it plays, another does not.
    const until = new Date(evening + 45 * 60_000).toISOString();
    setPlayGate((skuId) => childTimeRefusal({ ...leo, one_more: { sku_id: 5, until } }, skuId, evening));
    expect(mayPlay({ id: 'full:5' })).toBe(true);
    expect(mayPlay({ id: 'full:6' })).toBe(false);

    setPlayGate(null);
    dismissRefusal();
    expect(mayPlay({ id: 'full:6' })).toBe(true);
    expect(currentRefusal()).toBeNull();
    stop();
  });

  it("lists only the kept albums the child's rules allow, a 'never' album in no case", () => {
    expect([10, 11, 12].filter((id) => childMayHearAlbum(leo, id))).toEqual([10]);
    expect([10, 11, 12].filter((id) => childMayHearAlbum({ only: null, never: [11] }, id))).toEqual([10, 12]);
  });
});
