import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Upload tests: real pictures made with sharp, and the hostile files an upload must refuse. */

/** A real PNG of the given size. */
export const png = (width = 64, height = 48, background = '#e4491c') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A real PNG header that claims 50,000 x 50,000 pixels: tiny on disk, 10 GB decoded. */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
