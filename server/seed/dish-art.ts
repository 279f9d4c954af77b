import sharp from 'sharp';
import type { CategoryName } from './catalogue-data';

/**
 * Demo pictures drawn locally: a flat illustration built as SVG (shapes only, no text, no fonts,
 * no external references) and encoded to WebP with sharp. The motif follows the dish name when it
 * names a well-known kind of dish (phở -> bowl, bánh mì -> baguette, chè -> glass, ...) and the
 * category otherwise; colours and small details come from the seed. The same input always gives
 * the same bytes.
 */

export interface DishArtInput {
  seed: string;
  category: CategoryName;
  title: string;
}

export interface ArtSize {
  width: number;
  height: number;
}

export const DISH_ART_SIZE: ArtSize = { width: 480, height: 360 };
export const COVER_ART_SIZE: ArtSize = { width: 960, height: 400 };
export const LOGO_ART_SIZE: ArtSize = { width: 256, height: 256 };

const WEBP_QUALITY = 70;

type Motif =
  | 'bowl'
  | 'plate'
  | 'glass'
  | 'flan'
  | 'icecream'
  | 'burger'
  | 'chicken'
  | 'fries'
  | 'baguette'
  | 'skewers'
  | 'shells'
  | 'rolls'
  | 'pancake';

const CATEGORY_MOTIF: Record<CategoryName, Motif> = {
  Mì: 'bowl',
  'Món chính': 'plate',
  'Tráng miệng': 'glass',
  'Món ăn nhanh': 'burger',
  'Món ăn đường phố': 'baguette',
  'Đồ ăn vặt': 'skewers',
};

/** Keyword prefixes (folded: lower case, no diacritics, đ = d), first match wins. */
const KEYWORD_MOTIFS: readonly (readonly [Motif, readonly string[]])[] = [
  ['baguette', ['banh mi', 'hot dog']],
  [
    'rolls',
    [
      'goi cuon',
      'pho cuon',
      'banh cuon',
      'bo bia',
      'banh trang cuon',
      'cha gio',
      'ram cuon',
      'nem ran',
      'nem cua',
      'kimbap',
    ],
  ],
  [
    'skewers',
    ['nem lui', 'nem nuong', 'xien', 'bo la lot', 'bo cuon', 'bo nuong', 'cha la lot', 'xuc xich'],
  ],
  [
    'pancake',
    [
      'banh xeo',
      'banh khot',
      'bot chien',
      'banh can',
      'banh tom',
      'banh cu cai',
      'banh trang nuong',
      'pizza',
    ],
  ],
  ['shells', ['oc', 'so', 'hau', 'ngheu', 'hen', 'ghe', 'cang ghe']],
  ['chicken', ['ga ran', 'combo ga', 'canh ga', 'ga vien', 'chan ga']],
  ['fries', ['khoai tay', 'khoai lang']],
  ['burger', ['hamburger', 'burger']],
  ['flan', ['banh flan', 'banh tart']],
  ['icecream', ['kem']],
  ['glass', ['che', 'suong sa', 'sua chua', 'rau cau', 'tau hu', 'tao pho', 'bingsu']],
  [
    'bowl',
    [
      'pho',
      'bun',
      'mi',
      'hu tieu',
      'mien',
      'banh canh',
      'chao',
      'cao lau',
      'sui cao',
      'lau',
      'canh',
      'van than',
    ],
  ],
  ['plate', ['com', 'xoi', 'ca', 'muc', 'tom', 'dau', 'thit', 'ga', 'be', 'cha', 'nam', 'rau']],
];

/** Lower case, diacritics removed, đ = d, single spaces. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function motifByKeyword(text: string, anywhere: boolean): Motif | null {
  const folded = ` ${fold(text)} `;
  for (const [motif, keywords] of KEYWORD_MOTIFS) {
    for (const keyword of keywords) {
      const hit = anywhere ? folded.includes(` ${keyword} `) : folded.startsWith(` ${keyword} `);
      if (hit) return motif;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: FNV-1a hash of the seed feeding mulberry32.

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class Rand {
  private state: number;

  constructor(seed: string) {
    this.state = hash32(seed) || 1;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

// ---------------------------------------------------------------------------------------------
// SVG helpers. Every motif is drawn in a 480x360 box.

const r1 = (x: number): number => Math.round(x * 10) / 10;

function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra}/>`;
}

function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = '',
): string {
  return `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  ellipse(cx, cy, rx, ry, '#000000', ' opacity="0.13"');

interface Draw {
  rand: Rand;
  /** Unique prefix for clip-path ids within one SVG document. */
  id: string;
  /** Folded dish title (or restaurant name), for small variations. */
  text: string;
}

const HERB_GREENS = ['#3f9b45', '#58b24f', '#2e8b57', '#6cbf3f'] as const;

