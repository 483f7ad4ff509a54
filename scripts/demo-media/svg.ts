/**
 * What every generated picture shares: a seeded random generator (so the same path always gives
 * the same bytes), number and text formatting for SVG, the brand's palettes and a few decorative
 * layers (dot screens, halftone rows, beams, vignette) the styles are built from.
 */

export type Random = () => number;

/** A small deterministic random generator seeded by a string. */
export function randomFrom(seed: string): Random {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = Math.imul(state ^ (state >>> 15), 2246822507);
    state = Math.imul(state ^ (state >>> 13), 3266489909);
    return ((state ^= state >>> 16) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a string (for picking a style without consuming a generator). */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const between = (random: Random, min: number, max: number) => min + random() * (max - min);
export const chance = (random: Random, probability: number) => random() < probability;

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const fixed = (value: number) => Number(value.toFixed(1));

/** Two decimals, for opacities and gradient offsets. */
export const ratio = (value: number) => Number(value.toFixed(2));

/** A picture: its layers, then film grain over all of them (seeded by the picture, so it is stable). */
export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs>${defs}${grainPattern('filmGrain', String(hashOf(body)))}</defs>
${body}
<rect width="${width}" height="${height}" fill="url(#filmGrain)"/>
</svg>
`;
}

/** The accents every event and series draws from: light, saturated colours that sing on black. */
export const ACCENTS = {
  lime: '#C8FF2E',
  magenta: '#FF2E93',
  sun: '#FFD23D',
  ember: '#FF8A3D',
  sky: '#3DD9FF',
  violet: '#9B5CFF',
  mint: '#2EE59D',
  coral: '#FF4D4D',
  amber: '#FFB400',
  iris: '#7A8CFF',
  orchid: '#FF6FD8',
  teal: '#00E0C6',
  white: '#FFFFFF',
} as const;

export interface Palette {
  /** The main colour: glows, suns, rims. */
  accent: string;
  /** The counterpoint: beams, second light, shadows. */
  secondary: string;
}

/** Pairs chosen by eye; the brand's own (lime and magenta) come up most often. */
const PAIRS: [string, string][] = [
  [ACCENTS.lime, ACCENTS.magenta],
  [ACCENTS.magenta, ACCENTS.lime],
  [ACCENTS.lime, ACCENTS.violet],
  [ACCENTS.magenta, ACCENTS.sky],
  [ACCENTS.sun, ACCENTS.magenta],
  [ACCENTS.ember, ACCENTS.violet],
  [ACCENTS.sky, ACCENTS.magenta],
  [ACCENTS.violet, ACCENTS.sky],
  [ACCENTS.mint, ACCENTS.violet],
  [ACCENTS.coral, ACCENTS.sun],
  [ACCENTS.amber, ACCENTS.sky],
  [ACCENTS.iris, ACCENTS.lime],
  [ACCENTS.orchid, ACCENTS.teal],
  [ACCENTS.teal, ACCENTS.ember],
  [ACCENTS.white, ACCENTS.magenta],
  [ACCENTS.white, ACCENTS.lime],
];

export function paletteFor(seed: string): Palette {
  const [accent, secondary] = PAIRS[hashOf(`palette:${seed}`) % PAIRS.length]!;
  return { accent, secondary };
}

/** A palette around a given accent (an event's colour): the secondary is a pair's counterpoint. */
export function paletteAround(accent: string, seed: string): Palette {
  const pair = PAIRS.find(([first]) => first.toLowerCase() === accent.toLowerCase());
  if (pair) return { accent, secondary: pair[1] };
  return {
    accent,
    secondary: PAIRS[hashOf(seed) % PAIRS.length]![0] === accent ? ACCENTS.magenta : PAIRS[hashOf(seed) % PAIRS.length]![0],
  };
}

/** Mixes two #RRGGBB colours; `amount` 0 gives the first, 1 the second. */
export function mix(from: string, to: string, amount: number): string {
  const parse = (hex: string) => {
    const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1, 7);
    return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) || 0);
  };
  const a = parse(from);
  const b = parse(to);
  return `#${a
    .map((value, index) =>
      Math.round(value + (b[index]! - value) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase()}`;
}

/** A wavy line across the frame: the sum of two sines with seeded phases, and its shape closed to the bottom. */
export function ridge(random: Random, width: number, height: number, baseline: number, amplitude: number): { fill: string; line: string } {
  const phaseA = random() * Math.PI * 2;
  const phaseB = random() * Math.PI * 2;
  const waveA = 1 + random() * 1.5;
  const waveB = 3 + random() * 3;
  const points: string[] = [];
  for (let step = 0; step <= 32; step++) {
    const x = (step / 32) * width;
    const t = step / 32;
    const y =
      baseline + Math.sin(t * Math.PI * 2 * waveA + phaseA) * amplitude + Math.sin(t * Math.PI * 2 * waveB + phaseB) * amplitude * 0.3;
    points.push(`${fixed(x)} ${fixed(y)}`);
  }
  const line = `M${points.join('L')}`;
  return { line, fill: `${line}L${width} ${height}L0 ${height}Z` };
}

/** A dot screen fading out from one corner (defs and the layer that uses them). */
export function dotScreen(
  id: string,
  width: number,
  height: number,
  colour: string,
  corner: [number, number],
  opacity = 0.35,
  spacing = 18,
) {
  return {
    defs: `<pattern id="${id}" width="${spacing}" height="${spacing}" patternUnits="userSpaceOnUse"><circle cx="${spacing / 2}" cy="${spacing / 2}" r="${fixed(spacing * 0.09)}" fill="${colour}"/></pattern><radialGradient id="${id}Fade" cx="${corner[0]}" cy="${corner[1]}" r="0.5"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient><mask id="${id}Mask"><rect width="${width}" height="${height}" fill="url(#${id}Fade)"/></mask>`,
    layer: `<rect width="${width}" height="${height}" fill="url(#${id})" mask="url(#${id}Mask)" opacity="${opacity}"/>`,
  };
}

/**
 * Halftone rows: dotted lines (round caps on a zero dash) whose dots grow row by row, a printed
 * gradient for a few hundred bytes.
 */
export function halftoneRows(options: {
  x: number;
  width: number;
  top: number;
  bottom: number;
  rows: number;
  spacing: number;
  from: number;
  to: number;
  colour: string;
  opacity?: number;
}): string {
  const { x, width, top, bottom, rows, spacing, from, to, colour } = options;
  const lines: string[] = [];
  for (let row = 0; row < rows; row++) {
    const t = rows === 1 ? 1 : row / (rows - 1);
    const size = from + (to - from) * t;
    if (size < 0.6) continue;
    const y = top + (bottom - top) * t;
    const shift = row % 2 ? spacing / 2 : 0;
    lines.push(`<path d="M${fixed(x + shift)} ${fixed(y)}H${fixed(x + width)}" stroke-width="${fixed(size)}"/>`);
  }
  return `<g stroke="${colour}" stroke-linecap="round" stroke-dasharray="0 ${spacing}" fill="none"${options.opacity === undefined ? '' : ` opacity="${options.opacity}"`}>${lines.join('')}</g>`;
}

/** Light beams fanning down from points above the frame. */
export function beams(random: Random, width: number, height: number, sources: number[], gradientId: string, perSource = 3): string {
  return sources
    .flatMap((source) =>
      Array.from({ length: perSource }, () => {
        const spread = width * (0.03 + random() * 0.05);
        const target = source + (random() - 0.5) * width * 0.9;
        return `<path d="M${fixed(source)} -20L${fixed(target - spread)} ${height}L${fixed(target + spread)} ${height}Z" fill="url(#${gradientId})" opacity="${ratio(0.35 + random() * 0.5)}"/>`;
      }),
    )
    .join('');
}

export const beamGradient = (id: string, colour: string, strength = 0.55) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="${strength}"/><stop offset="0.7" stop-color="${colour}" stop-opacity="0.04"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></linearGradient>`;

export const glowGradient = (id: string, colour: string, strength = 0.45) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${strength}"/><stop offset="0.5" stop-color="${colour}" stop-opacity="${ratio(strength * 0.18)}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

/** A soft round light: an ellipse filled with a glow gradient. */
export const glow = (id: string, cx: number, cy: number, rx: number, ry = rx) =>
  `<ellipse cx="${fixed(cx)}" cy="${fixed(cy)}" rx="${fixed(rx)}" ry="${fixed(ry)}" fill="url(#${id})"/>`;

export const vignetteGradient = (id: string, strength = 0.75, cy = 0.45) =>
  `<radialGradient id="${id}" cx="0.5" cy="${cy}" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`;

export const fullRect = (width: number, height: number, fill: string, extra = '') =>
  `<rect width="${width}" height="${height}" fill="${fill}"${extra}/>`;

/** Concentric sound rings around a point, some dashed. */
export function rings(random: Random, cx: number, cy: number, radius: number, count: number, colour: string, spacing = 0.32): string {
  return `<g fill="none" stroke="${colour}">${Array.from({ length: count }, (_, index) => {
    const r = radius * (1.25 + index * spacing);
    const dashed = random() > 0.6 ? ` stroke-dasharray="${fixed(4 + random() * 20)} ${fixed(8 + random() * 24)}"` : '';
    return `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" stroke-width="${index === 0 ? 3 : 2}" opacity="${ratio(0.5 - (index * 0.4) / count)}"${dashed}/>`;
  }).join('')}</g>`;
}

/** The brand's pulse: a flat line with one heartbeat spike, as a path. */
export function pulsePath(x0: number, x1: number, y: number, spikeAt: number, spikeHeight: number, spikeWidth = (x1 - x0) * 0.4): string {
  const points: string[] = [];
  points.push(`M${fixed(x0)} ${fixed(y)}`);
  points.push(`L${fixed(spikeAt - spikeWidth / 2)} ${fixed(y)}`);
  const shape = [
    [0.15, -0.18],
    [0.3, 0.25],
    [0.45, -1],
    [0.6, 0.7],
    [0.72, -0.3],
    [0.85, 0.08],
  ];
  for (const [at, lift] of shape) points.push(`L${fixed(spikeAt - spikeWidth / 2 + spikeWidth * at!)} ${fixed(y + lift! * spikeHeight)}`);
  points.push(`L${fixed(spikeAt + spikeWidth / 2)} ${fixed(y)}L${fixed(x1)} ${fixed(y)}`);
  return points.join('');
}

/**
 * Film grain as a small tile of light and dark specks, seeded: texture a renderer draws as cheaply
 * as a pattern (a turbulence filter would cost every rasterisation). Fill a rect with `url(#id)`.
 */
export function grainPattern(id: string, seed: string, size = 96, specks = 90): string {
  const random = randomFrom(`grain:${seed}`);
  const light: string[] = [];
  const dark: string[] = [];
  for (let index = 0; index < specks; index++) {
    (random() > 0.45 ? light : dark).push(`M${fixed(random() * size)} ${fixed(random() * size)}h1.5v1.5h-1.5z`);
  }
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><path d="${light.join('')}" fill="#fff" opacity="0.16"/><path d="${dark.join('')}" fill="#000" opacity="0.22"/></pattern>`;
}
