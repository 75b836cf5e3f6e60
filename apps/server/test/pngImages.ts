import zlib from 'node:zlib';

type Colour = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of any size (a diagonal blend of two colours with soft bands): what tests upload as an
 * image, without the repository shipping binary files.
 */
export function bannerPng(width: number, height: number, from: Colour, to: Colour): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const share = (x / width + y / height) / 2;
      const band = 0.92 + 0.08 * Math.sin((x + y) / 18);
      for (let channel = 0; channel < 3; channel += 1) {
        const value = ((from[channel] as number) * (1 - share) + (to[channel] as number) * share) * band;
        row[1 + x * 3 + channel] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
