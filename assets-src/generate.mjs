// Generates every image in public/ from the SVG sources in this folder, so the icons and the
// auth backgrounds can be changed and rebuilt instead of hand-edited:
//   node assets-src/generate.mjs
// Only the outputs in public/ are deployed; this folder stays out of the build.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = join(here, '..', 'public');

// Must stay equal to THEME_COLOR in vite.config.ts (manifest theme_color and the meta tag).
const BRAND_TOP = '#ff7a45';
const BRAND_BOTTOM = '#d93d14';

const glyphSource = await readFile(join(here, 'glyph.svg'), 'utf8');
const glyphBody = glyphSource
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<!--[\s\S]*?-->/g, '')
  .trim();

const gradient = `<defs><linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${BRAND_TOP}"/><stop offset="1" stop-color="${BRAND_BOTTOM}"/>
</linearGradient></defs>`;

/** The glyph scaled about the centre of the 512 canvas. */
function glyph(scale) {
  const offset = 256 * (1 - scale);
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">${glyphBody}</g>`;
}

// "any" icons: a rounded tile with transparent corners, the glyph nearly edge to edge.
const tileSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
<rect width="512" height="512" rx="112" fill="url(#brand)"/>${glyph(0.94)}</svg>`;

// Maskable and Apple icons: full-bleed background, because the platform cuts its own shape.
// The maskable glyph stays inside the 80% safe circle (radius 204.8 of 256).
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
<rect width="512" height="512" fill="url(#brand)"/>${glyph(0.66)}</svg>`;
const appleSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
<rect width="512" height="512" fill="url(#brand)"/>${glyph(0.8)}</svg>`;

// Shortcut icons (manifest `shortcuts`, 96 px): the brand tile with the same line drawing as the
// app's navigation item, so a long-press menu matches what the user sees inside the app.
const shortcutGlyphs = {
  search: '<circle cx="11" cy="11" r="6.5"/><path d="m16 16 4.5 4.5"/>',
  cart: '<path d="M3 4h2.2l2.3 11h10.3L20 7.5H6.3"/><circle cx="9" cy="19" r="1.4"/><circle cx="17" cy="19" r="1.4"/>',
  orders: '<path d="M6 3h12v18l-3-2-3 2-3-2-3 2z"/><path d="M9 8h6M9 12h6M9 16h3"/>',
};
function shortcutSvg(paths) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
<rect width="512" height="512" rx="112" fill="url(#brand)"/>
<g transform="translate(96 96) scale(13.33)" fill="none" stroke="#fff" stroke-width="1.9"
stroke-linecap="round" stroke-linejoin="round">${paths}</g></svg>`;
}

async function png(svg, size, file) {
  const buffer = await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 64 })
    .toBuffer();
  await writeFile(join(publicDir, file), buffer);
  return buffer;
}