function leaves(d: Draw, count: number, cx: number, cy: number, spreadX: number, spreadY: number) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = cx + d.rand.range(-spreadX, spreadX);
    const y = cy + d.rand.range(-spreadY, spreadY);
    const angle = d.rand.int(0, 179);
    s += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="9" ry="4.5" fill="${d.rand.pick(HERB_GREENS)}" transform="rotate(${angle} ${r1(x)} ${r1(y)})"/>`;
  }
  return s;
}

function chilies(d: Draw, count: number, cx: number, cy: number, spreadX: number, spreadY: number) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = cx + d.rand.range(-spreadX, spreadX);
    const y = cy + d.rand.range(-spreadY, spreadY);
    s += circle(x, y, 4.5, '#e0302a') + circle(x, y, 1.8, '#ffd0a8');
  }
  return s;
}

function plateBase(d: Draw, cx: number, cy: number, rx: number, ry: number): string {
  const rim = d.rand.pick(['#ffffff', '#fbf7ef', '#eef4fa', '#fff6ea']);
  const accent = d.rand.pick(['#2f6fb0', '#1f8a70', '#c0392b', '#d68910', '#7d5ba6']);
  return (
    shadow(cx, cy + ry * 0.55, rx * 0.98, ry * 0.5) +
    ellipse(cx, cy, rx, ry, rim) +
    ellipse(cx, cy, rx - 6, ry - 4, 'none', ` stroke="${accent}" stroke-width="3" opacity="0.7"`) +
    ellipse(cx, cy + 2, rx * 0.78, ry * 0.74, '#000000', ' opacity="0.04"')
  );
}

// ---------------------------------------------------------------------------------------------
// Motifs.

function drawBowl(d: Draw): string {
  const t = d.text;
  const porridge = /\b(chao)\b/.test(t);
  const redBroth = /\b(bun bo|bun rieu|mi cay|mi y|lau|canh chua|bun oc)\b/.test(t);
  const yellowNoodle = /^(mi|cao lau)\b/.test(t);
  const broth = porridge
    ? '#f1e6cc'
    : redBroth
      ? d.rand.pick(['#d9572b', '#e06a33', '#cf4f2a'])
      : d.rand.pick(['#e8b65f', '#dea555', '#ebc27a', '#e2ad62']);
  const noodle = yellowNoodle ? '#f6d467' : '#fbf5e4';
  const bowlColor = d.rand.pick(['#ffffff', '#f6f1e7', '#eaf2f8', '#fdf0e2']);
  const band = d.rand.pick(['#2f6fb0', '#c0392b', '#1f8a70', '#d68910', '#5b4ea3']);
  const body = 'M86 180 Q94 306 240 306 Q386 306 394 180 Z';
  const bodyClip = `${d.id}bb`;
  const brothClip = `${d.id}bt`;
  let s = `<defs><clipPath id="${bodyClip}"><path d="${body}"/></clipPath><clipPath id="${brothClip}"><ellipse cx="240" cy="180" rx="138" ry="32"/></clipPath></defs>`;
  s += shadow(240, 306, 150, 20);
  s += `<path d="${body}" fill="${bowlColor}"/>`;
  s += `<g clip-path="url(#${bodyClip})"><path d="M60 226 Q240 270 420 226" stroke="${band}" stroke-width="8" fill="none"/>`;
  for (let x = 130; x <= 350; x += 44) s += circle(x, 262 - Math.abs(240 - x) * 0.12, 6, band);
  s += `<path d="M60 280 Q240 330 420 280" stroke="#000000" stroke-width="30" fill="none" opacity="0.05"/></g>`;
  s += ellipse(
    240,
    180,
    154,
    40,
    bowlColor,
    ' stroke="#000000" stroke-opacity="0.07" stroke-width="3"',
  );
  s += ellipse(240, 180, 138, 32, broth);
  s += `<g clip-path="url(#${brothClip})">`;
  if (porridge) {
    for (let i = 0; i < 28; i++) {
      s += ellipse(d.rand.range(110, 370), d.rand.range(152, 208), 4, 2.2, '#fffaf0');
    }
  } else {
    for (let i = 0; i < 7; i++) {
      const y = 158 + i * 7 + d.rand.range(-2, 2);
      const amp = d.rand.range(4, 7);
      let p = `M100 ${r1(y)}`;
      for (let x = 100; x < 380; x += 40) p += ` q20 ${r1(i % 2 ? amp : -amp)} 40 0`;
      s += `<path d="${p}" stroke="${noodle}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    }
  }
  const meat = d.rand.pick(['#a8553a', '#b8674a', '#c98a6b', '#8f4a33']);
  const slices = d.rand.int(3, 5);
  for (let i = 0; i < slices; i++) {
    const x = 170 + i * (140 / slices) + d.rand.range(-8, 8);
    const y = 176 + d.rand.range(-10, 10);
    const a = d.rand.int(-30, 30);
    s += `<g transform="rotate(${a} ${r1(x)} ${r1(y)})">${ellipse(x, y, 27, 12, meat)}${ellipse(x - 4, y - 3, 16, 4, '#ffffff', ' opacity="0.22"')}</g>`;
  }
  s += leaves(d, 9, 240, 178, 105, 18);
  for (let i = 0; i < 6; i++) {
    s += circle(
      240 + d.rand.range(-110, 110),
      180 + d.rand.range(-20, 20),
      4,
      'none',
      ' stroke="#7cc25a" stroke-width="2.5"',
    );
  }
  s += chilies(d, d.rand.int(2, 4), 240, 180, 100, 16);
  s += '</g>';
  const wood = d.rand.pick(['#b9773f', '#c98b4f', '#9c2f2f', '#2d2d2d']);
  s += line(292, 168, 452, 64, wood, 8) + line(306, 176, 462, 84, wood, 8);
  for (let i = 0; i < 3; i++) {
    const x = 190 + i * 50;
    s += `<path d="M${x} 128 q12 -16 0 -32 q-12 -16 0 -32" stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.7"/>`;
  }
  return s;
}

