/** Colours editors choose (banner backgrounds, event accents) and the text that stays readable on them. */

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour; undefined for anything else. */
export function relativeLuminance(colour: string): number | undefined {
  const match = HEX.exec(colour.trim());
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  const [red, green, blue] = [0, 2, 4].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

export function contrastRatio(first: number, second: number): number {
  const [lighter, darker] = first > second ? [first, second] : [second, first];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * Black or white, whichever contrasts more with the background (at least 4.5:1 is always one of
 * them). A colour that is not a hex value is not used: the caller keeps its own background then.
 */
export function readableTextOn(background: string): { background: string; text: '#000000' | '#ffffff' } | undefined {
  const luminance = relativeLuminance(background);
  if (luminance === undefined) return undefined;
  const text = contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? '#000000' : '#ffffff';
  return { background: background.startsWith('#') ? background : `#${background}`, text };
}