/** An .ico that embeds PNG images (understood by every browser that still asks for one). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

// ---------------------------------------------------------------------------------------------
// Auth backgrounds: warm gradients with a loose pattern of food line-art. The centre is kept
// calmer because the login card sits there.

/** Small deterministic PRNG so a re-run produces byte-identical images. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const motifs = {
  bowl: `<path d="M-40 0h80c0 26-18 40-40 40S-40 26-40 0z"/><path d="M-14-12c-6-8 6-12 0-20M0-14c-6-8 6-12 0-20M14-12c-6-8 6-12 0-20"/><path d="M10-4l34-38M18-2l34-34"/>`,
  leaf: `<path d="M-34 10C-20-26 20-34 36-30 30-2 4 28-34 10z"/><path d="M-30 8C-8-4 12-16 30-28"/>`,
  lime: `<circle r="30"/><circle r="22"/><path d="M0-22v44M-22 0h44M-15-15l30 30M15-15l-30 30"/>`,
  chili: `<path d="M-38 18C-20 26 16 18 30-8c4-8 2-14-4-14C14 6-10 12-38 18z"/><path d="M26-22c2-8 8-12 14-12"/>`,
  anise: `<path d="M0 0L0-32M0 0L30-10M0 0L19 26M0 0L-19 26M0 0L-30-10"/><circle r="5"/><path d="M-6-26a6 6 0 0 1 12 0M24-14a6 6 0 0 1 4 11M16 22a6 6 0 0 1-10 7M-16 22a6 6 0 0 0 10 7M-24-14a6 6 0 0 0-4 11"/>`,
  noodles: `<path d="M-40-12c10-10 20 10 30 0s20 10 30 0 20 10 30 0M-40 4c10-10 20 10 30 0s20 10 30 0 20 10 30 0M-40 20c10-10 20 10 30 0s20 10 30 0 20 10 30 0"/>`,
  dots: `<circle cx="-16" cy="-6" r="4"/><circle cx="6" cy="-14" r="3"/><circle cx="14" cy="10" r="5"/><circle cx="-6" cy="16" r="3"/>`,
};

const backgrounds = [
  {
    // Hoàng hôn phố: sunset orange to rose, street-food bowls.
    stops: ['#ffb05c', '#f2652e', '#b8325a'],
    glow: '#ffe2a8',
    pattern: ['bowl', 'bowl', 'chili', 'dots', 'noodles'],
    seed: 11,
  },
  {
    // Rau thơm: herb greens with lime slices.
    stops: ['#c9e265', '#4fa45a', '#1f5f4a'],
    glow: '#f4ffc2',
    pattern: ['leaf', 'leaf', 'lime', 'dots', 'bowl'],
    seed: 23,
  },
  {
    // Nghệ vàng: turmeric gold, noodles and star anise.
    stops: ['#ffe07a', '#f7a928', '#d9611a'],
    glow: '#fff6cf',
    pattern: ['noodles', 'anise', 'bowl', 'dots', 'leaf'],
    seed: 37,
  },
  {
    // Ớt đỏ: chili red into a deep plum.
    stops: ['#ff8a5c', '#d63a2a', '#6e1f3f'],
    glow: '#ffc9a8',
    pattern: ['chili', 'chili', 'anise', 'lime', 'dots'],
    seed: 53,
  },
];

function backgroundSvg({ stops, glow, pattern, seed }, width, height) {
  const next = random(seed);
  const cell = 150;
  const shapes = [];
  for (let y = -cell / 2; y < height + cell; y += cell) {
    for (let x = -cell / 2; x < width + cell; x += cell) {
      const cx = x + (next() - 0.5) * cell * 0.7;
      const cy = y + (next() - 0.5) * cell * 0.7;
      // Fainter towards the centre, where the card is.
      const dx = (cx - width / 2) / (width / 2);
      const dy = (cy - height / 2) / (height / 2);
      const edge = Math.min(1, Math.hypot(dx, dy));
      const opacity = (0.08 + 0.2 * edge * edge).toFixed(3);
      const motif = pattern[Math.floor(next() * pattern.length)];
      const rotate = Math.round((next() - 0.5) * 80);
      const scale = (0.9 + next() * 0.7).toFixed(2);
      shapes.push(
        `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${rotate}) scale(${scale})" opacity="${opacity}">${motifs[motif]}</g>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${stops[0]}"/><stop offset="0.55" stop-color="${stops[1]}"/><stop offset="1" stop-color="${stops[2]}"/>
</linearGradient>
<radialGradient id="glow" cx="0.3" cy="0.25" r="0.7">
<stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/>
</radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<g fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${shapes.join('')}</g>
</svg>`;
}

await mkdir(join(publicDir, 'bg'), { recursive: true });

await writeFile(join(publicDir, 'logo.svg'), tileSvg.replace(/\n/g, '') + '\n');
await png(tileSvg, 192, 'icon-192.png');
await png(tileSvg, 512, 'icon-512.png');
await png(maskableSvg, 192, 'maskable-192.png');
await png(maskableSvg, 512, 'maskable-512.png');
await png(appleSvg, 180, 'apple-touch-icon.png');
await mkdir(join(publicDir, 'shortcuts'), { recursive: true });
for (const [name, paths] of Object.entries(shortcutGlyphs)) {
  await png(shortcutSvg(paths), 96, `shortcuts/${name}-96.png`);
}
const small = await Promise.all(
  [16, 32, 48].map(async (size) => ({
    size,
    data: await sharp(Buffer.from(tileSvg), { density: 72 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  })),
);
await writeFile(join(publicDir, 'favicon.ico'), ico(small));

for (const [index, background] of backgrounds.entries()) {
  const jpeg = await sharp(Buffer.from(backgroundSvg(background, 1280, 853)))
    .jpeg({ quality: 70, mozjpeg: true, progressive: true })
    .toBuffer();
  await writeFile(join(publicDir, 'bg', `${index}.jpg`), jpeg);
  console.log(`bg/${index}.jpg ${(jpeg.length / 1024).toFixed(1)} KB`);
}
console.log('public/ images written');
