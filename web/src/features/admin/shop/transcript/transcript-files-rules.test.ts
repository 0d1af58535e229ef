import { describe, expect, it } from 'vitest';
import { captionFormatOf, serverCueErrors } from './transcript-files-rules';

describe('captionFormatOf', () => {
  it('goes by the file name, then by the WebVTT header', () => {
    expect(captionFormatOf('story.VTT', '1\n00:00:01,000 --> 00:00:02,000\nHi')).toBe('vtt');
    expect(captionFormatOf('story.srt', 'WEBVTT')).toBe('srt');
    expect(captionFormatOf('story.txt', '\uFEFFWEBVTT\n\n00:01.000 --> 00:02.000\nHi')).toBe('vtt');
    expect(captionFormatOf('story', '1\n00:00:01,000 --> 00:00:02,000\nHi')).toBe('srt');
  });
});

describe('serverCueErrors', () => {
  it('puts each of the server’s messages at its sentence, the first one per sentence', () => {
    const errors = serverCueErrors({
      'cues.2.start_ms': 'Starts before the line above it ends',
      'cues.2.end_ms': 'Ends after the track ends',
      'cues.0.text': 'Has no words',
      updated_at: 'Invalid',
    });
    expect([...errors]).toEqual([
      [2, 'Starts before the line above it ends'],
      [0, 'Has no words'],
    ]);
  });
});
