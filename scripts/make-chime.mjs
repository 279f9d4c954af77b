// Writes public/sounds/new-order.wav, the staff tablet's new-order chime: two bright tones
// (A5 then E6) with a fast attack and an exponential decay, 16-bit mono PCM at 12 kHz, about
// 24 KB. Run again only to change the sound: `node scripts/make-chime.mjs`.
import { writeFileSync } from 'node:fs';

const RATE = 12_000;
const TONES = [
  { hz: 880, start: 0, length: 0.45 },
  { hz: 1318.5, start: 0.38, length: 0.62 },
];
const seconds = 1;
const samples = new Float64Array(Math.round(RATE * seconds));
for (const { hz, start, length } of TONES) {
  const first = Math.round(start * RATE);
  const count = Math.min(Math.round(length * RATE), samples.length - first);
  for (let i = 0; i < count; i += 1) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.005);
    const decay = Math.exp(-t * 5);
    // A little of the octave above makes it cut through kitchen noise.
    const wave = Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t);
    samples[first + i] += 0.7 * attack * decay * wave;
  }
}

const data = Buffer.alloc(samples.length * 2);
samples.forEach((value, i) => {
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32_767), i * 2);
});
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(
  new URL('../public/sounds/new-order.wav', import.meta.url),
  Buffer.concat([header, data]),
);
