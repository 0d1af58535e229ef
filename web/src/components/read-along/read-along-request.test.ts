import { ListeningQueue } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { fromKept, toKept } from '../player/queue-kept';
import { answerAsk, askReadAlong, readAlongAsked, unansweredAsk, withText } from './read-along-request';

// "Read along" pressed on a track: each ask is answered once (the player bar opens Now Playing on a phone), and the
// playing track has the address of its words, kept with the queue, or lent by the button for a queue kept without them.

const track = { id: 'full:7', title: 'Noah Builds the Ark', url: '/crud/my-library/skus/7/download' };
const withWords = { ...track, transcriptUrl: '/crud/transcripts/track/7' };

describe('asking to read along', () => {
  it('is answered once, however late the player bar comes to it', () => {
    askReadAlong(withWords);
    const ask = readAlongAsked();
    expect(unansweredAsk(ask)).toBe(true);
    answerAsk(ask);
    expect(unansweredAsk(ask)).toBe(false);
    askReadAlong(withWords);
    expect(unansweredAsk(readAlongAsked())).toBe(true);
  });

  it('gives the playing track its words: its own, or those of the same recording Read along was pressed on', () => {
    expect(withText(null)).toBeNull();
    expect(withText(withWords)?.transcriptUrl).toBe('/crud/transcripts/track/7');
    askReadAlong(withWords);
    // A queue kept before its tracks carried their words' address.
    expect(withText(track)).toEqual(withWords);
    // Another recording (its preview, another track) has no words from it.
    expect(withText({ ...track, id: 'preview:7' })).toBeNull();
    expect(withText({ ...track, id: 'full:8' })).toBeNull();
  });
});

describe('a queue brought back after a reload', () => {
  it('keeps each track’s words, so its current track reads along before any Read along is pressed', () => {
    const other = { id: 'preview:9', title: 'The Rain Begins', url: '/crud/media/track/9/preview.mp3', preview: true };
    const kept = toKept(
      { tracks: [withWords, { ...other, transcriptUrl: '/crud/transcripts/track/9' }], index: 0 },
      { positionSeconds: 4, repeat: 'off', stopAfter: null, changedAt: new Date('2026-11-29T10:00:00.000Z') },
    );
    // As the device and the server keep it: JSON, read back through the contract.
    const back = fromKept(ListeningQueue.parse(JSON.parse(JSON.stringify(kept))));
    expect(back.tracks.map((t) => t.transcriptUrl)).toEqual(['/crud/transcripts/track/7', '/crud/transcripts/track/9']);
    expect(withText(back.tracks[0] ?? null)?.transcriptUrl).toBe('/crud/transcripts/track/7');
    // The preview reads the preview's words from the same address (the server cuts them to what may be heard).
    expect(withText(back.tracks[1] ?? null)?.transcriptUrl).toBe('/crud/transcripts/track/9');
  });

  it('keeps no address that is not the server’s own transcript', () => {
    const elsewhere = { ...track, transcriptUrl: 'https://elsewhere.example/words.vtt' };
    const changedAt = new Date('2026-11-29T10:00:00.000Z');
    const kept = toKept({ tracks: [elsewhere], index: 0 }, { positionSeconds: 0, repeat: 'off', stopAfter: null, changedAt });
    expect(kept.tracks[0]).not.toHaveProperty('transcript_url');
    expect(ListeningQueue.safeParse(kept).success).toBe(true);
  });
});
