import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { fromRoot } from '#platform/paths.ts';
import { sfntFromWoff } from './woff-to-sfnt.ts';

const FOLDER = fromRoot('node_modules/@fontsource/ibm-plex-sans-arabic/files');

describe.each(['latin-400', 'latin-700', 'arabic-400', 'arabic-700'])('the %s face unpacked from WOFF', (face) => {
  const woff = readFileSync(`${FOLDER}/ibm-plex-sans-arabic-${face}-normal.woff`);
  const fromWoff = fontkit.create(woff) as fontkit.Font;
  const plain = fontkit.create(sfntFromWoff(woff)) as fontkit.Font;

  it('is a plain font with the same glyphs, shapes and metrics', () => {
    expect(plain.type).toBe('TTF');
    expect(plain.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(plain.unitsPerEm).toBe(fromWoff.unitsPerEm);
    const text = face.startsWith('arabic') ? 'مهرجان نبض – دخول عام ٣ أيام' : 'Nabd Festival 2026 – General admission · 3 days';
    const glyphs = (font: fontkit.Font) => font.layout(text).glyphs.map((glyph) => [glyph.id, glyph.advanceWidth, glyph.path.toSVG()]);
    expect(glyphs(plain)).toEqual(glyphs(fromWoff));
  });
});

it('refuses what is not a WOFF 1.0 font', () => {
  expect(() => sfntFromWoff(Buffer.from('wOF2 and then some bytes'))).toThrow('Not a WOFF 1.0 font');
});
