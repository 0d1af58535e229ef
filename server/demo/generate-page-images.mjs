// Draws the demo CMS pages' pictures (server/demo/media/pages): wide page
// headers, sidebar pictures and the Kids Corner tiles. Pictures only, no
// words, so one set serves every language. Run by hand when they change:
//   node server/demo/generate-page-images.mjs
// Uses sharp (a server dependency) to turn SVG into progressive JPEG.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(import.meta.dirname, 'media/pages');
mkdirSync(out, { recursive: true });

/** A landscape: sky gradient, sun or moon, rolling hills, a few shapes. */
function landscape({ w, h, sky, hills, sun, extra = '' }) {
  const [top, bottom] = sky;
  const hill = (y, color, amp, phase) => {
    const pts = [];
    for (let x = 0; x <= w; x += w / 12) pts.push(`${x},${y + Math.sin(x / (w / 6) + phase) * amp}`);
    return `<polygon fill="${color}" points="0,${h} ${pts.join(' ')} ${w},${h}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#s)"/>
    <circle cx="${w * sun[0]}" cy="${h * sun[1]}" r="${Math.min(w, h) * 0.12}" fill="${sun[2]}" opacity="0.95"/>
    ${hill(h * 0.62, hills[0], h * 0.05, 0.3)}
    ${hill(h * 0.74, hills[1], h * 0.06, 2.1)}
    ${hill(h * 0.86, hills[2], h * 0.04, 4.0)}
    ${extra}
  </svg>`;
}

const book = (x, y, s) => `<g transform="translate(${x},${y}) scale(${s})">
  <path d="M0,0 Q50,-14 100,0 L100,70 Q50,56 0,70 Z" fill="#fffaf0"/>
  <path d="M100,0 Q150,-14 200,0 L200,70 Q150,56 100,70 Z" fill="#f6ecd8"/>
  <line x1="100" y1="0" x2="100" y2="70" stroke="#9b7b4b" stroke-width="3"/></g>`;
const notes = (x, y, s, c) => `<g transform="translate(${x},${y}) scale(${s})" fill="${c}">
  <ellipse cx="10" cy="60" rx="12" ry="9"/><rect x="19" y="0" width="5" height="60"/>
  <ellipse cx="60" cy="50" rx="12" ry="9"/><rect x="69" y="-10" width="5" height="60"/>
  <rect x="19" y="-10" width="55" height="8"/></g>`;
const stars = (w, h, n) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<circle cx="${(i * 7919) % w}" cy="${((i * 104729) % (h * 0.5)) + 10}" r="${1 + (i % 3)}" fill="#fff" opacity="0.8"/>`,
  ).join('');
const tower = (x, y, s) => `<g transform="translate(${x},${y}) scale(${s})" stroke="#2c3e50" stroke-width="6" fill="none">
  <line x1="0" y1="200" x2="50" y2="0"/><line x1="100" y1="200" x2="50" y2="0"/><line x1="20" y1="120" x2="80" y2="120"/>
  <path d="M20,20 Q50,-20 80,20" /><path d="M5,5 Q50,-50 95,5" /></g>`;

const images = {
  'about-header.jpg': landscape({
    w: 1500,
    h: 500,
    sky: ['#9fd3f0', '#fdf1d6'],
    hills: ['#9cc68b', '#6fa86a', '#4d8a58'],
    sun: [0.8, 0.3, '#ffd36b'],
    extra: book(640, 300, 1.1),
  }),
  'russian-program-header.jpg': landscape({
    w: 1500,
    h: 500,
    sky: ['#28446b', '#e9b27a'],
    hills: ['#4c6b5c', '#3b5a4c', '#2d4a3d'],
    sun: [0.2, 0.35, '#ffe2a8'],
    extra: tower(1100, 150, 1.3),
  }),
  'free-streaming-header.jpg': landscape({
    w: 1500,
    h: 500,
    sky: ['#14233f', '#4e5d8c'],
    hills: ['#324a5f', '#26394b', '#1a2a38'],
    sun: [0.75, 0.28, '#f5f3ce'],
    extra: stars(1500, 500, 60) + notes(300, 180, 1.4, '#f6c453'),
  }),
  'guestbook-header.jpg': landscape({
    w: 1500,
    h: 500,
    sky: ['#f7c6a3', '#fff3e0'],
    hills: ['#b7d38e', '#93bd6e', '#6f9f53'],
    sun: [0.15, 0.3, '#ff9f5a'],
    extra: book(900, 290, 1.3),
  }),
  'contact-header.jpg': landscape({
    w: 1500,
    h: 500,
    sky: ['#bfe6e0', '#f4fbf8'],
    hills: ['#8fc7b4', '#65a893', '#3f8a74'],
    sun: [0.5, 0.25, '#ffe08a'],
  }),
  'kids-corner-lessons.jpg': landscape({
    w: 1000,
    h: 1000,
    sky: ['#ffd9a0', '#fff6e5'],
    hills: ['#a6d17f', '#80b95d', '#5e9c45'],
    sun: [0.7, 0.22, '#ff8c42'],
    extra: book(300, 560, 2),
  }),
  'kids-corner-songs.jpg': landscape({
    w: 1000,
    h: 1000,
    sky: ['#b9d7ff', '#eef5ff'],
    hills: ['#8ccfc0', '#5fb3a1', '#3d9483'],
    sun: [0.25, 0.2, '#ffe066'],
    extra: notes(380, 400, 3, '#1f4e5f'),
  }),
  'sidebar-listening.jpg': landscape({
    w: 700,
    h: 525,
    sky: ['#fbe3c4', '#fff9f0'],
    hills: ['#c9b28a', '#a88e63', '#86704a'],
    sun: [0.78, 0.26, '#ffb347'],
    extra: notes(200, 180, 1.6, '#1f4e5f'),
  }),
};

for (const [name, svg] of Object.entries(images)) {
  await sharp(Buffer.from(svg)).jpeg({ quality: 78, progressive: true, mozjpeg: true }).toFile(path.join(out, name));
  console.log(`pages/${name}`);
}