function drawPlate(d: Draw): string {
  const t = d.text;
  let s = plateBase(d, 240, 222, 182, 70);
  const sticky = /^xoi\b/.test(t);
  const rice = sticky ? d.rand.pick(['#f2c94c', '#fbf3dc', '#f4d27a']) : '#fffdf6';
  s += ellipse(180, 210, 74, 40, rice) + ellipse(176, 198, 50, 18, '#ffffff', ' opacity="0.5"');
  for (let i = 0; i < 16; i++) {
    s += ellipse(d.rand.range(125, 235), d.rand.range(190, 235), 4, 2, '#ece3cc');
  }
  if (sticky) {
    s += ellipse(180, 196, 42, 12, '#f3d36b');
    for (let i = 0; i < 10; i++)
      s += circle(d.rand.range(145, 215), d.rand.range(185, 205), 3, '#a0522d');
  }
  const seafood = /^(ca|muc|tom|ghe|so|com chien hai san)\b/.test(t);
  const veggie = /^(dau|nam|rau|canh)\b/.test(t);
  const meatClip = `${d.id}pm`;
  const meatPath = 'M256 186 q44 -28 100 -2 q24 26 -8 48 q-50 20 -90 -4 q-22 -22 -2 -42 z';
  const meat = veggie
    ? d.rand.pick(['#f0c05a', '#e9b44c', '#6aa84f'])
    : seafood
      ? d.rand.pick(['#f08a4b', '#e8743b', '#f4a261'])
      : d.rand.pick(['#a9542a', '#b5652f', '#8e4424', '#c0703a']);
  s += `<defs><clipPath id="${meatClip}"><path d="${meatPath}"/></clipPath></defs>`;
  s += `<path d="${meatPath}" fill="${meat}"/>`;
  s += `<g clip-path="url(#${meatClip})">`;
  for (let x = 262; x < 370; x += 22)
    s += line(x, 170, x + 24, 250, '#000000', 5, ' opacity="0.22"');
  s += ellipse(300, 190, 40, 8, '#ffffff', ' opacity="0.18"') + '</g>';
  if (d.rand.next() < 0.6) {
    s += `<path d="M278 262 q-10 -22 18 -26 q30 -6 38 14 q6 22 -24 24 q-26 4 -32 -12 z" fill="#fffaf0"/>`;
    s += circle(306, 250, 11, '#f7b733');
  }
  for (let i = 0; i < 3; i++) {
    const x = 128 + i * 24;
    const y = 258 + (i % 2) * 6;
    s += circle(x, y, 14, '#5ea347') + circle(x, y, 11, '#d7efbd');
  }
  s += circle(384, 226, 13, '#e74c3c') + circle(384, 226, 9, '#ff8a7a');
  s += leaves(d, 4, 350, 250, 18, 8);
  return s;
}

const DESSERT_COLOURS = [
  '#8fd19e',
  '#9c3b3b',
  '#f2d06b',
  '#fff3dc',
  '#b69ad8',
  '#f5a3b5',
  '#7a4b2a',
  '#f7c59f',
  '#c7e9b0',
  '#e76f51',
] as const;

