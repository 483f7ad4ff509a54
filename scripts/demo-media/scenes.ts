/**
 * Scenes for wide pictures (stages, performances, venues, travel, articles, page headers,
 * performer backdrops) and square social posts: a stage under its truss, a crowd in the lights, a
 * desert night, AlUla's rocks, the Red Sea coast, a city skyline, Al-Balad's lanes, an arena, a
 * mirrored hall in the dunes, a turntable from above, abstract waves. All dark, lit by a palette.
 */
import { dunes } from './event-cover.ts';
import { bust, renderPortrait } from './portrait.ts';
import {
  beamGradient,
  between,
  chance,
  dotScreen,
  fixed,
  fullRect,
  glow,
  glowGradient,
  halftoneRows,
  mix,
  pick,
  pulsePath,
  randomFrom,
  ratio,
  ridge,
  svgDocument,
  vignetteGradient,
  type Palette,
  type Random,
} from './svg.ts';

export const SCENES = [
  'stage',
  'performance',
  'crowd',
  'desert',
  'rocks',
  'coast',
  'skyline',
  'heritage',
  'arena',
  'mirror',
  'turntable',
  'abstract',
  'backdrop',
  'portrait',
] as const;
export type Scene = (typeof SCENES)[number];

interface Frame {
  random: Random;
  w: number;
  h: number;
  accent: string;
  secondary: string;
}

interface Layers {
  defs: string;
  body: string;
}

/** Beams from lamps at given points, fanning downwards into the haze. */
function lampBeams(frame: Frame, lamps: [number, number][], gradientId: string, reach = 1): string {
  const { random, w, h } = frame;
  return lamps
    .map(([x, y]) => {
      const target = x + (random() - 0.5) * w * 0.7;
      const spread = w * between(random, 0.03, 0.07);
      const end = y + (h - y) * reach;
      return `<path d="M${fixed(x)} ${fixed(y)}L${fixed(target - spread)} ${fixed(end)}L${fixed(target + spread)} ${fixed(end)}Z" fill="url(#${gradientId})" opacity="${ratio(between(random, 0.4, 0.9))}"/>`;
    })
    .join('');
}

/** A lattice truss between two points (two chords and the zigzag between them). */
function truss(x0: number, y0: number, x1: number, y1: number, depth: number): string {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const ux = (x1 - x0) / length;
  const uy = (y1 - y0) / length;
  const nx = -uy * depth;
  const ny = ux * depth;
  const steps = Math.max(2, Math.round(length / (depth * 1.2)));
  let zigzag = `M${fixed(x0)} ${fixed(y0)}`;
  for (let step = 1; step <= steps; step++) {
    const t = step / steps;
    const side = step % 2 ? 1 : 0;
    zigzag += `L${fixed(x0 + (x1 - x0) * t + nx * side)} ${fixed(y0 + (y1 - y0) * t + ny * side)}`;
  }
  return `<path d="M${fixed(x0)} ${fixed(y0)}L${fixed(x1)} ${fixed(y1)}M${fixed(x0 + nx)} ${fixed(y0 + ny)}L${fixed(x1 + nx)} ${fixed(y1 + ny)}${zigzag}"/>`;
}

