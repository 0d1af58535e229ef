// Draws the installed app's icons (web/public/icons, issue 32 item 4) from
// the favicon, once: `node web/scripts/make-icons.mjs`, and commit the PNGs.
// The maskable icon puts the house mark inside the safe zone (the middle
// 80 %) on the brand colour, so a round or squircle mask never cuts it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const mark = favicon.match(/<path [^>]*\/>/)?.[0];
if (!mark) throw new Error('favicon.svg: no mark (<path>) found');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#b5451b"/><g transform="translate(9.6 9.6) scale(0.7)">${mark}</g></svg>`;

const draw = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'icons', name));

await Promise.all([
  draw(favicon, 192, 'icon-192.png'),
  draw(favicon, 512, 'icon-512.png'),
  draw(maskable, 512, 'maskable-512.png'),
]);