function drawGlass(d: Draw): string {
  const glass = 'M170 92 L310 92 L290 310 Q240 322 190 310 Z';
  const clip = `${d.id}gl`;
  let s = shadow(240, 318, 78, 12);
  s += `<defs><clipPath id="${clip}"><path d="${glass}"/></clipPath></defs>`;
  const straw = d.rand.pick(['#e63946', '#2a9d8f', '#f4a261', '#6d597a']);
  s += line(276, 30, 252, 240, straw, 10);
  s += `<path d="${glass}" fill="#ffffff" opacity="0.55"/>`;
  s += `<g clip-path="url(#${clip})">`;
  const layers = d.rand.int(3, 4);
  let top = 130;
  const step = (320 - top) / layers;
  const used = new Set<string>();
  for (let i = 0; i < layers; i++) {
    let colour = d.rand.pick(DESSERT_COLOURS);
    while (used.has(colour)) colour = d.rand.pick(DESSERT_COLOURS);
    used.add(colour);
    s += `<path d="M150 ${r1(top + 6)} q45 -10 90 0 t90 0 V330 H150 Z" fill="${colour}"/>`;
    if (i === 0) {
      for (let k = 0; k < 12; k++) {
        s += circle(
          d.rand.range(185, 295),
          d.rand.range(top + 14, top + step - 4),
          4,
          '#ffffff',
          ' opacity="0.35"',
        );
      }
    }
    top += step;
  }
  for (let i = 0; i < 3; i++) {
    const x = 188 + i * 36 + d.rand.range(-4, 4);
    s += `<rect x="${r1(x)}" y="${r1(104 + d.rand.range(-4, 6))}" width="30" height="28" rx="6" fill="#ffffff" opacity="0.6" transform="rotate(${d.rand.int(-15, 15)} ${r1(x + 15)} 118)"/>`;
  }
  s += '</g>';
  s += `<path d="${glass}" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.9"/>`;
  s += line(190, 110, 204, 294, '#ffffff', 8, ' opacity="0.45"');
  s += ellipse(240, 92, 70, 9, 'none', ' stroke="#ffffff" stroke-width="4" opacity="0.9"');
  return s;
}

function drawFlan(d: Draw): string {
  let s = plateBase(d, 240, 262, 160, 48);
  const caramel = d.rand.pick(['#a0521c', '#8b4513', '#b5651d']);
  s += ellipse(240, 258, 96, 20, caramel, ' opacity="0.9"');
  s += `<path d="M166 252 L188 150 Q240 136 292 150 L314 252 Q240 270 166 252 Z" fill="${d.rand.pick(['#f6cf6a', '#f3c85c', '#f8d77f'])}"/>`;
  s += ellipse(240, 150, 52, 13, caramel);
  for (let i = 0; i < 5; i++) {
    const x = 196 + i * 22;
    s += `<path d="M${x} 152 q4 ${r1(d.rand.range(18, 40))} 8 0 z" fill="${caramel}"/>`;
  }
  s += line(194, 170, 182, 238, '#ffffff', 7, ' opacity="0.35"');
  s += leaves(d, 2, 252, 140, 6, 2);
  s += circle(232, 142, 8, '#d62839');
  return s;
}

function drawIcecream(d: Draw): string {
  let s = shadow(240, 322, 60, 10);
  const cone = 'M186 190 L294 190 L240 326 Z';
  const clip = `${d.id}ic`;
  s += `<defs><clipPath id="${clip}"><path d="${cone}"/></clipPath></defs>`;
  s += `<path d="${cone}" fill="#e0a458"/>`;
  s += `<g clip-path="url(#${clip})">`;
  for (let k = -4; k <= 6; k++) {
    s += line(160 + k * 22, 180, 250 + k * 22, 340, '#b9782f', 3);
    s += line(320 - k * 22, 180, 230 - k * 22, 340, '#b9782f', 3);
  }
  s += '</g>';
  const flavours = ['#fff1c9', '#7b4a2e', '#f7a1b5', '#a8d08d', '#b5d67a', '#c9a0dc'] as const;
  const a = d.rand.pick(flavours);
  let b = d.rand.pick(flavours);
  if (b === a) b = flavours[(flavours.indexOf(a) + 2) % flavours.length] ?? '#fff1c9';
  s += circle(240, 180, 56, a) + circle(240, 118, 46, b);
  s += ellipse(222, 100, 14, 8, '#ffffff', ' opacity="0.45"');
  s += ellipse(220, 166, 16, 9, '#ffffff', ' opacity="0.4"');
  for (let i = 0; i < 10; i++) {
    const x = d.rand.range(205, 275);
    const y = d.rand.range(90, 150);
    s += `<rect x="${r1(x)}" y="${r1(y)}" width="8" height="3" rx="1.5" fill="${d.rand.pick(['#e63946', '#2a9d8f', '#f4a261', '#ffffff'])}" transform="rotate(${d.rand.int(0, 179)} ${r1(x)} ${r1(y)})"/>`;
  }
  s += circle(246, 70, 9, '#d62839');
  return s;
}

