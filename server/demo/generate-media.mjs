#!/usr/bin/env node
/*
 * Storyhouse demo catalogue: media generator.
 *
 * Reads server/demo/catalogue.json (the hand-written, original demo content),
 * generates every media file it references under server/demo/media/, measures
 * the audio and writes `length_seconds` back into catalogue.json.
 * Each track is said sentence by sentence (the language's sentence rules,
 * Intl.Segmenter), each sentence to its own file, measured and joined with a
 * fixed pause, so the track's WebVTT transcript (media/transcripts/<slug>/<nn>.vtt)
 * carries each sentence's exact span in the final recording (issue 43).
 * Re-runnable: it deletes and rebuilds media/audio, media/transcripts,
 * media/covers and media/banners. It is NOT run by the build or the tests; the
 * generated files are committed.
 *
 *   node server/demo/generate-media.mjs            # generate everything, then verify
 *   node server/demo/generate-media.mjs --images   # only redraw covers and banners, then verify
 *   node server/demo/generate-media.mjs --verify   # only verify files and lengths
 *   node server/demo/generate-media.mjs --free-mp3 # only (re)record the free MP3 gifts, then verify
 *   node server/demo/generate-media.mjs --tracks   # only (re)record the tracks and their transcripts, then verify
 *
 * Tools (Debian packages): espeak-ng, lame, sox + libsox-fmt-mp3, librsvg2-bin
 * (rsvg-convert), imagemagick (convert), fonts-dejavu-core.
 *
 * ---------------------------------------------------------------------------
 * catalogue.json shape (all prices are integer US cents; all paths are
 * relative to server/demo/):
 *
 * {
 *   "products": [
 *     {
 *       "slug": "noahs-big-boat",          // unique, lowercase ascii + hyphens
 *       "title": "Noah’s Big Boat",
 *       "description": "2-3 sentences for parents",
 *       "lang_code": "en",                 // en | es | ru
 *       "is_book": false,                  // true: standalone book (book sku only, no tracks)
 *       "is_available": true,
 *       "is_free_streaming": false,        // true: every track of the album streams free
 *       "age_band": "3-5",                 // 0-2 | 3-5 | 6-8 | 9-12: the ages it is made for
 *       "release_date": "2024-02-20",      // ISO date (product_release_date)
 *       "image": "media/covers/<slug>.jpg",// 1200x1200 JPEG cover
 *       "image_wide"?: "media/banners/free-story-<lang>.jpg",
 *                                          // 1500x600, only on the product holding
 *                                          // that language's free story
 *       "skus": {
 *         "digital_album"?: { "full_cents": 999, "sale_cents"?: 799 },
 *         "physical"?:      { "full_cents": 1299, "sale_cents"?: 1199, "is_shipped_free": false },  // CD
 *         "book"?:          { "full_cents": 1499, "sale_cents"?: 999,  "is_shipped_free": true }
 *       },
 *       "tracks": [                        // in order; each track is a digital_track sku
 *         {
 *           "title": "...",
 *           "description": "one sentence",
 *           "script": "the narration text that was spoken",
 *           "full_cents": 129,
 *           "sale_cents"?: 99,
 *           "is_free": false,              // true on exactly one track per language:
 *                                          // the free story of the week
 *           "file": "media/audio/<slug>/<nn>.mp3",             // full narration
 *           "preview": "media/audio/<slug>/<nn>-preview.mp3",  // first 12 s
 *                                          // written beside them, not listed here:
 *                                          // media/transcripts/<slug>/<nn>.vtt (one cue a sentence)
 *           "length_seconds": 34           // of "file", measured, rounded to whole seconds
 *         }
 *       ]
 *     }
 *   ],
 *   "promoted": {
 *     "en": {
 *       "albums": ["<slug>", ...],                       // recommended albums, in order
 *       "top_stories": [{ "slug": "<slug>", "track": 2 }] // track = 0-based index into tracks
 *     },
 *     "es": { ... }, "ru": { ... }
 *   },
 *   "free_mp3": {                        // the free MP3 page's gift per language: its own
 *     "en": {                            // recording, sold nowhere (never a track's file),
 *       "title": "...",                  // since the page gives it to anyone who fills the form
 *       "script": "the narration text that was spoken",
 *       "file": "media/audio/free-mp3/en.mp3",
 *       "length_seconds": 34
 *     },
 *     "es": { ... }, "ru": { ... }
 *   }
 * }
 *
 * A sale applies when sale_cents is present (it is always lower than full_cents).
 * ---------------------------------------------------------------------------
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const CATALOGUE = join(HERE, 'catalogue.json');
const MEDIA = join(HERE, 'media');
const PREVIEW_SECONDS = 12;
const MAX_COVER_BYTES = 150 * 1024;
const MAX_MEDIA_BYTES = 15 * 1024 * 1024;
const ENV = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

// ---------------------------------------------------------------- look & sound
// Narrator per album (espeak-ng voice[+variant]); anything not listed falls back by language.
const VOICES = {
  'in-the-beginning': 'en-gb',
  'noahs-big-boat': 'en-us',
  'david-the-shepherd-boy': 'en-us',
  'stories-jesus-told': 'en-gb',
  'the-first-christmas': 'en-us',
  'pip-and-the-kindness-club': 'en-gb+f3',
  'daniel-y-los-leones': 'es-419',
  'jonas-y-el-gran-pez': 'es',
  'rut-la-amiga-fiel': 'es-419+f3',
  'jesus-vive': 'es',
  'iosif-i-ego-bratya': 'ru',
  'tsaritsa-esfir': 'ru+f3',
  'moisey-i-put-k-svobode': 'ru',
  'priklyucheniya-mishi-i-ani': 'ru+f3',
};
const DEFAULT_VOICE = { en: 'en-us', es: 'es-419', ru: 'ru' };
const SPEED_WPM = 150;
const PITCH = 45;
const SAMPLE_RATE = 22050;
const LEAD_IN_SECONDS = 0.3;
const TAIL_SECONDS = 0.8;
// Silence between two sentences: long enough that the read-along highlight moves in a clear gap, and (with espeak's
// own pauses inside sentences) keeps every track at least as long as when it was said in one go.
const SENTENCE_PAUSE_SECONDS = 0.6;

// Cover look per product: two gradient colours and a motif; unknown slugs get a hashed palette.
const LOOKS = {
  'in-the-beginning': ['#0b1d51', '#f6a21e', 'sun'],
  'noahs-big-boat': ['#1e6fa8', '#7fd1c7', 'rainbow'],
  'david-the-shepherd-boy': ['#2f6b22', '#c9e27a', 'hills'],
  'stories-jesus-told': ['#6a2c91', '#f08a5d', 'circles'],
  'the-first-christmas': ['#0d1b3e', '#3b5ba5', 'stars'],
  'pip-and-the-kindness-club': ['#e8553a', '#ffc94d', 'hearts'],
  'my-first-storybook-bible': ['#8b1e3f', '#e58fa9', 'book'],
  'daniel-y-los-leones': ['#7a3f06', '#f2b84b', 'sun'],
  'jonas-y-el-gran-pez': ['#05445e', '#3fc1c9', 'waves'],
  'rut-la-amiga-fiel': ['#9c5218', '#f7dc6f', 'hills'],
  'jesus-vive': ['#4b2276', '#ffb4a2', 'sun'],
  'mi-primera-biblia-ilustrada': ['#1b4965', '#62b6cb', 'book'],
  'iosif-i-ego-bratya': ['#a82a1e', '#6c3483', 'stripes'],
  'tsaritsa-esfir': ['#3d1359', '#d4a017', 'stars'],
  'moisey-i-put-k-svobode': ['#0f4c75', '#e0c068', 'waves'],
  'priklyucheniya-mishi-i-ani': ['#1f8a7e', '#e9c46a', 'circles'],
};
const MOTIFS = ['sun', 'rainbow', 'hills', 'circles', 'stars', 'hearts', 'waves', 'stripes'];

const TEXT = {
  en: { tagline: 'Audio stories for kids', book: 'Storybook', free: 'Free story of the week', preview: 'preview' },
  es: {
    tagline: 'Cuentos en audio para niños',
    book: 'Libro ilustrado',
    free: 'Historia gratis de la semana',
    preview: 'avance',
  },
  ru: { tagline: 'Аудиорассказы для детей', book: 'Книга', free: 'Бесплатная история недели', preview: 'отрывок' },
};

// ---------------------------------------------------------------- helpers
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { env: ENV, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
const rel = (p) => join(HERE, p);
const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function hash(s) {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0), 16777619) >>> 0;
  return h;
}
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function lookFor(slug) {
  if (LOOKS[slug]) return LOOKS[slug];
  const h = hash(slug);
  return [`hsl(${h % 360},55%,28%)`, `hsl(${(h >> 9) % 360},70%,62%)`, MOTIFS[h % MOTIFS.length]];
}

const AUDIO_TOOLS = ['espeak-ng', 'lame', 'sox', 'soxi'];
function requireTools(tools = [...AUDIO_TOOLS, 'rsvg-convert', 'convert', 'identify']) {
  const missing = tools.filter((t) => {
    try {
      run('sh', ['-c', `command -v ${t}`]);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length) {
    console.error(
      `Missing tools: ${missing.join(', ')}\n` +
        'apt-get install -y espeak-ng lame sox libsox-fmt-mp3 librsvg2-bin imagemagick fonts-dejavu-core',
    );
    process.exit(1);
  }
}

// ---------------------------------------------------------------- audio
function speakable(script) {
  return script
    .replace(/[’‘]/g, "'")
    .replace(/[“”«»„]/g, '"')
    .replace(/[–—]/g, ', ')
    .replace(/\s+/g, ' ')
    .trim();
}

function mp3Seconds(file) {
  return Number.parseFloat(run('soxi', ['-D', file]).toString().trim());
}

function encode(wav, mp3, tags) {
  run('lame', [
    '--quiet',
    '-m',
    'm',
    '-b',
    '48',
    '--cbr',
    '--resample',
    '22.05',
    '--id3v2-only',
    '--id3v2-utf16',
    '--tt',
    tags.title,
    '--tl',
    tags.album,
    '--ta',
    'Storyhouse',
    '--tn',
    tags.track,
    '--ty',
    tags.year,
    '--tg',
    'Speech',
    wav,
    mp3,
  ]);
}

/** The script's sentences by the language's rules, as written (the transcript shows them as printed). */
function sentences(script, lang) {
  return [...new Intl.Segmenter(lang, { granularity: 'sentence' }).segment(script)]
    .map((s) => s.segment.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** `seconds` of silence in the sentences' format (22.05 kHz, mono, 16-bit), so sox can join them; returns its samples. */
function silence(file, seconds) {
  const samples = Math.round(seconds * SAMPLE_RATE);
  // the format goes before -n: it is the null input's, so `samples` count at 22.05 kHz (no resampling after)
  run('sox', ['-r', String(SAMPLE_RATE), '-c', '1', '-b', '16', '-n', file, 'trim', '0', `${samples}s`]);
  return samples;
}

// sox's silence effect, run from both ends: anything under 0.1% of full scale is silence
const TRIM_SILENCE = ['silence', '1', '0', '0.1%', 'reverse', 'silence', '1', '0', '0.1%', 'reverse'];

/**
 * Says each sentence to its own WAV with its silence trimmed at both ends, and joins them with a fixed pause into
 * `full` (with the short lead-in and tail). Returns each sentence's span in samples of `full`: from its first sound
 * to its last; the pauses belong to no span.
 */
function sayBySentence(parts, voice, full, tmp) {
  const lead = join(tmp, 'lead.wav');
  const pause = join(tmp, 'pause.wav');
  const tail = join(tmp, 'tail.wav');
  let at = silence(lead, LEAD_IN_SECONDS);
  const pauseSamples = silence(pause, SENTENCE_PAUSE_SECONDS);
  const tailSamples = silence(tail, TAIL_SECONDS);
  const files = [lead];
  const spans = [];
  parts.forEach((text, k) => {
    const txt = join(tmp, 'sentence.txt');
    const raw = join(tmp, 'raw.wav');
    const said = join(tmp, `sentence-${k}.wav`);
    writeFileSync(txt, speakable(text));
    run('espeak-ng', ['-v', voice, '-s', String(SPEED_WPM), '-p', String(PITCH), '-f', txt, '-w', raw]);
    // espeak-ng's own lead-in and trailing pause go, so the span starts at the first sound and ends at the last
    run('sox', [raw, '-r', String(SAMPLE_RATE), '-c', '1', '-b', '16', said, ...TRIM_SILENCE]);
    const samples = Number.parseInt(run('soxi', ['-s', said]).toString().trim(), 10);
    if (!(samples > 0)) throw new Error(`espeak-ng said nothing for: ${text}`);
    if (k > 0) {
      files.push(pause);
      at += pauseSamples;
    }
    files.push(said);
    spans.push({ text, start: at, end: at + samples });
    at += samples;
  });
  files.push(tail);
  // joined in order; loudness normalised to -1 dBFS peak (a gain moves no sample)
  run('sox', [...files, full, 'gain', '-n', '-1']);
  const total = Number.parseInt(run('soxi', ['-s', full]).toString().trim(), 10);
  if (total !== at + tailSamples) throw new Error(`joined ${total} samples, expected ${at + tailSamples}`);
  return spans;
}

/** 12345 ms as WebVTT's 00:00:12.345. */
function vttTime(ms) {
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}
// WebVTT cue text is HTML-like: these three would read as markup
const vttText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One cue a sentence, in whole milliseconds that hold the sentence's sound: start rounded down, end up. */
function vtt(spans) {
  const cues = spans.map(
    (s) =>
      `${vttTime(Math.floor((s.start * 1000) / SAMPLE_RATE))} --> ${vttTime(Math.ceil((s.end * 1000) / SAMPLE_RATE))}\n${vttText(s.text)}\n`,
  );
  return `WEBVTT\n\n${cues.join('\n')}`;
}

function makeAudio(product, tmp) {
  const voice = VOICES[product.slug] ?? DEFAULT_VOICE[product.lang_code] ?? 'en-us';
  const year = (product.release_date ?? '2024').slice(0, 4);
  mkdirSync(rel(`media/audio/${product.slug}`), { recursive: true });
  mkdirSync(rel(`media/transcripts/${product.slug}`), { recursive: true });
  product.tracks.forEach((track, i) => {
    const nn = String(i + 1).padStart(2, '0');
    track.file = `media/audio/${product.slug}/${nn}.mp3`;
    track.preview = `media/audio/${product.slug}/${nn}-preview.mp3`;
    const full = join(tmp, 'full.wav');
    const prev = join(tmp, 'prev.wav');
    const spans = sayBySentence(sentences(track.script, product.lang_code), voice, full, tmp);
    writeFileSync(rel(transcriptOf(track)), vtt(spans));
    const fullSeconds = mp3SecondsOfWav(full);
    const cut = Math.min(PREVIEW_SECONDS, fullSeconds);
    run('sox', [full, prev, 'trim', '0', String(cut), 'fade', 't', '0', String(cut), '1.5']);
    const tag = { album: product.title, track: `${i + 1}/${product.tracks.length}`, year };
    encode(full, rel(track.file), { ...tag, title: track.title });
    encode(prev, rel(track.preview), { ...tag, title: `${track.title} (${TEXT[product.lang_code]?.preview ?? 'preview'})` });
    track.length_seconds = Math.round(mp3Seconds(rel(track.file)));
    process.stdout.write('.');
  });
}
/**
 * The free MP3 gifts (catalogue.free_mp3): one whole recording per language,
 * no preview. A recording of its own, because the free-mp3 page hands it to
 * anyone who fills the form, and a sold track must never go out that way.
 */
function makeFreeMp3(catalogue, tmp) {
  mkdirSync(rel('media/audio/free-mp3'), { recursive: true });
  for (const [lang, gift] of Object.entries(catalogue.free_mp3 ?? {})) {
    gift.file = `media/audio/free-mp3/${lang}.mp3`;
    const txt = join(tmp, 'script.txt');
    const raw = join(tmp, 'raw.wav');
    const full = join(tmp, 'full.wav');
    writeFileSync(txt, speakable(gift.script));
    run('espeak-ng', ['-v', DEFAULT_VOICE[lang] ?? 'en-us', '-s', String(SPEED_WPM), '-p', String(PITCH), '-f', txt, '-w', raw]);
    run('sox', [raw, '-r', '22050', '-c', '1', full, 'pad', '0.3', '0.8', 'gain', '-n', '-1']);
    encode(full, rel(gift.file), { title: gift.title, album: 'Storyhouse', track: '1/1', year: '2024' });
    gift.length_seconds = Math.round(mp3Seconds(rel(gift.file)));
    process.stdout.write(`free-mp3 ${lang}\n`);
  }
}

/** A track's transcript is named as its recording: media/audio/<slug>/<nn>.mp3 → media/transcripts/<slug>/<nn>.vtt. */
function transcriptOf(track) {
  return track.file.replace(/^media\/audio\//, 'media/transcripts/').replace(/\.mp3$/, '.vtt');
}

function mp3SecondsOfWav(wav) {
  return Number.parseFloat(run('soxi', ['-D', wav]).toString().trim());
}

// ---------------------------------------------------------------- images
const FONT = 'DejaVu Sans';
const FONT_FILES = {
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
};
const widths = new Map();
// exact rendered width in px of `text` at `size` px, measured with ImageMagick
function measure(text, size, weight = 'bold') {
  const key = `${weight}|${size}|${text}`;
  if (!widths.has(key)) {
    const w = run('convert', [
      '-font',
      FONT_FILES[weight],
      '-pointsize',
      String(size),
      `label:${text.replace(/^@/, ' @')}`,
      '-format',
      '%w',
      'info:',
    ]);
    widths.set(key, Number.parseInt(w.toString(), 10));
  }
  return widths.get(key);
}

function wrap(text, size, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (measure(word, size) > maxWidth) return null;
    const next = line ? `${line} ${word}` : word;
    if (measure(next, size) <= maxWidth) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
function fitTitle(text, maxWidth, maxLines, start, min) {
  for (let size = start; size >= min; size -= 6) {
    const lines = wrap(text, size, maxWidth);
    if (lines && lines.length <= maxLines) return { size, lines };
  }
  return { size: min, lines: wrap(text, min, maxWidth * 2) ?? [text] };
}

function star(cx, cy, r, rot = 0) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = rot + (Math.PI / 5) * k - Math.PI / 2;
    const rr = k % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}"/>`;
}
function heart(x, y, s) {
  return `<path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${s.toFixed(2)})" d="M0 30 C0 -10 -50 -10 -50 20 C-50 45 -20 60 0 80 C20 60 50 45 50 20 C50 -10 0 -10 0 30 Z"/>`;
}

function motifSvg(motif, W, H, rand) {
  const out = [];
  switch (motif) {
    case 'sun': {
      const cx = W * 0.78,
        cy = H * 0.2,
        r = H * 0.13;
      out.push(`<g fill="#fff" opacity="0.22"><circle cx="${cx}" cy="${cy}" r="${r}"/></g>`);
      out.push(`<g stroke="#fff" stroke-width="${H * 0.012}" stroke-linecap="round" opacity="0.18">`);
      for (let k = 0; k < 12; k++) {
        const a = (Math.PI / 6) * k;
        out.push(
          `<line x1="${(cx + r * 1.25 * Math.cos(a)).toFixed(1)}" y1="${(cy + r * 1.25 * Math.sin(a)).toFixed(1)}" x2="${(cx + r * 1.75 * Math.cos(a)).toFixed(1)}" y2="${(cy + r * 1.75 * Math.sin(a)).toFixed(1)}"/>`,
        );
      }
      out.push('</g>');
      out.push(
        `<path fill="#000" opacity="0.12" d="M0 ${H * 0.86} Q ${W * 0.5} ${H * 0.74} ${W} ${H * 0.86} L ${W} ${H} L 0 ${H} Z"/>`,
      );
      break;
    }
    case 'rainbow': {
      const colours = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'];
      colours.forEach((c, k) => {
        const r = H * (0.42 - k * 0.045);
        out.push(
          `<path d="M ${W / 2 - r} ${H} A ${r} ${r} 0 0 1 ${W / 2 + r} ${H}" fill="none" stroke="${c}" stroke-width="${H * 0.045}" opacity="0.45"/>`,
        );
      });
      for (let k = 0; k < 3; k++) {
        const x = W * (0.15 + 0.3 * k + rand() * 0.1),
          y = H * (0.12 + rand() * 0.1);
        out.push(
          `<g fill="#fff" opacity="0.25"><ellipse cx="${x}" cy="${y}" rx="${H * 0.09}" ry="${H * 0.04}"/><ellipse cx="${x + H * 0.05}" cy="${y - H * 0.03}" rx="${H * 0.06}" ry="${H * 0.04}"/></g>`,
        );
      }
      break;
    }
    case 'hills':
      [
        [0.95, 0.1],
        [0.88, 0.14],
        [0.82, 0.1],
      ].forEach(([y, o], k) => {
        const cx = W * (0.2 + 0.35 * k);
        out.push(`<ellipse cx="${cx}" cy="${H * (y + 0.25)}" rx="${W * 0.55}" ry="${H * 0.3}" fill="#fff" opacity="${o}"/>`);
      });
      out.push(`<circle cx="${W * 0.82}" cy="${H * 0.17}" r="${H * 0.08}" fill="#fff" opacity="0.25"/>`);
      break;
    case 'circles':
      for (let k = 0; k < 18; k++) {
        out.push(
          `<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * H).toFixed(0)}" r="${(H * (0.03 + rand() * 0.12)).toFixed(0)}" fill="#fff" opacity="${(0.05 + rand() * 0.12).toFixed(2)}"/>`,
        );
      }
      break;
    case 'stars':
      out.push('<g fill="#fff">');
      for (let k = 0; k < 45; k++) {
        const x = rand() * W,
          y = rand() * H;
        out.push(`<g opacity="${(0.25 + rand() * 0.5).toFixed(2)}">${star(x, y, H * (0.006 + rand() * 0.012), rand())}</g>`);
      }
      out.push(`<g opacity="0.85">${star(W * 0.8, H * 0.17, H * 0.06)}</g>`);
      out.push('</g>');
      break;
    case 'hearts':
      out.push('<g fill="#fff">');
      for (let k = 0; k < 12; k++) {
        out.push(
          `<g opacity="${(0.1 + rand() * 0.18).toFixed(2)}">${heart(rand() * W, rand() * H, (H / 1200) * (0.6 + rand() * 1.6))}</g>`,
        );
      }
      out.push('</g>');
      break;
    case 'waves':
      for (let k = 0; k < 5; k++) {
        const y = H * (0.66 + k * 0.075),
          a = H * 0.03,
          n = 4;
        let d = `M 0 ${y}`;
        for (let j = 0; j < n; j++) {
          const x0 = (W / n) * j;
          d += ` Q ${x0 + W / n / 4} ${y - a} ${x0 + W / n / 2} ${y} T ${x0 + W / n} ${y}`;
        }
        d += ` L ${W} ${H} L 0 ${H} Z`;
        out.push(`<path d="${d}" fill="#fff" opacity="0.09"/>`);
      }
      break;
    case 'stripes': {
      const colours = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#ff924c', '#c77dff'];
      for (let k = -2; k < 14; k++) {
        const x = (W / 8) * k;
        out.push(
          `<polygon points="${x},${H} ${x + W / 16},${H} ${x + W / 16 + H * 0.5},0 ${x + H * 0.5},0" fill="${colours[(k + 12) % colours.length]}" opacity="0.22"/>`,
        );
      }
      break;
    }
    case 'book':
      out.push(`<rect x="0" y="0" width="${W * 0.09}" height="${H}" fill="#000" opacity="0.22"/>`);
      out.push(`<rect x="${W * 0.09}" y="0" width="${W * 0.012}" height="${H}" fill="#fff" opacity="0.35"/>`);
      out.push('<g fill="#fff">');
      for (let k = 0; k < 20; k++) {
        out.push(
          `<g opacity="${(0.15 + rand() * 0.3).toFixed(2)}">${star(W * (0.15 + rand() * 0.85), rand() * H, H * (0.008 + rand() * 0.014), rand())}</g>`,
        );
      }
      out.push('</g>');
      break;
    default:
      break;
  }
  return out.join('\n');
}

function brandMark(x, y, size, anchor = 'middle') {
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#fff" opacity="0.92" letter-spacing="${size * 0.04}">✦ Storyhouse</text>`;
}

function coverSvg(product) {
  const W = 1200,
    H = 1200;
  const [c1, c2, motif] = lookFor(product.slug);
  const rand = rng(hash(product.slug));
  const t = TEXT[product.lang_code] ?? TEXT.en;
  const left = motif === 'book' ? 160 : 100;
  const width = W - left - 100;
  const { size, lines } = fitTitle(product.title, width, 4, 150, 80);
  const lineH = size * 1.12;
  // title block (cap height ~0.73 em) plus tagline, centred a little above the middle
  const blockH = (lines.length - 1) * lineH + size * 0.73 + 40 + 46;
  const blockTop = Math.max(200, 570 - blockH / 2) + size * 0.73;
  const cx = left + width / 2;
  const titleLines = (dx, dy, fill, op) =>
    lines
      .map(
        (l, k) =>
          `<text x="${cx + dx}" y="${(blockTop + k * lineH + dy).toFixed(0)}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${fill}" opacity="${op}">${xml(l)}</text>`,
      )
      .join('\n');
  const taglineY = Math.min(1030, blockTop + (lines.length - 1) * lineH + 40 + 46);
  const badge = product.lang_code.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
${motifSvg(motif, W, H, rand)}
<rect x="${left - 10}" y="70" width="120" height="64" rx="32" fill="#fff" opacity="0.9"/>
<text x="${left + 50}" y="116" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="38" fill="${c1}">${badge}</text>
${titleLines(5, 6, '#000', 0.28)}
${titleLines(0, 0, '#fff', 1)}
<text x="${cx}" y="${taglineY.toFixed(0)}" text-anchor="middle" font-family="${FONT}" font-size="46" fill="#fff" opacity="0.9">${xml(product.is_book ? t.book : t.tagline)}</text>
${brandMark(cx, 1120, 44)}
</svg>`;
}

function bannerSvg(product, track) {
  const W = 1500,
    H = 600;
  const [c1, c2, motif] = lookFor(product.slug);
  const rand = rng(hash(`${product.slug}/wide`));
  const t = TEXT[product.lang_code] ?? TEXT.en;
  const { size, lines } = fitTitle(track.title, 1150, 2, 110, 60);
  const lineH = size * 1.1;
  // pill (70) + gap (40) + title lines + gap (24) + album title (~34 cap height), centred vertically
  const groupH = 70 + 40 + (lines.length - 1) * lineH + size * 0.73 + 24 + 34;
  const y0 = Math.round((H - groupH) / 2) - 10;
  const top = y0 + 110 + size * 0.73;
  const title = (dx, dy, fill, op) =>
    lines
      .map(
        (l, k) =>
          `<text x="${90 + dx}" y="${(top + k * lineH + dy).toFixed(0)}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${fill}" opacity="${op}">${xml(l)}</text>`,
      )
      .join('\n');
  const pillW = measure(t.free, 38) + 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
${motifSvg(motif === 'book' ? 'stars' : motif, W, H, rand)}
<rect x="80" y="${y0}" width="${pillW}" height="70" rx="35" fill="#fff" opacity="0.92"/>
<text x="112" y="${y0 + 48}" font-family="${FONT}" font-weight="bold" font-size="38" fill="${c1}">${xml(t.free)}</text>
${title(4, 5, '#000', 0.28)}
${title(0, 0, '#fff', 1)}
<text x="90" y="${(top + (lines.length - 1) * lineH + 24 + 44).toFixed(0)}" font-family="${FONT}" font-size="44" fill="#fff" opacity="0.92">${xml(product.title)}</text>
${brandMark(W - 70, H - 50, 38, 'end')}
</svg>`;
}

function renderJpeg(svg, out, tmp) {
  const svgFile = join(tmp, 'img.svg');
  const png = join(tmp, 'img.png');
  writeFileSync(svgFile, svg);
  run('rsvg-convert', ['-f', 'png', '-o', png, svgFile]);
  mkdirSync(dirname(out), { recursive: true });
  for (const q of [80, 74, 68, 60]) {
    run('convert', [png, '-strip', '-sampling-factor', '4:2:0', '-interlace', 'JPEG', '-quality', String(q), out]);
    if (statSync(out).size <= MAX_COVER_BYTES) return;
  }
}

// ---------------------------------------------------------------- verify
function dirBytes(dir) {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? dirBytes(p) : statSync(p).size;
  }
  return total;
}

function imageSize(file) {
  return run('identify', ['-format', '%w %h %m', file]).toString().trim();
}

const VTT_TIMING = /^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3})$/;
const vttMs = (h, m, s, ms) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
const unVtt = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * A track's transcript: a WebVTT file of the shape this script writes (the server has the real parser), one cue a
 * sentence of the script, in order, none overlapping, none empty, none past the end of the recording (`seconds`,
 * decoded) nor of the catalogue's whole-second length the server holds the cues to.
 */