/** A standing figure, seen small on a stage: head, body, legs and a pose. */
function standingFigure(x: number, base: number, height: number, pose: 'raised' | 'mic' | 'guitar' | 'still', facing: number): string {
  const head = height * 0.075;
  const shoulderY = base - height * 0.8;
  const hipY = base - height * 0.46;
  const shoulder = height * 0.12;
  const hip = height * 0.085;
  const parts = [
    `<circle cx="${fixed(x)}" cy="${fixed(base - height + head)}" r="${fixed(head)}"/>`,
    `<path d="M${fixed(x - shoulder)} ${fixed(shoulderY)}Q${fixed(x)} ${fixed(shoulderY - height * 0.04)} ${fixed(x + shoulder)} ${fixed(shoulderY)}L${fixed(x + hip)} ${fixed(hipY)}L${fixed(x + hip * 1.1)} ${fixed(base)}H${fixed(x + hip * 0.25)}L${fixed(x)} ${fixed(hipY + height * 0.1)}L${fixed(x - hip * 0.25)} ${fixed(base)}H${fixed(x - hip * 1.1)}L${fixed(x - hip)} ${fixed(hipY)}Z"/>`,
  ];
  const arm = (d: string) =>
    `<path d="${d}" fill="none" stroke="currentColor" stroke-width="${fixed(height * 0.05)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const side = facing;
  if (pose === 'raised') {
    parts.push(
      arm(
        `M${fixed(x + side * shoulder * 0.8)} ${fixed(shoulderY + 4)}L${fixed(x + side * shoulder * 1.6)} ${fixed(shoulderY - height * 0.2)}L${fixed(x + side * shoulder * 1.4)} ${fixed(shoulderY - height * 0.4)}`,
      ),
    );
    parts.push(arm(`M${fixed(x - side * shoulder * 0.8)} ${fixed(shoulderY + 4)}L${fixed(x - side * shoulder * 1.2)} ${fixed(hipY)}`));
  } else if (pose === 'mic') {
    parts.push(
      arm(
        `M${fixed(x + side * shoulder * 0.8)} ${fixed(shoulderY + 4)}L${fixed(x + side * shoulder * 1.3)} ${fixed(shoulderY + height * 0.14)}L${fixed(x + side * head * 0.9)} ${fixed(base - height + head * 2.2)}`,
      ),
    );
    parts.push(
      arm(
        `M${fixed(x - side * shoulder * 0.8)} ${fixed(shoulderY + 4)}L${fixed(x - side * shoulder * 1.9)} ${fixed(shoulderY + height * 0.1)}`,
      ),
    );
    parts.push(
      `<path d="M${fixed(x + side * head * 1.6)} ${fixed(base)}L${fixed(x + side * head * 1.1)} ${fixed(base - height + head * 2.4)}" fill="none" stroke="currentColor" stroke-width="${fixed(height * 0.015)}"/>`,
    );
  } else if (pose === 'guitar') {
    parts.push(
      `<ellipse cx="${fixed(x - side * shoulder * 0.2)}" cy="${fixed(hipY - height * 0.02)}" rx="${fixed(height * 0.11)}" ry="${fixed(height * 0.085)}" transform="rotate(${side * -25} ${fixed(x)} ${fixed(hipY)})"/>`,
      arm(
        `M${fixed(x - side * shoulder * 0.3)} ${fixed(hipY - height * 0.05)}L${fixed(x + side * shoulder * 2.6)} ${fixed(shoulderY - height * 0.02)}`,
      ),
      arm(
        `M${fixed(x + side * shoulder * 0.8)} ${fixed(shoulderY + 4)}L${fixed(x + side * shoulder * 1.6)} ${fixed(shoulderY + height * 0.12)}L${fixed(x + side * shoulder * 2.2)} ${fixed(shoulderY + height * 0.02)}`,
      ),
    );
  } else {
    parts.push(
      arm(
        `M${fixed(x - shoulder * 0.8)} ${fixed(shoulderY + 4)}L${fixed(x - shoulder * 1.1)} ${fixed(hipY + height * 0.02)}M${fixed(x + shoulder * 0.8)} ${fixed(shoulderY + 4)}L${fixed(x + shoulder * 1.1)} ${fixed(hipY + height * 0.02)}`,
      ),
    );
  }
  return parts.join('');
}

/** Confetti: small turning paper pieces in the palette. */
function confetti(frame: Frame, count: number, top: number, bottom: number): string {
  const { random, w } = frame;
  const colours = [frame.accent, frame.secondary, '#FFFFFF'];
  return Array.from({ length: count }, () => {
    const x = random() * w;
    const y = between(random, top, bottom);
    const size = between(random, 5, 12);
    return `<path d="M${fixed(x)} ${fixed(y)}l${fixed(size)} ${fixed((random() - 0.5) * size)}" stroke="${pick(random, colours)}" stroke-width="${fixed(size * 0.45)}" opacity="${ratio(between(random, 0.5, 1))}"/>`;
  }).join('');
}

/**
 * A crowd seen from behind: a far row as one bumpy line of heads in the haze, then nearer rows of
 * heads and shoulders, some arms up, some phones glowing.
 */
function crowd(frame: Frame, top: number, rows = 2, size = 1): string {
  const { random, w, h, accent } = frame;
  const unit = (h / 900) * size;
  const far: string[] = [`M0 ${h}V${fixed(top)}`];
  for (let x = 0; x < w; x += 26 * unit)
    far.push(`a${fixed(13 * unit)} ${fixed(13 * unit)} 0 0 1 ${fixed(26 * unit)} ${fixed((random() - 0.5) * 6 * unit)}`);
  far.push(`V${h}Z`);
  const layers = [
    `<defs><path id="person" d="M0 -1a1 1 0 1 0 0.01 0ZM-2.1 2.7a1.6 1.6 0 0 1 1.6 -1.6h1a1.6 1.6 0 0 1 1.6 1.6V40H-2.1Z"/></defs><path d="${far.join('')}" fill="${mix(frame.secondary, '#000', 0.86)}"/>`,
  ];
  for (let row = 0; row < rows; row++) {
    const scale = unit * (1.1 + row * 0.7);
    const baseline = top + (h - top) * (0.3 + row * 0.3);
    const people: string[] = [];
    const hands: string[] = [];
    for (let x = -20 * scale + random() * 30 * scale; x < w + 40 * scale; x += between(random, 44, 64) * scale) {
      const r = between(random, 17, 21) * scale;
      const y = baseline - random() * 14 * scale;
      people.push(`<use href="#person" transform="translate(${fixed(x)} ${fixed(y)}) scale(${fixed(r)})"/>`);
      if (chance(random, 0.2)) {
        const side = random() > 0.5 ? 1 : -1;
        const hx = x + side * r * between(random, 1.6, 2.6);
        const hy = y - r * between(random, 2.5, 4.2);
        people.push(
          `<path d="M${fixed(x + side * r * 1.5)} ${fixed(y + r * 2)}Q${fixed(x + side * r * 2.6)} ${fixed(y)} ${fixed(hx)} ${fixed(hy)}" fill="none" stroke="#000" stroke-width="${fixed(r * 0.75)}" stroke-linecap="round"/>`,
        );
        if (chance(random, 0.45))
          hands.push(
            `<rect x="${fixed(hx - r * 0.4)}" y="${fixed(hy - r * 1.5)}" width="${fixed(r * 0.8)}" height="${fixed(r * 1.3)}" rx="${fixed(r * 0.15)}"/>`,
          );
        else people.push(`<circle cx="${fixed(hx)}" cy="${fixed(hy - r * 0.3)}" r="${fixed(r * 0.55)}"/>`);
      }
    }
    layers.push(`<g fill="${row === rows - 1 ? '#000' : '#050505'}">${people.join('')}</g>`);
    if (hands.length) layers.push(`<g fill="${mix(accent, '#FFFFFF', 0.6)}" filter="url(#screenGlow)">${hands.join('')}</g>`);
  }
  return layers.join('');
}

const SCREEN_GLOW = `<filter id="screenGlow" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="4" result="blur"/><feMerge><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

/** Stars: tiny dots, more near the top. */
function stars(frame: Frame, count: number, bottom: number): string {
  const { random, w } = frame;
  return `<g fill="#fff">${Array.from({ length: count }, () => `<circle cx="${fixed(random() * w)}" cy="${fixed(random() ** 1.6 * bottom)}" r="${fixed(between(random, 0.6, 2.2))}" opacity="${ratio(between(random, 0.3, 0.9))}"/>`).join('')}</g>`;
}

/** A night or dusk sky: near-black above, the palette towards the horizon. */
function sky(frame: Frame, horizon: number, warmth = 0.5): Layers {
  const { w, h, accent, secondary } = frame;
  return {
    defs: `<linearGradient id="sky" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${fixed(horizon)}"><stop offset="0" stop-color="#050505"/><stop offset="0.55" stop-color="${mix(secondary, '#000', 0.82)}"/><stop offset="1" stop-color="${mix(accent, '#000', 1 - warmth)}"/></linearGradient>`,
    body: `<rect width="${w}" height="${fixed(horizon + 2)}" fill="url(#sky)"/><rect y="${fixed(horizon)}" width="${w}" height="${fixed(h - horizon)}" fill="#050505"/>`,
  };
}

function stageScene(frame: Frame, options: { crowd: boolean; performers: boolean }): Layers {
  const { random, w, h, accent, secondary } = frame;
  const deck = h * between(random, 0.66, 0.72);
  const left = w * between(random, 0.1, 0.18);
  const right = w - left;
  const top = h * between(random, 0.08, 0.14);
  const depth = h * 0.035;
  const screenTop = top + h * 0.1;
  const screenBottom = deck - h * 0.08;
  const screenLeft = left + w * 0.1;
  const screenRight = right - w * 0.1;
  const screenWidth = screenRight - screenLeft;
  const screenHeight = screenBottom - screenTop;
  const content = pick(random, ['sun', 'pulse', 'bars']);
  const sx = screenLeft + screenWidth * between(random, 0.35, 0.65);
  const sy = screenTop + screenHeight * 0.55;
  let screen = '';
  if (content === 'sun') {
    screen = `<circle cx="${fixed(sx)}" cy="${fixed(sy)}" r="${fixed(screenHeight * 0.42)}" fill="url(#screenSun)"/>${[0, 1, 2, 3, 4].map((index) => `<rect x="${fixed(screenLeft)}" y="${fixed(sy + screenHeight * (0.02 + index * 0.08))}" width="${fixed(screenWidth)}" height="${fixed(2 + index * 2.5)}" fill="#050505"/>`).join('')}`;
  } else if (content === 'pulse') {
    screen = `<path d="${pulsePath(screenLeft, screenRight, sy, sx, screenHeight * 0.38, screenWidth * 0.22)}" fill="none" stroke="${accent}" stroke-width="${fixed(h * 0.012)}" stroke-linejoin="round"/>`;
  } else {
    const count = 28;
    const step = screenWidth / count;
    screen = `<g fill="url(#screenSun)">${Array.from({ length: count }, (_, index) => {
      const bar = screenHeight * between(random, 0.15, 0.85) * (1 - Math.abs(index - count / 2) / count);
      return `<rect x="${fixed(screenLeft + index * step + step * 0.2)}" y="${fixed(screenBottom - bar)}" width="${fixed(step * 0.6)}" height="${fixed(bar)}"/>`;
    }).join('')}</g>`;
  }
  const lamps: [number, number][] = Array.from({ length: 6 }, (_, index) => [left + ((right - left) * (index + 0.5)) / 6, top + depth]);
  const speakers = [left + w * 0.045, right - w * 0.045]
    .map(
      (x) =>
        `<g fill="#0D0D0D" stroke="#2A2A2A" stroke-width="1.5">${Array.from({ length: 6 }, (_, index) => `<rect x="${fixed(x - w * 0.028)}" y="${fixed(top + depth * 1.6 + index * h * 0.045)}" width="${fixed(w * 0.056)}" height="${fixed(h * 0.04)}" rx="3" transform="rotate(${fixed(index * 1.6 * (x < w / 2 ? -1 : 1))} ${fixed(x)} ${fixed(top + depth)})"/>`).join('')}</g>`,
    )
    .join('');
  const performerCount = options.performers ? pick(random, [1, 1, 2, 3]) : 0;
  const figureHeight = (deck - screenTop) * between(random, 0.45, 0.6);
  const figures = Array.from({ length: performerCount }, (_, index) => {
    const x = performerCount === 1 ? sx + between(random, -0.05, 0.05) * w : screenLeft + (screenWidth * (index + 0.5)) / performerCount;
    return standingFigure(
      x,
      deck,
      figureHeight * (index === 0 ? 1 : 0.92),
      pick(random, ['raised', 'mic', 'guitar', 'mic'] as const),
      random() > 0.5 ? 1 : -1,
    );
  }).join('');
  const dj = options.performers && performerCount === 1 && chance(random, 0.35);
  const booth = dj
    ? `<rect x="${fixed(sx - w * 0.11)}" y="${fixed(deck - h * 0.1)}" width="${fixed(w * 0.22)}" height="${fixed(h * 0.1)}" fill="#080808" stroke="${accent}" stroke-width="2"/><path d="${pulsePath(sx - w * 0.08, sx + w * 0.08, deck - h * 0.05, sx, h * 0.03, w * 0.05)}" fill="none" stroke="${accent}" stroke-width="3" stroke-linejoin="round"/>`
    : '';
  return {
    defs: `${SCREEN_GLOW}${beamGradient('beam', secondary, 0.5)}${beamGradient('beam2', accent, 0.45)}${glowGradient('stageGlow', accent, 0.5)}<radialGradient id="screenSun"><stop offset="0" stop-color="#fff"/><stop offset="0.45" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></radialGradient><pattern id="pixels" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M0 0.5H7M0.5 0V7" stroke="#000" stroke-width="1.6" opacity="0.55"/></pattern><linearGradient id="deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(accent, '#000', 0.75)}"/><stop offset="1" stop-color="#050505"/></linearGradient><linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}" stop-opacity="0"/><stop offset="1" stop-color="${secondary}" stop-opacity="0.3"/></linearGradient>`,
    body: `${fullRect(w, h, '#050505')}${glow('stageGlow', w / 2, deck * 0.8, w * 0.6, h * 0.7)}<rect x="${fixed(screenLeft)}" y="${fixed(screenTop)}" width="${fixed(screenWidth)}" height="${fixed(screenHeight)}" fill="${mix(secondary, '#000', 0.8)}"/>${screen}<rect x="${fixed(screenLeft)}" y="${fixed(screenTop)}" width="${fixed(screenWidth)}" height="${fixed(screenHeight)}" fill="url(#pixels)"/>${lampBeams(
      frame,
      lamps.filter((_, index) => index % 2 === 0),
      'beam2',
      1,
    )}${lampBeams(
      frame,
      lamps.filter((_, index) => index % 2 === 1),
      'beam',
      1,
    )}<g fill="none" stroke="#3A3A3A" stroke-width="2">${truss(left, top, right, top, depth)}${truss(left, top, left, h, depth)}${truss(right - depth, top, right - depth, h, depth)}</g><g fill="${accent}">${lamps.map(([x, y]) => `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="5"/>`).join('')}</g>${speakers}<rect y="${fixed(deck)}" width="${w}" height="${fixed(h - deck)}" fill="url(#deck)"/><path d="M0 ${fixed(deck)}H${w}" stroke="${accent}" stroke-width="3" opacity="0.8"/><g fill="#000" color="#000">${booth}${figures}</g><rect width="${w}" height="${h}" fill="url(#haze)"/>${options.crowd ? crowd(frame, deck + (h - deck) * 0.3, 2) : ''}`,
  };
}

function crowdScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const cx = w * between(random, 0.3, 0.7);
  const glowY = h * between(random, 0.35, 0.5);
  const sources = [w * between(random, 0.05, 0.3), cx, w * between(random, 0.7, 0.95)];
  return {
    defs: `${SCREEN_GLOW}${beamGradient('beam', accent, 0.6)}${beamGradient('beam2', secondary, 0.55)}${glowGradient('glow', '#FFFFFF', 0.7)}${glowGradient('glow2', accent, 0.6)}`,
    body: `${fullRect(w, h, '#060606')}${glow('glow2', cx, glowY, w * 0.8, h * 0.8)}${glow('glow', cx, glowY, w * 0.2, h * 0.25)}${lampBeams(
      frame,
      sources.map((x) => [x, -20] as [number, number]),
      'beam',
    )}${lampBeams(
      frame,
      sources.map((x) => [x + w * 0.05, -20] as [number, number]),
      'beam2',
    )}${confetti(frame, 36, 0, h * 0.7)}${crowd(frame, h * between(random, 0.56, 0.64), 2, 1.6)}`,
  };
}

function desertScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const horizon = h * between(random, 0.55, 0.65);
  const base = sky(frame, horizon, 0.55);
  const night = chance(random, 0.5);
  const mx = w * between(random, 0.2, 0.8);
  const my = horizon * between(random, 0.25, 0.55);
  const r = h * between(random, 0.06, 0.1);
  const moon = night
    ? `<circle cx="${fixed(mx)}" cy="${fixed(my)}" r="${fixed(r)}" fill="#F4F1E8"/><circle cx="${fixed(mx + r * 0.45)}" cy="${fixed(my - r * 0.2)}" r="${fixed(r * 0.9)}" fill="${mix(secondary, '#000', 0.85)}"/>`
    : `<circle cx="${fixed(mx)}" cy="${fixed(horizon - r * 0.6)}" r="${fixed(r * 2)}" fill="url(#sunDisc)"/>`;
  const camp = chance(random, 0.5)
    ? (() => {
        const x = w * between(random, 0.15, 0.85);
        const y = horizon + h * 0.1;
        const size = h * 0.05;
        return `${glow('campGlow', x, y, size * 5, size * 2.5)}${[-1.4, 0, 1.4].map((offset) => `<path d="M${fixed(x + offset * size - size * 0.7)} ${fixed(y)}L${fixed(x + offset * size)} ${fixed(y - size * 0.8)}L${fixed(x + offset * size + size * 0.7)} ${fixed(y)}Z" fill="#0A0A0A" stroke="${accent}" stroke-width="1.5" stroke-opacity="0.6"/>`).join('')}`;
      })()
    : '';
  return {
    defs: `${base.defs}${glowGradient('campGlow', accent, 0.5)}${glowGradient('horizonGlow', accent, 0.4)}<linearGradient id="sunDisc" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.5" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>`,
    body: `${base.body}${night ? stars(frame, 90, horizon) : ''}${glow('horizonGlow', mx, horizon, w * 0.6, h * 0.3)}${moon}${dunes(random, w, h, horizon, accent)}${camp}`,
  };
}

