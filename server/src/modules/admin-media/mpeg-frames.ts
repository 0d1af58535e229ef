/**
 * MPEG audio Layer III frame headers (ISO/IEC 11172-3 and 13818-3), read for
 * three things: whether an upload starts like an MP3, whether the rest of it
 * is frames (not a program behind a borrowed header), and cutting a preview
 * clip of a track's first seconds out of whole frames (a frame decodes on
 * its own, give or take the bit reservoir's first milliseconds, so copying
 * frames needs no re-encoding). The track's length is music-metadata's to
 * read; the frames' own count stands in only where it reads none.
 */

export interface FrameHeader {
  /** Bytes in the frame, header included. */
  length: number;
  sampleRate: number;
  /** Samples the frame holds: 1152 (MPEG-1) or 576 (MPEG-2 and 2.5). */
  samples: number;
  /** Where the Xing/Info tag would be: after the header and side information. */
  tagOffset: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The Layer III frame header at `at`, or undefined when the bytes there are not one. */
export function frameHeader(bytes: Uint8Array, at = 0): FrameHeader | undefined {
  if (at + 4 > bytes.length) return undefined;
  const [b0, b1, b2, b3] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (b1 >> 1) & 3; // 1: Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const samples = mpeg1 ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const mono = b3 >> 6 === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  return { length: Math.floor(((samples / 8) * bitrate) / sampleRate) + padding, sampleRate, samples, tagOffset: 4 + sideInfo };
}

/** Whether a file's first bytes are an MP3's: an ID3v2 tag, or a Layer III frame header. */
export function looksLikeMp3(head: Uint8Array): boolean {
  if (head.length >= 3 && head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) return true; // "ID3"
  return frameHeader(head) !== undefined;
}

/** A frame holding a Xing/Info or VBRI tag: it describes the whole file, so a clip leaves it out. */
function isTagFrame(frame: Uint8Array, header: FrameHeader) {
  const text = (at: number) => String.fromCharCode(...frame.subarray(at, at + 4));
  const tag = text(header.tagOffset);
  return tag === 'Xing' || tag === 'Info' || text(36) === 'VBRI';
}

const EMPTY = Buffer.alloc(0);
/** Enough of the next chunk to finish any frame a chunk cut (the largest Layer III frame is 1,441 bytes). */
const JOIN_BYTES = 4 * 1441;

/** The clip cut from a track's start: whole frames, and the seconds they hold. */
export interface Clip {
  bytes: Buffer;
  seconds: number;
}

/** What a walk over a whole file found. */
export interface FrameCount {
  frames: number;
  /** Seconds of audio in the frames (their samples over the sample rate): exact, whatever the bitrate. */
  seconds: number;
  /** Bytes in frames, in the leading ID3v2 tag, and in neither (junk a resync stepped over). */
  frameBytes: number;
  tagBytes: number;
  otherBytes: number;
}

/**
 * Walks an MP3's frames as its bytes stream by (push each chunk), holding at
 * most one frame: it counts them, and with `clipSeconds` keeps the first
 * seconds of whole frames as a preview clip. Skips a leading ID3v2 tag (a
 * cover picture can make it large) and a Xing/Info frame, and steps over
 * bytes that are no frame to the next header.
 */
export class MpegFrames {
  private pending: Buffer = EMPTY;
  private skip = 0;
  private started = false;
  private firstFrame = true;
  private sampleRate = 0;
  private samples = 0;
  private clipFrames: Buffer[] = [];
  private clipSamples = 0;
  private clipDone: boolean;
  readonly count = { frames: 0, frameBytes: 0, tagBytes: 0, otherBytes: 0 };

  constructor(private readonly clipSeconds = 0) {
    this.clipDone = clipSeconds <= 0;
  }

  /** The ID3v2 tag's size, once the first 10 bytes are in (0 for none). */
  get tagSize(): number | undefined {
    return this.started ? this.count.tagBytes : undefined;
  }

  push(chunk: Buffer) {
    let data = chunk;
    if (this.pending.length > 0 && !this.started) {
      data = Buffer.concat([this.pending, chunk]);
      this.pending = EMPTY;
    } else if (this.pending.length > 0) {
      // The frame the last chunk cut: finished with the start of this one, not a copy of all of it.
      const held = this.pending.length;
      const head = Buffer.concat([this.pending, chunk.subarray(0, JOIN_BYTES)]);
      this.pending = EMPTY;
      const stop = this.walk(head);
      data = stop >= held ? chunk.subarray(stop - held) : Buffer.concat([head.subarray(stop), chunk.subarray(JOIN_BYTES)]);
    }
    if (this.skip > 0) {
      const skipped = Math.min(this.skip, data.length);
      this.skip -= skipped;
      data = data.subarray(skipped);
    }
    if (!this.started) {
      if (data.length < 10) {
        this.pending = Buffer.from(data);
        return;
      }
      this.started = true;
      if (data[0] === 0x49 && data[1] === 0x44 && data[2] === 0x33) {
        // ID3v2: a syncsafe size after the 10-byte header, and a 10-byte footer when flagged.
        const size = ((data[6]! & 0x7f) << 21) | ((data[7]! & 0x7f) << 14) | ((data[8]! & 0x7f) << 7) | (data[9]! & 0x7f);
        this.count.tagBytes = 10 + size + (data[5]! & 0x10 ? 10 : 0);
        const skipped = Math.min(this.count.tagBytes, data.length);
        this.skip = this.count.tagBytes - skipped;
        data = data.subarray(skipped);
      }
    }
    this.pending = Buffer.from(data.subarray(this.walk(data)));
  }

  /** Counts (and clips) the whole frames in `data`; answers where the first frame it could not finish starts. */
  private walk(data: Buffer): number {
    let at = 0;
    while (at + 4 <= data.length) {
      const header = frameHeader(data, at);
      // A false sync inside other bytes: a real stream keeps one sample rate.
      if (!header || (this.sampleRate && header.sampleRate !== this.sampleRate)) {
        at += 1;
        this.count.otherBytes += 1;
        continue;
      }
      if (at + header.length > data.length) break;
      const frame = data.subarray(at, at + header.length);
      at += header.length;
      if (this.firstFrame) {
        this.firstFrame = false;
        if (isTagFrame(frame, header)) {
          this.count.tagBytes += header.length;
          continue;
        }
      }
      this.sampleRate = header.sampleRate;
      this.count.frames += 1;
      this.count.frameBytes += header.length;
      this.samples += header.samples;
      if (!this.clipDone) {
        this.clipFrames.push(Buffer.from(frame));
        this.clipSamples += header.samples;
        this.clipDone = this.clipSamples >= this.clipSeconds * this.sampleRate;
      }
    }
    return at;
  }

  /** The whole file's count; bytes still pending at the end (a cut-off last frame) count as other bytes. */
  result(): FrameCount {
    return {
      ...this.count,
      otherBytes: this.count.otherBytes + this.pending.length,
      seconds: this.sampleRate ? this.samples / this.sampleRate : 0,
    };
  }

  /** The preview clip (all of a track shorter than it), or undefined when none was asked for. */
  clip(): Clip | undefined {
    if (this.clipSeconds <= 0) return undefined;
    return { bytes: Buffer.concat(this.clipFrames), seconds: this.sampleRate ? this.clipSamples / this.sampleRate : 0 };
  }
}
