import { describe, expect, it } from 'vitest';
import { answerAsk, askReadAlong, readAlongAsked, unansweredAsk, withText } from './read-along-request';

// "Read along" pressed on a track: each ask is answered once (the player bar opens Now Playing on a phone), and the
// playing track has the address of its words even when the queue it plays from was brought back without them.

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
    // The queue brought back from the server keeps no transcript address.
    expect(withText(track)).toEqual(withWords);
    // Another recording (its preview, another track) has no words from it.
    expect(withText({ ...track, id: 'preview:7' })).toBeNull();
    expect(withText({ ...track, id: 'full:8' })).toBeNull();
  });
});