function rocksScene(frame: Frame): Layers {
  const { random, w, h, accent } = frame;
  const horizon = h * between(random, 0.62, 0.7);
  const base = sky(frame, horizon, 0.7);
  // Sandstone outcrops: lumpy silhouettes, one with an arch (AlUla's Elephant Rock).
  const rock = (x: number, width: number, height: number, arch: boolean, shade: string) => {
    const points: string[] = [`M${fixed(x)} ${fixed(horizon + 2)}`];
    const steps = 9;
    for (let step = 0; step <= steps; step++) {
      const t = step / steps;
      const bulge = Math.sin(t * Math.PI) ** 0.5;
      points.push(
        `L${fixed(x + t * width + (random() - 0.5) * width * 0.04)} ${fixed(horizon - height * bulge * between(random, 0.85, 1.05))}`,
      );
    }
    points.push(`L${fixed(x + width)} ${fixed(horizon + 2)}`);
    if (arch) {
      const ax = x + width * between(random, 0.3, 0.5);
      const aw = width * 0.28;
      points.push(
        `L${fixed(ax + aw)} ${fixed(horizon + 2)}C${fixed(ax + aw)} ${fixed(horizon - height * 0.55)} ${fixed(ax + aw * 0.3)} ${fixed(horizon - height * 0.7)} ${fixed(ax)} ${fixed(horizon - height * 0.45)}L${fixed(ax - aw * 0.1)} ${fixed(horizon + 2)}`,
      );
    }
    return `<path d="${points.join('')}Z" fill="${shade}" stroke="${accent}" stroke-width="2" stroke-opacity="0.45"/>`;
  };
  const rocks = [
    rock(w * between(random, -0.05, 0.15), w * 0.3, h * between(random, 0.22, 0.32), false, '#0C0C0C'),
    rock(w * between(random, 0.4, 0.55), w * 0.34, h * between(random, 0.3, 0.4), chance(random, 0.7), '#0A0A0A'),
    rock(w * between(random, 0.78, 0.9), w * 0.25, h * between(random, 0.15, 0.25), false, '#0E0E0E'),
  ].join('');
  const sand = ridge(random, w, h, horizon + h * 0.12, h * 0.02);
  return {
    defs: `${base.defs}${glowGradient('horizonGlow', accent, 0.45)}`,
    body: `${base.body}${stars(frame, 70, horizon * 0.8)}${glow('horizonGlow', w * 0.5, horizon, w * 0.7, h * 0.35)}${rocks}<path d="${sand.fill}" fill="#070707"/><path d="${sand.line}" fill="none" stroke="${accent}" stroke-width="2" opacity="0.4"/>`,
  };
}

function palmTree(x: number, base: number, height: number, lean: number): string {
  const topX = x + lean * height * 0.3;
  const topY = base - height;
  const fronds = Array.from({ length: 7 }, (_, index) => {
    const angle = -Math.PI + (index / 6) * Math.PI + (index % 2 ? 0.15 : -0.1);
    const length = height * (0.32 + (index % 3) * 0.05);
    const ex = topX + Math.cos(angle) * length;
    const ey = topY + Math.sin(angle) * length * 0.55 + length * 0.35;
    const cx = topX + Math.cos(angle) * length * 0.5;
    const cy = topY + Math.sin(angle) * length * 0.6 - length * 0.12;
    return `M${fixed(topX)} ${fixed(topY)}Q${fixed(cx)} ${fixed(cy)} ${fixed(ex)} ${fixed(ey)}`;
  }).join('');
  return `<path d="M${fixed(x)} ${fixed(base)}Q${fixed(x + lean * height * 0.05)} ${fixed(base - height * 0.5)} ${fixed(topX)} ${fixed(topY)}" fill="none" stroke="#030303" stroke-width="${fixed(height * 0.035)}" stroke-linecap="round"/><path d="${fronds}" fill="none" stroke="#030303" stroke-width="${fixed(height * 0.03)}" stroke-linecap="round"/>`;
}

function coastScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const horizon = h * between(random, 0.5, 0.6);
  const sunX = w * between(random, 0.3, 0.7);
  const sunR = h * between(random, 0.1, 0.16);
  const reflections = Array.from({ length: 26 }, (_, index) => {
    const t = index / 26;
    const y = horizon + (h - horizon) * t ** 1.3 + 4;
    const width = sunR * (0.6 + t * 2.5) * between(random, 0.4, 1.2);
    return `<rect x="${fixed(sunX - width / 2 + (random() - 0.5) * sunR)}" y="${fixed(y)}" width="${fixed(width)}" height="${fixed(2 + t * 5)}" rx="2" opacity="${ratio(0.85 - t * 0.6)}"/>`;
  }).join('');
  const waves = Array.from({ length: 40 }, () => {
    const y = between(random, horizon + 10, h);
    const x = random() * w;
    const width = between(random, 20, 90) * (y / h);
    return `<path d="M${fixed(x)} ${fixed(y)}h${fixed(width)}"/>`;
  }).join('');
  const palmSide = random() > 0.5 ? 1 : -1;
  const palms = Array.from({ length: pick(random, [2, 3]) }, (_, index) => {
    const x = palmSide > 0 ? w * (0.8 + index * 0.07) : w * (0.2 - index * 0.07);
    return palmTree(x, h + 10, h * between(random, 0.55, 0.85), -palmSide * between(random, 0.2, 0.6));
  }).join('');
  return {
    defs: `<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(secondary, '#000', 0.7)}"/><stop offset="0.7" stop-color="${mix(accent, secondary, 0.5)}"/><stop offset="1" stop-color="${accent}"/></linearGradient><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(secondary, '#000', 0.55)}"/><stop offset="1" stop-color="#040404"/></linearGradient><linearGradient id="sunDisc" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${accent}"/></linearGradient>${glowGradient('sunGlow', '#FFFFFF', 0.45)}`,
    body: `<rect width="${w}" height="${fixed(horizon + 1)}" fill="url(#dusk)"/>${glow('sunGlow', sunX, horizon, w * 0.35, h * 0.3)}<circle cx="${fixed(sunX)}" cy="${fixed(horizon + sunR * 0.35)}" r="${fixed(sunR)}" fill="url(#sunDisc)"/><rect y="${fixed(horizon)}" width="${w}" height="${fixed(h - horizon)}" fill="url(#sea)"/><g fill="${accent}">${reflections}</g><g stroke="#fff" stroke-width="2" opacity="0.18" stroke-linecap="round">${waves}</g>${palms}`,
  };
}

function skylineScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const ground = h * between(random, 0.72, 0.8);
  const base = sky(frame, ground, 0.35);
  const buildings: string[] = [];
  let x = -10;
  while (x < w) {
    const width = between(random, w * 0.025, w * 0.06);
    const height = h * between(random, 0.1, 0.38) * (0.6 + 0.4 * Math.sin((x / w) * Math.PI));
    buildings.push(`<rect x="${fixed(x)}" y="${fixed(ground - height)}" width="${fixed(width)}" height="${fixed(height + 2)}"/>`);
    if (chance(random, 0.2))
      buildings.push(
        `<rect x="${fixed(x + width / 2 - 1.5)}" y="${fixed(ground - height - h * 0.05)}" width="3" height="${fixed(h * 0.05)}"/>`,
      );
    x += width + between(random, 0, 6);
  }
  // Two landmarks: a tower with a sky bridge through its crown and a tapered tower with an orb.
  const arch = w * between(random, 0.55, 0.75);
  const archTop = h * between(random, 0.12, 0.2);
  const archWidth = w * 0.055;
  buildings.push(
    `<path d="M${fixed(arch - archWidth)} ${fixed(ground)}L${fixed(arch - archWidth * 0.55)} ${fixed(archTop)}L${fixed(arch - archWidth * 0.12)} ${fixed(archTop + h * 0.02)}Q${fixed(arch)} ${fixed(archTop + h * 0.16)} ${fixed(arch + archWidth * 0.12)} ${fixed(archTop + h * 0.02)}L${fixed(arch + archWidth * 0.55)} ${fixed(archTop)}L${fixed(arch + archWidth)} ${fixed(ground)}Z"/>`,
  );
  const orb = w * between(random, 0.2, 0.4);
  const orbTop = h * between(random, 0.22, 0.3);
  buildings.push(
    `<path d="M${fixed(orb - w * 0.035)} ${fixed(ground)}L${fixed(orb)} ${fixed(orbTop)}L${fixed(orb + w * 0.035)} ${fixed(ground)}Z"/><circle cx="${fixed(orb)}" cy="${fixed(orbTop + h * 0.12)}" r="${fixed(w * 0.012)}"/><path d="M${fixed(orb - 1.5)} ${fixed(orbTop - h * 0.06)}h3v${fixed(h * 0.06)}h-3Z"/>`,
  );
  const trails = Array.from({ length: 6 }, (_, index) => {
    const y = ground + (h - ground) * (0.25 + index * 0.12);
    const bend = (random() - 0.5) * h * 0.08;
    return `<path d="M-10 ${fixed(y + bend)}Q${fixed(w * 0.5)} ${fixed(y - bend * 2)} ${w + 10} ${fixed(y + bend)}" stroke="${index % 2 ? accent : secondary}" stroke-width="${fixed(2 + index * 0.8)}" opacity="${ratio(0.5 + index * 0.08)}"/>`;
  }).join('');
  return {
    defs: `${base.defs}<pattern id="windows" width="14" height="18" patternUnits="userSpaceOnUse"><rect x="4" y="5" width="5" height="7" fill="${accent}"/></pattern><clipPath id="towers">${buildings.join('')}</clipPath>${glowGradient('cityGlow', accent, 0.35)}${glowGradient('orbGlow', '#FFFFFF', 0.7)}`,
    body: `${base.body}${stars(frame, 40, ground * 0.5)}${glow('cityGlow', w / 2, ground, w * 0.7, h * 0.4)}<g fill="#060606">${buildings.join('')}</g><g clip-path="url(#towers)"><rect width="${w}" height="${fixed(ground)}" fill="url(#windows)" opacity="0.28"/></g><path d="M${fixed(arch - archWidth * 0.12)} ${fixed(archTop + h * 0.02)}Q${fixed(arch)} ${fixed(archTop + h * 0.16)} ${fixed(arch + archWidth * 0.12)} ${fixed(archTop + h * 0.02)}" fill="none" stroke="${accent}" stroke-width="3"/>${glow('orbGlow', orb, orbTop + h * 0.12, w * 0.025)}<g fill="none" stroke-linecap="round">${trails}</g>`,
  };
}

function heritageScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const ground = h * 0.88;
  const houses: string[] = [];
  const bays: string[] = [];
  let x = -20;
  while (x < w) {
    const width = between(random, w * 0.12, w * 0.2);
    const top = h * between(random, 0.14, 0.34);
    const stone = pick(random, ['#1B1611', '#16120E', '#201A14']);
    houses.push(`<rect x="${fixed(x)}" y="${fixed(top)}" width="${fixed(width)}" height="${fixed(ground - top + 2)}" fill="${stone}"/>`);
    // A crenellated parapet.
    for (let step = x + 6; step < x + width - 12; step += 24)
      houses.push(`<path d="M${fixed(step)} ${fixed(top)}v-9l7 -6l7 6v9Z" fill="${stone}"/>`);
    // Rawasheen: tall latticed wooden bays with a crown, lit from inside.
    const count = Math.max(1, Math.floor(width / (w * 0.07)));
    for (let bay = 0; bay < count; bay++) {
      const bw = w * 0.044;
      const bx = x + ((bay + 0.5) * width) / count - bw / 2;
      for (let floor = 0; floor < 3; floor++) {
        const by = top + h * 0.07 + floor * h * 0.2;
        const bh = h * 0.15;
        if (by + bh > ground - h * 0.1 || chance(random, 0.15)) continue;
        bays.push(
          `<path d="M${fixed(bx - 4)} ${fixed(by)}h${fixed(bw + 8)}l-6 -10h${fixed(-bw + 4)}Z" fill="#4A2E18"/><rect x="${fixed(bx)}" y="${fixed(by)}" width="${fixed(bw)}" height="${fixed(bh)}" fill="url(#lamp)"/><rect x="${fixed(bx)}" y="${fixed(by)}" width="${fixed(bw)}" height="${fixed(bh)}" fill="url(#lattice)" stroke="#4A2E18" stroke-width="4"/>`,
        );
      }
    }
    // A carved door at street level.
    if (chance(random, 0.6)) {
      const dx = x + width * between(random, 0.3, 0.6);
      houses.push(
        `<path d="M${fixed(dx)} ${fixed(ground)}V${fixed(ground - h * 0.08)}a${fixed(w * 0.014)} ${fixed(w * 0.014)} 0 0 1 ${fixed(w * 0.028)} 0V${fixed(ground)}Z" fill="#3A2414"/>`,
      );
    }
    x += width + between(random, 2, 10);
  }
  const lights = [0, 1].map((row) => {
    const y = h * (0.08 + row * 0.12);
    const sag = h * between(random, 0.06, 0.1);
    const bulbs = Array.from({ length: 22 }, (_, index) => {
      const t = (index + 0.5) / 22;
      // A quadratic's curve: y0 + 2·sag·t·(1−t) matches the control point at sag·2.
      return `<circle cx="${fixed(t * w)}" cy="${fixed(y + 4 * sag * t * (1 - t))}" r="4.5"/>`;
    }).join('');
    return `<path d="M0 ${fixed(y)}Q${fixed(w / 2)} ${fixed(y + sag * 2)} ${w} ${fixed(y)}" fill="none" stroke="#000" stroke-width="1.5"/><g fill="${row ? secondary : accent}" filter="url(#bulb)">${bulbs}</g>`;
  });
  return {
    defs: `<linearGradient id="evening" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(secondary, '#000', 0.82)}"/><stop offset="1" stop-color="${mix(accent, '#000', 0.6)}"/></linearGradient><pattern id="lattice" width="9" height="9" patternUnits="userSpaceOnUse"><path d="M0 0L9 9M9 0L0 9" stroke="#3A2414" stroke-width="2"/></pattern><linearGradient id="lamp" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFD58A"/><stop offset="1" stop-color="${mix('#FF8A3D', accent, 0.25)}"/></linearGradient><filter id="bulb" x="-2" y="-2" width="5" height="5"><feGaussianBlur stdDeviation="3" result="blur"/><feMerge><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge></filter>${glowGradient('streetGlow', '#FFB454', 0.35)}`,
    body: `${fullRect(w, h, 'url(#evening)')}${houses.join('')}${bays.join('')}<rect y="${fixed(ground)}" width="${w}" height="${fixed(h - ground)}" fill="#080605"/>${glow('streetGlow', w / 2, ground, w * 0.7, h * 0.2)}${lights.join('')}`,
  };
}

function arenaScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const ground = h * between(random, 0.7, 0.76);
  const base = sky(frame, ground, 0.3);
  const cx = w * between(random, 0.4, 0.6);
  const rx = w * between(random, 0.28, 0.36);
  const ry = h * between(random, 0.16, 0.22);
  const bands = Array.from({ length: 5 }, (_, index) => {
    const y = ground - ry * (0.15 + index * 0.16);
    const half = rx * Math.sqrt(Math.max(0, 1 - ((ground - y) / ry) ** 2));
    return `<path d="M${fixed(cx - half)} ${fixed(y)}Q${fixed(cx)} ${fixed(y + h * 0.02)} ${fixed(cx + half)} ${fixed(y)}" stroke="${index % 2 ? secondary : accent}" stroke-width="${fixed(4 - index * 0.5)}" opacity="${ratio(0.9 - index * 0.12)}"/>`;
  }).join('');
  const searchlights = Array.from({ length: 4 }, (_, index) => {
    const x = cx + (index - 1.5) * rx * 0.5;
    const angle = (index - 1.5) * 12 + between(random, -6, 6);
    return `<path d="M${fixed(x)} ${fixed(ground - ry * 0.8)}L${fixed(x - w * 0.03)} -20L${fixed(x + w * 0.03)} -20Z" fill="url(#search)" transform="rotate(${fixed(angle)} ${fixed(x)} ${fixed(ground - ry * 0.8)})"/>`;
  }).join('');
  const lamps = Array.from(
    { length: 18 },
    (_, index) =>
      `<circle cx="${fixed((index + 0.5) * (w / 18))}" cy="${fixed(ground + (h - ground) * 0.35)}" r="3" fill="${accent}" opacity="0.8"/>`,
  ).join('');
  return {
    defs: `${base.defs}<linearGradient id="search" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient><linearGradient id="shell" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1A1A1A"/><stop offset="1" stop-color="#070707"/></linearGradient>${glowGradient('arenaGlow', accent, 0.5)}`,
    body: `${base.body}${stars(frame, 50, ground * 0.6)}${searchlights}${glow('arenaGlow', cx, ground - ry * 0.3, rx * 1.6, ry * 1.8)}<path d="M${fixed(cx - rx)} ${fixed(ground)}A${fixed(rx)} ${fixed(ry)} 0 0 1 ${fixed(cx + rx)} ${fixed(ground)}Z" fill="url(#shell)"/><g fill="none">${bands}</g>${lamps}<path d="M0 ${fixed(ground)}H${w}" stroke="${accent}" stroke-width="2" opacity="0.5"/>`,
  };
}

