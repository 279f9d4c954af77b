import { GAZETTEER, type Place, type PlaceKind } from './gazetteer-data';

/**
 * Accent-insensitive search over the built-in gazetteer, the offline default geocoder.
 * Everything is compared in a folded form: lower case, no diacritics, đ = d, punctuation
 * as spaces, house numbers dropped.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// Type words people may or may not type: 'Phố Hàng Bạc' is found by 'hang bac' too.
const PREFIXES =
  /^(thanh pho|tp|tinh|quan|q|huyen|thi xa|phuong|p|xa|pho|duong|d|cho|ho|cau|nha tho)\s+/;

interface Entry {
  place: Place;
  /** Folded names and aliases; `bare` when the type word was stripped ('hang bac'). */
  names: { text: string; bare: boolean }[];
  display: string;
}

const SPECIFICITY: Record<PlaceKind, number> = {
  landmark: 5,
  street: 4,
  ward: 3,
  district: 2,
  province: 1,
};

const ENTRIES: Entry[] = GAZETTEER.map((place) => {
  const names: Entry['names'] = [];
  for (const name of [place.name, ...(place.aliases ?? [])]) {
    const folded = fold(name).replace(/,/g, ' ').trim();
    names.push({ text: folded, bare: false });
    const bare = folded.replace(PREFIXES, '');
    if (bare && bare !== folded) names.push({ text: bare, bare: true });
  }
  // Words that confirm a match: the address and every name the place goes by.
  const display = [place.display_name, ...(place.aliases ?? [])].map((text) =>
    fold(text).replace(/,/g, ' '),
  );
  return { place, names, display: ` ${display.join(' ')} ` };
});

const containsWords = (haystack: string, needle: string) => ` ${haystack} `.includes(` ${needle} `);

function score(entry: Entry, segments: string[], words: string[]): number {
  let best = 0;
  // The most specific comma part that names this place decides; later parts confirm it.
  for (const [index, segment] of segments.entries()) {
    const weight = 1 - index * 0.1;
    for (const { text, bare } of entry.names) {
      // A name as written beats the same words without their type: 'Sài Gòn' is the city
      // before it is 'Cầu Sài Gòn'.
      const exact = bare ? 90 : 100;
      if (text === segment) best = Math.max(best, exact * weight);
      else if (containsWords(segment, text)) best = Math.max(best, (50 + text.length) * weight);
      else if (text.startsWith(segment) && segment.length >= 3) best = Math.max(best, 40 * weight);
    }
  }
  if (best === 0) return 0;
  const confirmed = words.filter((word) => entry.display.includes(` ${word} `)).length;
  return best + (confirmed / Math.max(words.length, 1)) * 30 + SPECIFICITY[entry.place.kind];
}

/** Best matches first; an empty list when nothing matches. */
export function searchGazetteer(query: string, limit: number): Place[] {
  const folded = fold(query);
  const segments = folded
    .split(',')
    // '36 hang bac' is about Hàng Bạc: house numbers are not in the gazetteer.
    .map((part) => part.replace(/^\d+[a-z]?(\/\d+)*\s+/, '').trim())
    .filter(Boolean);
  if (!segments.length) return [];
  const words = segments.join(' ').split(' ');
  return ENTRIES.map((entry) => ({ entry, score: score(entry, segments, words) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((candidate) => candidate.entry.place);
}

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

// How far a place of each kind still describes a point: a street within 1.5 km, a province
// within 80 km. The nearest place within its reach wins, most specific kind first.
const REACH_KM: Record<PlaceKind, number> = {
  landmark: 0.6,
  street: 1.5,
  ward: 2,
  district: 6,
  province: 80,
};

/** The most specific known place near the point, or null far from everything we know. */
export function reverseGazetteer(lat: number, lon: number): Place | null {
  let best: { place: Place; rank: number } | null = null;
  for (const { place } of ENTRIES) {
    const distance = distanceKm(lat, lon, place.lat, place.lon);
    if (distance > REACH_KM[place.kind]) continue;
    const rank = SPECIFICITY[place.kind] * 1000 - distance;
    if (!best || rank > best.rank) best = { place, rank };
  }
  return best?.place ?? null;
}