function verifyTranscript(product, track, seconds) {
  const file = transcriptOf(track);
  if (!existsSync(rel(file))) return [`missing transcript: ${file}`];
  const errors = [];
  const blocks = readFileSync(rel(file), 'utf8').split(/\n\n+/);
  if (blocks.shift() !== 'WEBVTT') errors.push(`${file}: does not start with WEBVTT and a blank line`);
  let lastEnd = 0;
  const texts = [];
  blocks.forEach((block, k) => {
    const [timing, ...lines] = block.replace(/\n$/, '').split('\n');
    const m = VTT_TIMING.exec(timing);
    if (!m) {
      errors.push(`${file} cue ${k + 1}: bad timing line "${timing}"`);
      return;
    }
    const start = vttMs(...m.slice(1, 5));
    const end = vttMs(...m.slice(5, 9));
    const text = lines.join(' ').trim();
    if (!text) errors.push(`${file} cue ${k + 1}: empty`);
    if (end <= start) errors.push(`${file} cue ${k + 1}: ends before it starts`);
    if (start < lastEnd) errors.push(`${file} cue ${k + 1}: starts before the cue before it ends`);
    lastEnd = end;
    texts.push(unVtt(text));
  });
  if (!blocks.length) errors.push(`${file}: no cues`);
  if (lastEnd > seconds * 1000)
    errors.push(`${file}: last cue ends at ${lastEnd} ms, the recording at ${Math.floor(seconds * 1000)} ms`);
  if (lastEnd > track.length_seconds * 1000)
    errors.push(`${file}: last cue ends at ${lastEnd} ms, after the catalogue's ${track.length_seconds} s`);
  if (texts.join('\n') !== sentences(track.script, product.lang_code).join('\n'))
    errors.push(`${file}: its cues are not the script's sentences`);
  return errors;
}