function mirrorScene(frame: Frame): Layers {
  const { random, w, h, accent } = frame;
  const horizon = h * between(random, 0.62, 0.7);
  const base = sky(frame, horizon, 0.65);
  const bx = w * between(random, 0.25, 0.45);
  const bw = w * between(random, 0.3, 0.42);
  const bh = h * between(random, 0.22, 0.3);
  // The mirrored hall shows the sky and the ridge behind it, flipped.
  const reflection = ridge(random, bw, bh, bh * 0.55, bh * 0.08);
  return {
    defs: `${base.defs}<linearGradient id="mirror" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(accent, '#000', 0.3)}"/><stop offset="1" stop-color="${mix(frame.secondary, '#000', 0.75)}"/></linearGradient>${glowGradient('horizonGlow', accent, 0.45)}`,
    body: `${base.body}${stars(frame, 60, horizon * 0.7)}${glow('horizonGlow', w / 2, horizon, w * 0.6, h * 0.3)}${rocksBehind(frame, horizon)}<g transform="translate(${fixed(bx)} ${fixed(horizon - bh)})"><rect width="${fixed(bw)}" height="${fixed(bh)}" fill="url(#mirror)"/><path d="${reflection.fill}" fill="#0B0B0B" opacity="0.9"/><path d="${reflection.line}" fill="none" stroke="${accent}" stroke-width="2" opacity="0.7"/><rect width="${fixed(bw)}" height="${fixed(bh)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/></g>${dunes(random, w, h, horizon + h * 0.02, accent)}`,
  };
}

function rocksBehind(frame: Frame, horizon: number): string {
  const { random, w, h } = frame;
  const points: string[] = [];
  for (let step = 0; step <= 24; step++) {
    const x = (step / 24) * w;
    const lift = Math.abs(Math.sin(step * 0.7 + random() * 0.5)) * h * 0.12 * (step % 5 === 0 ? 1.4 : 1);
    points.push(`${fixed(x)} ${fixed(horizon - lift)}`);
  }
  return `<path d="M0 ${fixed(horizon)}L${points.join('L')}L${w} ${fixed(horizon)}Z" fill="#0C0C0C"/>`;
}

function turntableScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const r = Math.min(w, h) * between(random, 0.42, 0.5);
  const cx = w * between(random, 0.3, 0.45);
  const cy = h * between(random, 0.45, 0.6);
  const grooves = Array.from(
    { length: 16 },
    (_, index) => `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * (0.38 + index * 0.036))}"/>`,
  ).join('');
  const mixerX = cx + r * 1.25;
  const knobs = Array.from({ length: 12 }, (_, index) => {
    const kx = mixerX + (index % 3) * w * 0.05;
    const ky = h * 0.14 + Math.floor(index / 3) * h * 0.12;
    return `<circle cx="${fixed(kx)}" cy="${fixed(ky)}" r="${fixed(h * 0.025)}" fill="#1A1A1A" stroke="#3A3A3A" stroke-width="2"/><path d="M${fixed(kx)} ${fixed(ky)}L${fixed(kx + Math.cos(random() * 6) * h * 0.02)} ${fixed(ky + Math.sin(random() * 6) * h * 0.02)}" stroke="${index % 4 === 0 ? accent : '#DDD'}" stroke-width="3" stroke-linecap="round"/>`;
  }).join('');
  const faders = Array.from({ length: 3 }, (_, index) => {
    const fx = mixerX + index * w * 0.05;
    const fy = h * between(random, 0.68, 0.82);
    return `<path d="M${fixed(fx)} ${fixed(h * 0.64)}V${fixed(h * 0.9)}" stroke="#000" stroke-width="5"/><rect x="${fixed(fx - 12)}" y="${fixed(fy)}" width="24" height="14" rx="3" fill="${index === 1 ? accent : '#CFCFCF'}"/>`;
  }).join('');
  return {
    defs: `<linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1B1B1B"/><stop offset="1" stop-color="#080808"/></linearGradient><linearGradient id="label" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>${glowGradient('rim', accent, 0.35)}`,
    body: `${fullRect(w, h, 'url(#desk)')}${glow('rim', cx, cy, r * 1.5)}<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 1.04)}" fill="#2B2B2B"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="#050505"/><g fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="1.5">${grooves}</g><path d="M${fixed(cx)} ${fixed(cy)}L${fixed(cx - r * 0.9)} ${fixed(cy - r * 0.45)}A${fixed(r)} ${fixed(r)} 0 0 1 ${fixed(cx - r * 0.45)} ${fixed(cy - r * 0.9)}Z" fill="#fff" opacity="0.07"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 0.32)}" fill="url(#label)"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 0.03)}" fill="#DDD"/><g transform="rotate(${fixed(between(random, 18, 32))} ${fixed(cx + r * 1.02)} ${fixed(cy - r * 0.8)})"><circle cx="${fixed(cx + r * 1.02)}" cy="${fixed(cy - r * 0.8)}" r="${fixed(r * 0.1)}" fill="#222" stroke="#BBB" stroke-width="3"/><path d="M${fixed(cx + r * 1.02)} ${fixed(cy - r * 0.8)}V${fixed(cy + r * 0.45)}L${fixed(cx + r * 0.9)} ${fixed(cy + r * 0.6)}" fill="none" stroke="#CFCFCF" stroke-width="${fixed(r * 0.035)}" stroke-linejoin="round"/><rect x="${fixed(cx + r * 0.82)}" y="${fixed(cy + r * 0.56)}" width="${fixed(r * 0.14)}" height="${fixed(r * 0.18)}" rx="4" fill="#EEE"/></g><rect x="${fixed(mixerX - w * 0.04)}" y="${fixed(h * 0.06)}" width="${fixed(w * 0.18)}" height="${fixed(h * 0.9)}" rx="10" fill="#111" stroke="#2A2A2A" stroke-width="2"/>${knobs}${faders}`,
  };
}

function abstractScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const layers = 5;
  const waves = Array.from({ length: layers }, (_, index) => {
    const baseline = h * (0.35 + index * 0.12);
    const shape = ridge(random, w, h + 40, baseline, h * between(random, 0.04, 0.09));
    const shade = mix(index % 2 ? secondary : accent, '#000', 0.55 + index * 0.09);
    return `<path d="${shape.fill}" fill="${shade}" opacity="0.92"/><path d="${shape.line}" fill="none" stroke="${index % 2 ? secondary : accent}" stroke-width="2" opacity="${ratio(0.8 - index * 0.12)}"/>`;
  }).join('');
  const dots = dotScreen('dots', w, h, '#FFFFFF', [random() > 0.5 ? 0.85 : 0.15, 0.15], 0.18);
  return {
    defs: `${glowGradient('glowA', accent, 0.5)}${glowGradient('glowB', secondary, 0.45)}${dots.defs}`,
    body: `${fullRect(w, h, '#050505')}${dots.layer}${glow('glowA', w * between(random, 0.1, 0.5), h * 0.3, w * 0.6, h * 0.7)}${glow('glowB', w * between(random, 0.5, 0.9), h * 0.4, w * 0.6, h * 0.7)}${waves}<path d="${pulsePath(0, w, h * 0.3, w * between(random, 0.3, 0.7), h * 0.12, w * 0.12)}" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round" opacity="0.7"/>`,
  };
}

/** A performer's wide backdrop: stage light and haze, darker where the name will sit. */
function backdropScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const cx = w * between(random, 0.55, 0.8);
  const dots = dotScreen('dots', w, h, accent, [0.9, 0.2], 0.3);
  const sources = [cx - w * 0.25, cx, cx + w * 0.2];
  return {
    defs: `${beamGradient('beam', accent, 0.45)}${beamGradient('beam2', secondary, 0.4)}${glowGradient('glowA', accent, 0.55)}${glowGradient('glowB', secondary, 0.4)}${dots.defs}<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.85"/><stop offset="0.55" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>${vignetteGradient('vignette', 0.7)}`,
    body: `${fullRect(w, h, '#060606')}${dots.layer}${glow('glowB', cx - w * 0.3, h * 0.9, w * 0.6, h * 0.6)}${glow('glowA', cx, h * 0.35, w * 0.45, h * 0.8)}${lampBeams(
      frame,
      sources.map((x) => [x, -20] as [number, number]),
      'beam',
    )}${lampBeams(
      frame,
      sources.map((x) => [x + w * 0.04, -20] as [number, number]),
      'beam2',
    )}${halftoneRows({ x: 0, width: w, top: h * 0.7, bottom: h, rows: 12, spacing: 20, from: 0, to: 8, colour: accent, opacity: 0.25 })}${fullRect(w, h, 'url(#shade)')}${fullRect(w, h, 'url(#vignette)')}`,
  };
}

/** A scene at any size, seeded by `seed`. */
export function sceneSvg(scene: Scene, seed: string, width: number, height: number, palette: Palette): string {
  const random = randomFrom(`${scene}:${seed}`);
  const frame: Frame = { random, w: width, h: height, accent: palette.accent, secondary: palette.secondary };
  if (scene === 'portrait') {
    const figure = bust(random, width, height, {
      scale: 0.95 * (height / width > 1 ? 1 : 1.1),
      centreX: width * between(random, 0.3, 0.7),
      accessory: pick(random, ['none', 'sunglasses', 'headphones', 'mic'] as const),
    });
    return renderPortrait(pick(random, ['spotlight', 'sun', 'split', 'duotone'] as const), random, figure, width, height, palette);
  }
  const layers =
    scene === 'stage'
      ? stageScene(frame, { crowd: chance(random, 0.3), performers: false })
      : scene === 'performance'
        ? stageScene(frame, { crowd: true, performers: true })
        : scene === 'crowd'
          ? crowdScene(frame)
          : scene === 'desert'
            ? desertScene(frame)
            : scene === 'rocks'
              ? rocksScene(frame)
              : scene === 'coast'
                ? coastScene(frame)
                : scene === 'skyline'
                  ? skylineScene(frame)
                  : scene === 'heritage'
                    ? heritageScene(frame)
                    : scene === 'arena'
                      ? arenaScene(frame)
                      : scene === 'mirror'
                        ? mirrorScene(frame)
                        : scene === 'turntable'
                          ? turntableScene(frame)
                          : scene === 'backdrop'
                            ? backdropScene(frame)
                            : abstractScene(frame);
  return svgDocument(
    width,
    height,
    `${layers.defs}${vignetteGradient('frameVignette', 0.55)}`,
    `${layers.body}${fullRect(width, height, 'url(#frameVignette)')}`,
  );
}

/** A video's poster: the scene, dimmed, with a play button in the middle. */
export function videoPosterSvg(scene: Scene, seed: string, width: number, height: number, palette: Palette): string {
  const picture = sceneSvg(scene, seed, width, height, palette);
  const r = Math.min(width, height) * 0.11;
  const cx = width / 2;
  const cy = height / 2;
  const button = `<rect width="${width}" height="${height}" fill="#000" opacity="0.35"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 1.45)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="#fff" opacity="0.95"/><path d="M${fixed(cx - r * 0.3)} ${fixed(cy - r * 0.42)}L${fixed(cx + r * 0.48)} ${fixed(cy)}L${fixed(cx - r * 0.3)} ${fixed(cy + r * 0.42)}Z" fill="#000"/><path d="M${fixed(width * 0.05)} ${fixed(height * 0.92)}H${fixed(width * 0.95)}" stroke="#fff" stroke-opacity="0.3" stroke-width="4" stroke-linecap="round"/><path d="M${fixed(width * 0.05)} ${fixed(height * 0.92)}H${fixed(width * 0.32)}" stroke="${palette.accent}" stroke-width="4" stroke-linecap="round"/>`;
  return picture.replace(/<\/svg>\n$/, `${button}\n</svg>\n`);
}
