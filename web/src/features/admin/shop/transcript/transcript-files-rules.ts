import type { CaptionFormat } from '@storyhouse/contracts';

/** A caption file's format: by its name's ending, else by WebVTT's first line (an SRT file has none). */
export function captionFormatOf(name: string, text: string): CaptionFormat {
  if (/\.vtt$/i.test(name)) return 'vtt';
  if (/\.srt$/i.test(name)) return 'srt';
  return /^\uFEFF?WEBVTT/.test(text) ? 'vtt' : 'srt';
}

/** The sentences the server named on a refused save (`cues.3.start_ms`: the 4th), each with its first message. */
export function serverCueErrors(fields: Record<string, string>): Map<number, string> {
  const errors = new Map<number, string>();
  for (const [path, message] of Object.entries(fields)) {
    const index = /^cues\.(\d+)\./.exec(path)?.[1];
    if (index !== undefined && !errors.has(Number(index))) errors.set(Number(index), message);
  }
  return errors;
}