/** The free MP3 gifts exist, decode, match their lengths, and are no track's recording. */
function verifyFreeMp3(catalogue, tmp) {
  const errors = [];
  const decoded = join(tmp, 'decoded-free.wav');
  const trackFiles = new Set(catalogue.products.flatMap((p) => p.tracks.flatMap((t) => [t.file, t.preview])));
  for (const [lang, gift] of Object.entries(catalogue.free_mp3 ?? {})) {
    if (trackFiles.has(gift.file)) errors.push(`free_mp3 ${lang}: ${gift.file} is a track's recording (must be its own)`);
    if (!existsSync(rel(gift.file))) {
      errors.push(`missing free_mp3 ${lang}: ${gift.file}`);
      continue;
    }
    try {
      run('lame', ['--quiet', '--decode', rel(gift.file), decoded]);
      const secs = mp3SecondsOfWav(decoded);
      if (Math.abs(secs - gift.length_seconds) > 1)
        errors.push(`${gift.file}: length ${secs.toFixed(2)} s, catalogue says ${gift.length_seconds}`);
    } catch (e) {
      errors.push(`${gift.file} does not decode: ${e.message}`);
    }
  }
  return errors;
}

function verify(catalogue, tmp) {
  const errors = [];
  const slugs = new Set();
  const langs = {};
  let tracks = 0;
  const decoded = join(tmp, 'decoded.wav');
  const need = (p, what) => {
    if (!p || !existsSync(rel(p))) errors.push(`missing ${what}: ${p}`);
    return p && existsSync(rel(p));
  };
  for (const p of catalogue.products) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug)) errors.push(`bad slug ${p.slug}`);
    if (slugs.has(p.slug)) errors.push(`duplicate slug ${p.slug}`);
    slugs.add(p.slug);
    langs[p.lang_code] ??= { albums: 0, books: 0, tracks: 0 };
    const l = langs[p.lang_code];
    if (p.is_book) l.books++;
    else l.albums++;
    if (need(p.image, 'cover')) {
      if (imageSize(rel(p.image)) !== '1200 1200 JPEG') errors.push(`cover ${p.image} is ${imageSize(rel(p.image))}`);
      if (statSync(rel(p.image)).size > MAX_COVER_BYTES) errors.push(`cover ${p.image} too big`);
    }
    if (p.image_wide && need(p.image_wide, 'banner') && imageSize(rel(p.image_wide)) !== '1500 600 JPEG')
      errors.push(`banner ${p.image_wide} wrong size`);
    for (const [type, sku] of Object.entries(p.skus)) {
      if (!Number.isInteger(sku.full_cents)) errors.push(`${p.slug} ${type}: full_cents`);
      if (sku.sale_cents != null && !(sku.sale_cents < sku.full_cents)) errors.push(`${p.slug} ${type}: sale not lower`);
    }
    if (p.is_book && p.tracks.length) errors.push(`${p.slug}: a book with tracks`);
    for (const t of p.tracks) {
      tracks++;
      l.tracks++;
      if (t.sale_cents != null && !(t.sale_cents < t.full_cents)) errors.push(`${p.slug} ${t.title}: sale not lower`);
      for (const [key, file] of [
        ['file', t.file],
        ['preview', t.preview],
      ]) {
        if (!need(file, key)) continue;
        try {
          run('lame', ['--quiet', '--decode', rel(file), decoded]);
        } catch (e) {
          errors.push(`${file} does not decode: ${e.message}`);
          continue;
        }
        const secs = mp3SecondsOfWav(decoded);
        if (key === 'file' && Math.abs(secs - t.length_seconds) > 1)
          errors.push(`${file}: length ${secs.toFixed(2)} s, catalogue says ${t.length_seconds}`);
        if (key === 'file') errors.push(...verifyTranscript(p, t, secs));
        if (key === 'preview' && secs > PREVIEW_SECONDS + 0.5) errors.push(`${file}: preview is ${secs.toFixed(2)} s`);
      }
    }
  }
  for (const [lang, promo] of Object.entries(catalogue.promoted)) {
    for (const s of promo.albums) if (!slugs.has(s)) errors.push(`promoted ${lang}: unknown album ${s}`);
    for (const { slug, track } of promo.top_stories) {
      const p = catalogue.products.find((x) => x.slug === slug);
      if (!p?.tracks[track]) errors.push(`promoted ${lang}: unknown top story ${slug}#${track}`);
    }
    const free = catalogue.products.filter((p) => p.lang_code === lang).flatMap((p) => p.tracks.filter((t) => t.is_free));
    if (free.length !== 1) errors.push(`${lang}: ${free.length} free tracks (want 1)`);
  }
  errors.push(...verifyFreeMp3(catalogue, tmp));

  const bytes = dirBytes(MEDIA);
  if (bytes > MAX_MEDIA_BYTES) errors.push(`media is ${(bytes / 1048576).toFixed(2)} MiB (limit 15)`);
  for (const [lang, c] of Object.entries(langs))
    console.log(`${lang}: ${c.albums} albums, ${c.books} standalone books, ${c.tracks} tracks`);
  const totalSeconds = catalogue.products.flatMap((p) => p.tracks).reduce((s, t) => s + t.length_seconds, 0);
  console.log(
    `products: ${catalogue.products.length}, tracks: ${tracks}, audio: ${Math.round(totalSeconds / 60)} min, media: ${(bytes / 1048576).toFixed(2)} MiB`,
  );
  if (errors.length) {
    console.error(`\n${errors.length} problem(s):\n  ${errors.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      'verified: JSON parses, every referenced file exists, every MP3 decodes, lengths match, every track has its transcript.',
    );
  }
}

// ---------------------------------------------------------------- main
function main() {
  const freeMp3Only = process.argv.includes('--free-mp3');
  const tracksOnly = process.argv.includes('--tracks');
  requireTools(freeMp3Only || tracksOnly ? AUDIO_TOOLS : undefined);
  const catalogue = JSON.parse(readFileSync(CATALOGUE, 'utf8'));
  const tmp = mkdtempSync(join(tmpdir(), 'storyhouse-media-'));
  try {
    const imagesOnly = process.argv.includes('--images');
    if (freeMp3Only) {
      makeFreeMp3(catalogue, tmp);
      writeFileSync(CATALOGUE, `${JSON.stringify(catalogue, null, 2)}\n`);
      const errors = verifyFreeMp3(catalogue, tmp);
      if (errors.length) {
        console.error(errors.join('\n'));
        process.exitCode = 1;
      }
      return;
    }
    if (tracksOnly) {
      // the covers, banners and free MP3 gifts stay as they are
      rmSync(join(MEDIA, 'transcripts'), { recursive: true, force: true });
      for (const product of catalogue.products) {
        rmSync(join(MEDIA, 'audio', product.slug), { recursive: true, force: true });
        process.stdout.write(`${product.slug} `);
        makeAudio(product, tmp);
        process.stdout.write('\n');
      }
      writeFileSync(CATALOGUE, `${JSON.stringify(catalogue, null, 2)}\n`);
    } else if (!process.argv.includes('--verify')) {
      const subs = imagesOnly ? ['covers', 'banners'] : ['audio', 'transcripts', 'covers', 'banners'];
      for (const sub of subs) rmSync(join(MEDIA, sub), { recursive: true, force: true });
      for (const product of catalogue.products) {
        process.stdout.write(`${product.slug} `);
        product.image = `media/covers/${product.slug}.jpg`;
        renderJpeg(coverSvg(product), rel(product.image), tmp);
        if (!imagesOnly) makeAudio(product, tmp);
        const free = product.tracks.find((t) => t.is_free);
        if (free) {
          product.image_wide = `media/banners/free-story-${product.lang_code}.jpg`;
          renderJpeg(bannerSvg(product, free), rel(product.image_wide), tmp);
        } else {
          delete product.image_wide;
        }
        process.stdout.write('\n');
      }
      if (!imagesOnly) makeFreeMp3(catalogue, tmp);
      writeFileSync(CATALOGUE, `${JSON.stringify(catalogue, null, 2)}\n`);
    }
    verify(catalogue, tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
