import { type CaptionFormat, type CaptionProblem, type Cue, cueProblems, MAX_CUE_CHARS } from '@storyhouse/contracts';
import { ParseError, parseText, parseVTTTimestamp, tokenizeVTTCue, type VTTCue, type VTTNode } from 'media-captions';

export type CaptionParse = { cues: Cue[] } | { line: number; problem: CaptionProblem };

const TIMING_ARROW = '-->';

/** A cue's words without WebVTT's markup (voices, italics, classes): what a family reads. */
function plainText(nodes: readonly VTTNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.data : plainText(n.children))).join('');
}

/** Seconds (the parser's unit) as whole milliseconds. */
const toMs = (seconds: number) => Math.round(seconds * 1000);

/** The file's lines, each terminator WebVTT knows (CRLF, LF, CR) ending one: the numbering an editor shows. */
const linesOf = (text: string) => text.split(/\r\n|\n|\r/);

/**
 * A WebVTT or SRT file's cues, or the 1-based line of its first problem.
 * media-captions parses (strict: its first syntax error is thrown with its
 * line); it reports cues without where they were written, so each parsed cue
 * is matched to its timing line (the lines carrying "-->", in order, whose
 * start is the cue's) to name the line of a cue that breaks a rule. A timing
 * line the parser dropped (SRT skips a block it cannot read, silently) is a
 * syntax problem at that line; so is an SRT block with no timing line at all.
 */
export async function parseCaptions(format: CaptionFormat, text: string, lengthMs: number | null): Promise<CaptionParse> {
  let parsed: VTTCue[];
  try {
    parsed = (await parseText(text, { type: format, strict: true, errors: true })).cues;
  } catch (err) {
    if (err instanceof ParseError) return { line: Math.max(1, err.line), problem: 'caption_syntax' };
    throw err;
  }
  const lines = linesOf(text);
  const timingLines: number[] = [];
  lines.forEach((line, i) => {
    if (line.includes(TIMING_ARROW)) timingLines.push(i + 1);
  });
  if (format === 'srt') {
    const untimed = untimedBlock(lines);
    if (untimed !== null) return { line: untimed, problem: 'caption_syntax' };
  }
  const cueLines: number[] = [];
  let next = 0;
  for (const line of timingLines) {
    const cue = parsed[next];
    const start = startOf(lines[line - 1] as string);
    if (!cue || start === null || toMs(start) !== toMs(cue.startTime)) return { line, problem: 'caption_syntax' };
    cueLines.push(line);
    next++;
  }
  if (next < parsed.length || (parsed.length === 0 && text.trim() !== '' && format === 'srt')) {
    return { line: 1, problem: 'caption_syntax' };
  }
  const cues = parsed.map((c) => ({
    start_ms: toMs(c.startTime),
    end_ms: toMs(c.endTime),
    // Lines of one cue read as one sentence.
    text: plainText(tokenizeVTTCue(c)).replace(/\s+/g, ' ').trim(),
  }));
  const problems = cueProblems(cues, lengthMs);
  const first = cues.findIndex((c, i) => problems.has(i) || c.text.length > MAX_CUE_CHARS);
  if (first >= 0) return { line: cueLines[first] as number, problem: problems.get(first) ?? 'caption_syntax' };
  return { cues };
}

/** The start of a timing line ("00:01.500 --> …"; SRT writes a comma before the milliseconds), in seconds. */
function startOf(line: string): number | null {
  const start = line.slice(0, line.indexOf(TIMING_ARROW)).trim();
  return parseVTTTimestamp(start.replace(',', '.'));
}

/** The first line of an SRT block (lines between blank ones) without a timing line; null when each has one. */
function untimedBlock(lines: readonly string[]): number | null {
  let blockStart: number | null = null;
  let timed = false;
  for (let i = 0; i <= lines.length; i++) {
    const line = lines[i];
    if (line === undefined || line.trim() === '') {
      if (blockStart !== null && !timed) return blockStart;
      blockStart = null;
      timed = false;
      continue;
    }
    blockStart ??= i + 1;
    if (line.includes(TIMING_ARROW)) timed = true;
  }
  return null;
}

/** Milliseconds as a caption timestamp: hh:mm:ss.mmm (WebVTT) or hh:mm:ss,mmm (SRT). */
function timestamp(ms: number, format: CaptionFormat): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${format === 'vtt' ? '.' : ','}${pad(ms % 1000, 3)}`;
}

/** Cue text escapes its markup characters: SRT players read WebVTT's tags and entities too, and the parser does. */
const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A transcript as a WebVTT or SRT file: cues numbered from 1, one blank line between them. */
export function formatCaptions(format: CaptionFormat, cues: readonly Cue[]): string {
  const blocks = cues.map((c, i) => {
    const timing = `${timestamp(c.start_ms, format)} ${TIMING_ARROW} ${timestamp(c.end_ms, format)}`;
    return `${i + 1}\n${timing}\n${escapeMarkup(c.text)}\n`;
  });
  return format === 'vtt' ? ['WEBVTT\n', ...blocks].join('\n') : blocks.join('\n');
}
