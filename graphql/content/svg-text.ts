import sharp from 'sharp';

/**
 * Whether this machine draws the text of SVG pictures (the content service renders SVG sources to
 * PNG, WebP and AVIF with sharp, whose librsvg finds fonts through fontconfig). Without fonts every
 * character comes out as the same small box. Shapes tell glyphs from boxes without comparing
 * pictures: with real glyphs `iiiiiiii` is far narrower than `WWWWWWWW`, and Arabic letters joined
 * in a word are narrower than the same letters drawn one by one; boxes are all one width.
 */
export interface SvgTextCheck {
  latin: boolean;
  arabic: boolean;
  /** The trimmed widths measured, in pixels, for whoever reads why a check failed. */
  widths: Record<string, number>;
}

const SAMPLES = { narrow: 'iiiiiiii', wide: 'WWWWWWWW', beh: 'ب', joinedBeh: 'ببببببب', joinedAlef: 'ااااااا' } as const;

export async function checkSvgText(): Promise<SvgTextCheck> {
  const widths: Record<string, number> = {};
  for (const [name, text] of Object.entries(SAMPLES)) widths[name] = await inkWidth(text);
  const { narrow, wide, beh, joinedBeh, joinedAlef } = widths as Record<keyof typeof SAMPLES, number>;
  return {
    latin: narrow > 0 && narrow < 0.5 * wide,
    arabic: beh > 0 && joinedBeh < 0.7 * 7 * beh && joinedBeh !== joinedAlef,
    widths,
  };
}

async function inkWidth(text: string): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="200"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="130" font-family="sans-serif" font-size="96" fill="#000">${text}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg))
    .trim({ background: '#fff', threshold: 40 })
    .toBuffer({ resolveWithObject: true });
  return info.width;
}
