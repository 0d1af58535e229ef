import type { Cue } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { formatCaptions, parseCaptions } from './captions';

const cues: Cue[] = [
  { start_ms: 0, end_ms: 2500, text: 'Once upon a time, Noah built a boat.' },
  { start_ms: 2500, end_ms: 5040, text: 'Rain & wind came <loud> and long.' },
  { start_ms: 3_725_001, end_ms: 3_730_999, text: 'Жили-были старик со старухой.' },
];

describe('caption files', () => {
  it.each(['vtt', 'srt'] as const)('%s: export then import gives the same cues', async (format) => {
    const file = formatCaptions(format, cues);
    expect(await parseCaptions(format, file, null)).toEqual({ cues });
  });

  it('writes WebVTT and SRT as players read them', () => {
    const one = [{ start_ms: 1500, end_ms: 62_250, text: 'Hello.' }];
    expect(formatCaptions('vtt', one)).toBe('WEBVTT\n\n1\n00:00:01.500 --> 00:01:02.250\nHello.\n');
    expect(formatCaptions('srt', one)).toBe('1\n00:00:01,500 --> 00:01:02,250\nHello.\n');
  });

  it('reads a cue of several lines with markup as one sentence of plain words', async () => {
    const file = 'WEBVTT\n\n00:01.000 --> 00:04.000\n<v Narrator>The <i>big</i>\nboat.</v>\n';
    expect(await parseCaptions('vtt', file, null)).toEqual({ cues: [{ start_ms: 1000, end_ms: 4000, text: 'The big boat.' }] });
  });

  it('reads CRLF files', async () => {
    const file = '1\r\n00:00:01,000 --> 00:00:02,000\r\nHi.\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,000\r\nBye.\r\n';
    expect(await parseCaptions('srt', file, null)).toEqual({
      cues: [
        { start_ms: 1000, end_ms: 2000, text: 'Hi.' },
        { start_ms: 2000, end_ms: 3000, text: 'Bye.' },
      ],
    });
  });

  const vtt = (...blocks: string[]) => ['WEBVTT', '', ...blocks.flatMap((b) => [b, ''])].join('\n');

  it.each([
    ['a file without the WEBVTT header', 'Hello\n00:01.000 --> 00:02.000\nHi\n', 1, 'caption_syntax'],
    ['a bad timestamp', vtt('00:00:01.000 --> 00:00:02.000\nA.', '00:00:0x.000 --> 00:00:03.000\nB.'), 6, 'caption_syntax'],
    ['a cue out of order', vtt('00:05.000 --> 00:06.000\nA.', '00:01.000 --> 00:02.000\nB.'), 6, 'cue_out_of_order'],
    ['overlapping cues', vtt('00:01.000 --> 00:03.000\nA.', '\n00:02.000 --> 00:04.000\nB.'), 7, 'cue_overlap'],
    ['a cue past the track', vtt('00:01.000 --> 00:02.000\nA.', '00:09.000 --> 00:11.000\nB.'), 6, 'cue_past_end'],
    ['a cue without words', vtt('00:01.000 --> 00:02.000\nA.', '00:02.000 --> 00:03.000\n<i> </i>'), 6, 'cue_empty'],
  ])('WebVTT: refuses %s at its line', async (_what, file, line, problem) => {
    expect(await parseCaptions('vtt', file, 10_000)).toEqual({ line, problem });
  });

  it.each([
    ['a timing line with a bad arrow', '1\n00:00:01,000 --> 00:00:02,000\nA.\n\n2\n00:00:02,000 -> 00:00:03,000\nB.\n', 5],
    ['a bad timestamp', '1\n00:00:01,000 --> 00:00:02,000\nA.\n\n2\n00:00:0x,000 --> 00:00:03,000\nB.\n', 6],
    ['a text that is not SRT', 'just some words\n', 1],
  ])('SRT: refuses %s at its line', async (_what, file, line) => {
    expect(await parseCaptions('srt', file, null)).toEqual({ line, problem: 'caption_syntax' });
  });

  it('SRT: names the line of a cue that breaks a rule', async () => {
    const file = '1\n00:00:01,000 --> 00:00:03,000\nA.\n\n2\n00:00:02,000 --> 00:00:04,000\nB.\n';
    expect(await parseCaptions('srt', file, null)).toEqual({ line: 6, problem: 'cue_overlap' });
  });
});
