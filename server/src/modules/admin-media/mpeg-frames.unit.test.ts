import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoMediaDir } from '../../config';
import { frameHeader, looksLikeMp3, MpegFrames } from './mpeg-frames';

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

  it('counts the frames and cuts the same clip of whole frames however the bytes arrive', () => {
    const whole = new MpegFrames(5);
    whole.push(TRACK);
    const clip = whole.clip()!;
    for (const size of [1, 333, 5000, 65536]) {
      const trickle = new MpegFrames(5);
      for (let at = 0; at < TRACK.length; at += size) trickle.push(TRACK.subarray(at, at + size));
      expect(trickle.clip()!.bytes.equals(clip.bytes), `${size}-byte chunks`).toBe(true);
      expect(trickle.result(), `${size}-byte chunks`).toEqual(whole.result());
    }
    expect(clip.seconds).toBeGreaterThanOrEqual(5);
    expect(clip.seconds).toBeLessThan(5 + 576 / 22050 + 1e-9);
    expect(frameHeader(clip.bytes)).toMatchObject({ sampleRate: 22050 });
    // 35.8 s of frames; every byte after the tag is in one (the tag: the track's ID3 and its Info frame).
    expect(whole.result()).toMatchObject({ frames: 1372, otherBytes: 0, frameBytes: TRACK.length - whole.result().tagBytes });
    expect(whole.result().seconds).toBeCloseTo((1372 * 576) / 22050, 6);
  });

  it('keeps a whole track shorter than the clip, and finds few frames in a program behind an ID3 tag', () => {
    const frames = new MpegFrames(120);
    frames.push(TRACK);
    const program = new MpegFrames();
    program.push(
      Buffer.concat([TRACK.subarray(0, 10 + 4096), Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256))]),
    );

    expect(frames.clip()!.seconds).toBeCloseTo(35.4, 0);
    expect(program.result().frameBytes).toBeLessThan(program.result().otherBytes);
  });
});