function drawBurger(d: Draw): string {
  const bun = d.rand.pick(['#e0a04a', '#d9923f', '#e6ab57']);
  let s = shadow(240, 300, 130, 16);
  s += `<rect x="140" y="244" width="200" height="42" rx="18" fill="${bun}"/>`;
  s += `<rect x="128" y="214" width="224" height="38" rx="19" fill="${d.rand.pick(['#6b3a1f', '#5a2f18', '#7a4225'])}"/>`;
  s += `<path d="M130 214 L350 214 L336 232 L318 218 L296 240 L276 218 L240 236 L212 218 L186 238 L166 218 L144 230 Z" fill="#f9c74f"/>`;
  s += `<path d="M124 206 q14 14 28 0 t28 0 t28 0 t28 0 t28 0 t28 0 t28 0 t28 0 v10 H124 Z" fill="#6ab04c"/>`;
  s += `<rect x="146" y="196" width="188" height="14" rx="7" fill="#e63946"/>`;
  s += `<path d="M132 198 Q132 96 240 96 Q348 96 348 198 Z" fill="${bun}"/>`;
  s += `<path d="M160 150 Q176 112 228 106" stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.25"/>`;
  for (let i = 0; i < 12; i++) {
    const x = d.rand.range(168, 312);
    const y = d.rand.range(118, 176);
    s += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="5" ry="2.6" fill="#fff3d6" transform="rotate(${d.rand.int(0, 179)} ${r1(x)} ${r1(y)})"/>`;
  }
  if (d.rand.next() < 0.5 || /\bkhoai\b/.test(d.text)) {
    s += drawFriesBox(d, 392, 0.55);
  }
  return s;
}

function drawFriesBox(d: Draw, cx: number, scale: number): string {
  const box = d.rand.pick(['#d63031', '#e17055', '#0984e3']);
  let s = `<g transform="translate(${r1(cx - 240 * scale)} ${r1(320 - 320 * scale)}) scale(${scale})">`;
  s += shadow(240, 316, 70, 10);
  for (let i = 0; i < 9; i++) {
    const x = 180 + i * 14;
    const h = 110 + d.rand.range(0, 40);
    s += `<rect x="${x}" y="${r1(300 - h - 60)}" width="13" height="${r1(h)}" fill="#f9ca24" stroke="#e1a80d" stroke-width="2" transform="rotate(${d.rand.int(-8, 8)} ${x + 6} 240)"/>`;
  }
  s += `<path d="M168 190 L312 190 L292 316 L188 316 Z" fill="${box}"/>`;
  s += `<path d="M200 230 q40 30 80 0" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.85"/>`;
  return `${s}</g>`;
}

function drawFries(d: Draw): string {
  let s = plateBase(d, 240, 290, 170, 40);
  s += drawFriesBox(d, 240, 1);
  s += ellipse(370, 280, 34, 14, '#ffffff') + ellipse(370, 278, 26, 9, '#e63946');
  return s;
}

function drawChicken(d: Draw): string {
  let s = plateBase(d, 240, 240, 178, 66);
  const crust = d.rand.pick(['#c8782e', '#d4893a', '#b96a26']);
  const glaze = /\b(mam|sot|bbq|mat ong)\b/.test(d.text);
  const spots = [
    [180, 214, -28],
    [290, 206, 24],
    [236, 250, -4],
  ] as const;
  for (const [x, y, a] of spots) {
    s += `<g transform="translate(${x} ${y}) rotate(${a})">`;
    s += `<rect x="-7" y="30" width="14" height="44" rx="6" fill="#fff8e7"/>`;
    s += circle(-8, 76, 9, '#fff8e7') + circle(8, 76, 9, '#fff8e7');
    s += `<path d="M0 -46 C52 -46 66 18 22 40 L-22 40 C-66 18 -52 -46 0 -46 Z" fill="${glaze ? '#a8441c' : crust}"/>`;
    for (let i = 0; i < 8; i++) {
      s += circle(
        d.rand.range(-30, 30),
        d.rand.range(-34, 28),
        d.rand.range(3, 6),
        '#ffffff',
        ' opacity="0.18"',
      );
    }
    s += '</g>';
  }
  s += leaves(d, 5, 360, 262, 24, 10);
  s += chilies(d, glaze ? 4 : 0, 240, 250, 90, 20);
  return s;
}

function drawBaguette(d: Draw): string {
  const board = d.rand.pick(['#c8925a', '#b98150', '#d7a56c']);
  let s = shadow(240, 294, 180, 16);
  s += `<rect x="58" y="150" width="364" height="138" rx="24" fill="${board}"/>`;
  s += `<rect x="70" y="160" width="340" height="118" rx="18" fill="#ffffff" opacity="0.08"/>`;
  const bread = d.rand.pick(['#e2a04a', '#dd9640', '#e8ac58']);
  s += `<path d="M74 206 Q74 150 138 148 L344 142 Q406 144 408 200 Q410 252 344 256 L138 262 Q74 262 74 206 Z" fill="${bread}"/>`;
  s += `<path d="M80 224 Q86 260 138 262 L344 256 Q402 252 406 222 Q380 246 330 244 L140 250 Q96 250 80 224 Z" fill="#000000" opacity="0.12"/>`;
  s += `<path d="M104 186 Q240 160 380 178 Q240 176 104 200 Z" fill="#7a3b12" opacity="0.55"/>`;
  const fills = ['#7dbb4a', '#f0a3a3', '#f39c12', '#d35400', '#fff3dc'] as const;
  for (let i = 0; i < 24; i++) {
    const x = 112 + i * 11;
    const y = 186 - Math.sin((i / 23) * Math.PI) * 14 + d.rand.range(-4, 2);
    s += `<rect x="${r1(x)}" y="${r1(y - 10)}" width="10" height="14" rx="3" fill="${d.rand.pick(fills)}" transform="rotate(${d.rand.int(-20, 20)} ${r1(x + 5)} ${r1(y)})"/>`;
  }
  s += leaves(d, 7, 240, 172, 120, 6);
  s += chilies(d, 3, 240, 176, 110, 4);
  for (let i = 0; i < 4; i++) {
    const x = 150 + i * 56;
    s += `<path d="M${x} 224 q18 -8 36 -2" stroke="#f6c983" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  }
  return s;
}

const SKEWER_PIECES = ['#9c4a25', '#d9534f', '#5cb85c', '#f3e5c0', '#e8c07d', '#f4d03f', '#b5542c'];

function drawSkewers(d: Draw): string {
  let s = plateBase(d, 240, 244, 184, 64);
  const stick = '#d8b07a';
  for (let k = 0; k < 3; k++) {
    const x1 = 118 + k * 62;
    const y1 = 290;
    const x2 = x1 + 190;
    const y2 = 120;
    s += line(x1, y1, x2, y2, stick, 6);
    const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
    for (let i = 0; i < 4; i++) {
      const t = 0.22 + i * 0.18;
      const x = x1 + (x2 - x1) * t;
      const y = y1 + (y2 - y1) * t;
      const colour = d.rand.pick(SKEWER_PIECES);
      s += `<rect x="${r1(x - 18)}" y="${r1(y - 15)}" width="36" height="30" rx="10" fill="${colour}" transform="rotate(${r1(angle)} ${r1(x)} ${r1(y)})"/>`;
      s += circle(x - 6, y - 6, 4, '#ffffff', ' opacity="0.25"');
    }
  }
  s +=
    ellipse(390, 270, 30, 12, '#ffffff') +
    ellipse(390, 268, 23, 8, d.rand.pick(['#e63946', '#c1440e', '#7a4b2a']));
  s += leaves(d, 5, 100, 250, 20, 10);
  return s;
}

function drawShells(d: Draw): string {
  let s = plateBase(d, 240, 232, 186, 72);
  const shell = d.rand.pick(['#c99a6b', '#b07d56', '#d9b38c', '#8c6b4f']);
  const sauce = /\b(me|sot|xao)\b/.test(d.text) ? '#b5651d' : null;
  if (sauce) s += ellipse(240, 232, 130, 44, sauce, ' opacity="0.55"');
  const spots = [
    [170, 212],
    [226, 200],
    [284, 206],
    [336, 224],
    [196, 250],
    [256, 252],
    [312, 256],
  ] as const;
  for (const [x, y] of spots) {
    const jx = x + d.rand.range(-5, 5);
    const jy = y + d.rand.range(-4, 4);
    s += circle(jx, jy, 24, shell);
    s += `<path d="M${r1(jx)} ${r1(jy)} m-14 0 a14 14 0 1 1 14 14 a9 9 0 1 1 -9 -9 a5 5 0 1 1 5 5" stroke="#5c3b22" stroke-width="3" fill="none" opacity="0.6"/>`;
    s += circle(jx - 8, jy - 9, 5, '#ffffff', ' opacity="0.3"');
  }
  s += leaves(d, 8, 240, 224, 120, 30);
  s += chilies(d, 5, 240, 228, 110, 28);
  s += `<path d="M360 184 a26 26 0 0 1 52 0 z" fill="#7cc25a"/><path d="M366 184 a20 20 0 0 1 40 0 z" fill="#c8ef9a"/>`;
  return s;
}

function drawRolls(d: Draw): string {
  let s = plateBase(d, 240, 236, 184, 68);
  const fresh = /^(goi cuon|pho cuon|banh cuon|bo bia|banh trang cuon|kimbap)\b/.test(d.text);
  const skin = fresh ? '#f2ead8' : d.rand.pick(['#e3a03a', '#d98f2b', '#e8ad4c']);
  const count = d.rand.int(3, 4);
  for (let i = 0; i < count; i++) {
    const x = 150 + i * (190 / count) + d.rand.range(-6, 6);
    const y = 208 + (i % 2) * 26;
    const a = d.rand.int(-12, 12);
    s += `<g transform="rotate(${a} ${r1(x + 60)} ${y})">`;
    const outline = fresh ? ' stroke="#d6c8a8" stroke-width="2.5"' : '';
    s += `<rect x="${r1(x)}" y="${y - 24}" width="120" height="48" rx="24" fill="${skin}"${outline}/>`;
    if (fresh) {
      s += `<rect x="${r1(x + 12)}" y="${y - 14}" width="96" height="12" rx="6" fill="#f08c8c" opacity="0.85"/>`;
      s += `<rect x="${r1(x + 12)}" y="${y + 2}" width="96" height="12" rx="6" fill="#6fb33f" opacity="0.8"/>`;
    } else {
      for (let k = 0; k < 7; k++) {
        s += circle(x + 12 + k * 15, y + d.rand.range(-10, 10), 3, '#ffffff', ' opacity="0.25"');
      }
    }
    s += `<rect x="${r1(x + 10)}" y="${y - 20}" width="90" height="7" rx="3.5" fill="#ffffff" opacity="0.35"/>`;
    s += '</g>';
  }
  s +=
    ellipse(380, 276, 32, 13, '#ffffff') + ellipse(380, 274, 25, 9, fresh ? '#8b5a2b' : '#f2a65a');
  s += leaves(d, 6, 110, 250, 22, 14);
  return s;
}

function drawPancake(d: Draw): string {
  let s = plateBase(d, 240, 236, 186, 70);
  const batter = d.rand.pick(['#f3c13a', '#f0b429', '#f6cd4f']);
  s += `<path d="M104 250 A136 104 0 0 1 376 250 Z" fill="${batter}" stroke="#d48a1a" stroke-width="6" stroke-linejoin="round"/>`;
  for (let i = 0; i < 14; i++) {
    s += circle(
      d.rand.range(140, 340),
      d.rand.range(190, 244),
      d.rand.range(3, 7),
      '#d48a1a',
      ' opacity="0.35"',
    );
  }
  for (let i = 0; i < 3; i++) {
    const x = 180 + i * 58;
    const y = 212 + (i % 2) * 12;
    s += `<path d="M${x} ${y} a18 16 0 1 1 24 18" stroke="#f26b3a" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  }
  for (let i = 0; i < 6; i++) {
    const x = d.rand.range(150, 330);
    s += `<path d="M${r1(x)} 250 q6 -14 14 -16" stroke="#fffbe6" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  }
  s += leaves(d, 9, 400, 222, 26, 24);
  return s;
}

const MOTIFS: Record<Motif, (d: Draw) => string> = {
  bowl: drawBowl,
  plate: drawPlate,
  glass: drawGlass,
  flan: drawFlan,
  icecream: drawIcecream,
  burger: drawBurger,
  chicken: drawChicken,
  fries: drawFries,
  baguette: drawBaguette,
  skewers: drawSkewers,
  shells: drawShells,
  rolls: drawRolls,
  pancake: drawPancake,
};

// ---------------------------------------------------------------------------------------------
// Backgrounds and documents.

const BACKGROUND_HUES = [8, 22, 36, 48, 90, 140, 168, 195, 215, 330, 350] as const;

function background(rand: Rand, width: number, height: number): string {
  const hue = rand.pick(BACKGROUND_HUES) + rand.range(-6, 6);
  const base = hsl(hue, rand.range(55, 72), rand.range(80, 87));
  const mat = hsl(hue, rand.range(45, 60), rand.range(89, 93));
  const dot = hsl(hue, 55, 72);
  let s = `<rect width="${width}" height="${height}" fill="${base}"/>`;
  s += ellipse(width / 2, height * 0.6, width * 0.42, height * 0.4, mat);
  for (let i = 0; i < 14; i++) {
    s += circle(
      rand.range(0, width),
      rand.range(0, height),
      rand.range(3, 9),
      dot,
      ' opacity="0.6"',
    );
  }
  return s;
}

function svgDocument(width: number, height: number, box: ArtSize, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${box.width} ${box.height}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

function checkedSize(size: ArtSize): ArtSize {
  const ok = (n: number) => Number.isInteger(n) && n >= 16 && n <= 4096;
  if (!ok(size.width) || !ok(size.height)) {
    throw new RangeError(
      `art size must be whole pixels between 16 and 4096: ${size.width}x${size.height}`,
    );
  }
  return size;
}

async function encode(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg, 'utf8'))
    .webp({ quality: WEBP_QUALITY, effort: 4, smartSubsample: true })
    .toBuffer();
}

/** The SVG behind `renderDishArt`, for inspection and tests. */
export function dishArtSvg(input: DishArtInput, size: ArtSize = DISH_ART_SIZE): string {
  const { width, height } = checkedSize(size);
  const rand = new Rand(`dish|${input.seed}`);
  const motif = motifByKeyword(input.title, false) ?? CATEGORY_MOTIF[input.category];
  const body =
    background(rand, DISH_ART_SIZE.width, DISH_ART_SIZE.height) +
    MOTIFS[motif]({ rand, id: 'd', text: fold(input.title) });
  return svgDocument(width, height, DISH_ART_SIZE, body);
}

/** A flat dish illustration as WebP, 480x360 unless told otherwise. */
export async function renderDishArt(
  input: { seed: string; category: CategoryName; title: string },
  size: { width: number; height: number } = DISH_ART_SIZE,
): Promise<Buffer> {
  return encode(dishArtSvg(input, size));
}

const RESTAURANT_MOTIFS: readonly Motif[] = [
  'bowl',
  'plate',
  'baguette',
  'glass',
  'skewers',
  'rolls',
  'pancake',
  'burger',
  'shells',
];

function restaurantMotifs(seed: string, rand: Rand): Motif[] {
  const first = motifByKeyword(seed, true) ?? rand.pick(RESTAURANT_MOTIFS);
  const chosen: Motif[] = [first];
  while (chosen.length < 3) {
    const next = rand.pick(RESTAURANT_MOTIFS);
    if (!chosen.includes(next)) chosen.push(next);
  }
  return chosen;
}

function coverBody(seed: string): string {
  const rand = new Rand(`cover|${seed}`);
  const { width, height } = COVER_ART_SIZE;
  const hue = rand.pick(BACKGROUND_HUES);
  const wall = hsl(hue, rand.range(45, 65), rand.range(82, 88));
  const stripeA = hsl(rand.pick([0, 8, 140, 200, 25, 350]), rand.range(60, 75), rand.range(45, 55));
  const stripeB = '#fffaf0';
  const table = rand.pick(['#c8925a', '#b98150', '#a86f3f', '#d7a56c']);
  let s = `<rect width="${width}" height="${height}" fill="${wall}"/>`;
  for (let i = 0; i < 12; i++) {
    s += circle(
      rand.range(0, width),
      rand.range(90, 300),
      rand.range(4, 10),
      hsl(hue, 50, 74),
      ' opacity="0.6"',
    );
  }
  s += `<rect y="318" width="${width}" height="82" fill="${table}"/><rect y="318" width="${width}" height="8" fill="#000000" opacity="0.12"/>`;
  const stripe = 64;
  for (let x = 0, i = 0; x < width; x += stripe, i++) {
    const colour = i % 2 ? stripeB : stripeA;
    s += `<rect x="${x}" y="0" width="${stripe}" height="58" fill="${colour}"/>`;
    s += circle(x + stripe / 2, 58, stripe / 2, colour);
  }
  s += `<rect width="${width}" height="10" fill="#000000" opacity="0.12"/>`;
  for (const x of [70, 890]) {
    const lantern = rand.pick(['#e63946', '#f4a261', '#e9c46a', '#d62828']);
    s += line(x, 88, x, 118, '#5c3b22', 3);
    s += ellipse(x, 156, 30, 40, lantern);
    s += `<rect x="${x - 16}" y="112" width="32" height="8" rx="3" fill="#5c3b22"/><rect x="${x - 16}" y="192" width="32" height="8" rx="3" fill="#5c3b22"/>`;
    s += ellipse(x - 8, 146, 8, 20, '#ffffff', ' opacity="0.25"');
    s += line(x, 200, x, 226, lantern, 3);
  }
  const motifs = restaurantMotifs(seed, rand);
  const centres = [480, 220, 740];
  motifs.forEach((motif, i) => {
    const scale = i === 0 ? 0.78 : 0.6;
    const cx = centres[i] ?? 480;
    const x = cx - 240 * scale;
    const y = 352 - 310 * scale;
    s += `<g transform="translate(${r1(x)} ${r1(y)}) scale(${scale})">${MOTIFS[motif]({ rand, id: `c${i}`, text: fold(seed) })}</g>`;
  });
  return s;
}

function logoBody(seed: string): string {
  const rand = new Rand(`logo|${seed}`);
  const { width } = LOGO_ART_SIZE;
  const c = width / 2;
  const hue = rand.pick(BACKGROUND_HUES);
  const outer = hsl(hue, rand.range(55, 70), rand.range(38, 48));
  const inner = hsl(hue, rand.range(50, 65), rand.range(88, 93));
  let s = `<rect width="${width}" height="${width}" fill="${hsl(hue, 40, 96)}"/>`;
  s += circle(c, c, 122, outer);
  s += circle(c, c, 104, 'none', ' stroke="#ffffff" stroke-width="5"');
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    s += circle(c + Math.cos(a) * 114, c + Math.sin(a) * 114, 3, '#ffffff', ' opacity="0.85"');
  }
  s += circle(c, c, 94, inner);
  const motif = restaurantMotifs(seed, rand)[0] ?? 'bowl';
  const scale = 0.44;
  s += `<g transform="translate(${r1(c - 240 * scale)} ${r1(c - 196 * scale)}) scale(${scale})">${MOTIFS[motif]({ rand, id: 'l', text: fold(seed) })}</g>`;
  return s;
}

/** The SVG behind `renderRestaurantArt`, for inspection and tests. */
export function restaurantArtSvg(seed: string, kind: 'cover' | 'logo'): string {
  const box = kind === 'cover' ? COVER_ART_SIZE : LOGO_ART_SIZE;
  const body = kind === 'cover' ? coverBody(seed) : logoBody(seed);
  return svgDocument(box.width, box.height, box, body);
}

/** A restaurant cover (960x400) or logo (256x256, a round emblem) as WebP. */
export async function renderRestaurantArt(seed: string, kind: 'cover' | 'logo'): Promise<Buffer> {
  return encode(restaurantArtSvg(seed, kind));
}
