import { inflateSync } from 'node:zlib';

/**
 * The plain TrueType/OpenType font inside a WOFF 1.0 file (W3C WOFF, section 5): each table
 * inflated once, here, with zlib. fontkit reads WOFF itself, but inflates a table again, in
 * JavaScript, every time it is read: for every glyph a PDF embeds. The plain font is read in place.
 */
export function sfntFromWoff(woff: Uint8Array): Buffer {
  const source = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (source.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font');
  const flavor = source.readUInt32BE(4);
  const count = source.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = source.readUInt32BE(entry + 4);
    const compressedLength = source.readUInt32BE(entry + 8);
    const length = source.readUInt32BE(entry + 12);
    const stored = source.subarray(offset, offset + compressedLength);
    const data = compressedLength < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error('A WOFF table does not inflate to its stated length');
    return { tag: source.readUInt32BE(entry), checksum: source.readUInt32BE(entry + 16), data };
  });
  // The offset table's binary-search fields (OpenType, "Table directory").
  const power = 2 ** Math.floor(Math.log2(count));
  const headerLength = 12 + 16 * count;
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = headerLength;
  for (const [index, table] of tables.entries()) {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  }
  return sfnt;
}
