import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoMediaDir } from '../../config';
import { frameHeader, looksLikeMp3, MpegClipper } from './mpeg-frames';

const TRACK = readFileSync(path.join(demoMediaDir, 'audio/daniel-y-los-leones/01.mp3'));

describe('MPEG Layer III frames', () => {
  it('reads a frame header: MPEG-1 at 128 kbps, 44.1 kHz, and MPEG-2 at 48 kbps, 22.05 kHz', () => {
    expect(frameHeader(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toEqual({
      length: 417,
      sampleRate: 44100,
      samples: 1152,
      tagOffset: 36,
    });
    expect(frameHeader(Buffer.from([0xff, 0xf3, 0x60, 0xc4]))).toEqual({
      length: 156,
      sampleRate: 22050,
      samples: 576,
      tagOffset: 13,
    });
    // Layer II, a reserved sample rate, the "free" bitrate: not an MP3 frame.
    expect(frameHeader(Buffer.from([0xff, 0xfd, 0x90, 0x64]))).toBeUndefined();
    expect(frameHeader(Buffer.from([0xff, 0xfb, 0x9c, 0x64]))).toBeUndefined();
    expect(frameHeader(Buffer.from([0xff, 0xfb, 0x00, 0x64]))).toBeUndefined();
  });

  it('knows an MP3 by its first bytes, and a program renamed .mp3 as none', () => {
    expect(looksLikeMp3(TRACK.subarray(0, 16))).toBe(true);
    expect(looksLikeMp3(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe(true);
    expect(looksLikeMp3(Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'))).toBe(false);
    expect(looksLikeMp3(Buffer.from('MZ\x90\x00', 'latin1'))).toBe(false);
  });

  it('cuts the same clip of whole frames however the bytes arrive', () => {
    const whole = new MpegClipper(5);
    whole.push(TRACK);
    const trickle = new MpegClipper(5);
    for (let at = 0; at < TRACK.length; at += 333) trickle.push(TRACK.subarray(at, at + 333));

    const clip = whole.clip();
    expect(trickle.clip().bytes.equals(clip.bytes)).toBe(true);
    expect(clip.seconds).toBeGreaterThanOrEqual(5);
    expect(clip.seconds).toBeLessThan(5 + 576 / 22050 + 1e-9);
    expect(frameHeader(clip.bytes)).toMatchObject({ sampleRate: 22050 });
    expect(whole.done).toBe(true);
  });

  it('keeps a whole track shorter than the clip', () => {
    const clipper = new MpegClipper(120);
    clipper.push(TRACK);

    expect(clipper.done).toBe(false);
    expect(clipper.clip().seconds).toBeCloseTo(35.4, 0);
  });
});
