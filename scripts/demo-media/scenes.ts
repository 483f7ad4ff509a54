/**
 * Scenes for wide pictures (stages, performances, venues, travel, articles, page headers,
 * performer backdrops) and square social posts: a stage under its truss, a crowd in the lights, a
 * desert night, AlUla's rocks, the Red Sea coast, a city skyline, Al-Balad's lanes, an arena, a
 * mirrored hall in the dunes, a turntable from above, abstract waves. All dark, lit by a palette.
 */
import { dunes, stageFloor } from './event-cover.ts';
import { bust, renderPortrait } from './portrait.ts';
import {
  px,
  lampBeams,
  truss,
  standingFigure,
  confetti,
  crowd,
  stars,
  sky,
  palmTree,
  rocksBehind,
  type Frame,
  type Layers,
} from './scene-elements.ts';
import {
  beamGradient,
  between,
  chance,
  dotScreen,
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

const SCREEN_GLOW = `<filter id="screenGlow" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="4" result="blur"/><feMerge><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

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
    screen = `<circle cx="${px(sx)}" cy="${px(sy)}" r="${px(screenHeight * 0.42)}" fill="url(#screenSun)"/>${[0, 1, 2, 3, 4].map((index) => `<rect x="${px(screenLeft)}" y="${px(sy + screenHeight * (0.02 + index * 0.08))}" width="${px(screenWidth)}" height="${px(2 + index * 2.5)}" fill="#050505"/>`).join('')}`;
  } else if (content === 'pulse') {
    screen = `<path d="${pulsePath(screenLeft, screenRight, sy, sx, screenHeight * 0.38, screenWidth * 0.22)}" fill="none" stroke="${accent}" stroke-width="${px(h * 0.012)}" stroke-linejoin="round"/>`;
  } else {
    const count = 28;
    const step = screenWidth / count;
    screen = `<g fill="url(#screenSun)">${Array.from({ length: count }, (_, index) => {
      const bar = screenHeight * between(random, 0.15, 0.85) * (1 - Math.abs(index - count / 2) / count);
      return `<rect x="${px(screenLeft + index * step + step * 0.2)}" y="${px(screenBottom - bar)}" width="${px(step * 0.6)}" height="${px(bar)}"/>`;
    }).join('')}</g>`;
  }
  const lamps: [number, number][] = Array.from({ length: 6 }, (_, index) => [left + ((right - left) * (index + 0.5)) / 6, top + depth]);
  // Line arrays: six cabinets hanging from each end of the truss, curving out at the bottom.
  const speakers = [left + w * 0.045, right - w * 0.045]
    .map((x) => {
      const side = x < w / 2 ? -1 : 1;
      const cabinets = Array.from({ length: 6 }, (_, index) => {
        const y = top + depth * 1.6 + index * h * 0.045;
        const lean = side * index * index * 1.2;
        return `M${px(x - w * 0.028 + lean)} ${px(y)}h${px(w * 0.056)}v${px(h * 0.04)}h${px(-w * 0.056)}Z`;
      }).join('');
      return `<path d="${cabinets}" fill="#0D0D0D" stroke="#2A2A2A" stroke-width="1.5"/>`;
    })
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
    ? `<rect x="${px(sx - w * 0.11)}" y="${px(deck - h * 0.1)}" width="${px(w * 0.22)}" height="${px(h * 0.1)}" fill="#080808" stroke="${accent}" stroke-width="2"/><path d="${pulsePath(sx - w * 0.08, sx + w * 0.08, deck - h * 0.05, sx, h * 0.03, w * 0.05)}" fill="none" stroke="${accent}" stroke-width="3" stroke-linejoin="round"/>`
    : '';
  return {
    defs: `${SCREEN_GLOW}${beamGradient('beam', secondary, 0.5)}${beamGradient('beam2', accent, 0.45)}${glowGradient('stageGlow', accent, 0.5)}<radialGradient id="screenSun"><stop offset="0" stop-color="#fff"/><stop offset="0.45" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></radialGradient><pattern id="pixels" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M0 0.5H7M0.5 0V7" stroke="#000" stroke-width="1.6" opacity="0.55"/></pattern><linearGradient id="deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(accent, '#000', 0.75)}"/><stop offset="1" stop-color="#050505"/></linearGradient><linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}" stop-opacity="0"/><stop offset="1" stop-color="${secondary}" stop-opacity="0.3"/></linearGradient>`,
    body: `${fullRect(w, h, '#050505')}${glow('stageGlow', w / 2, deck * 0.8, w * 0.6, h * 0.7)}<rect x="${px(screenLeft)}" y="${px(screenTop)}" width="${px(screenWidth)}" height="${px(screenHeight)}" fill="${mix(secondary, '#000', 0.8)}"/>${screen}<rect x="${px(screenLeft)}" y="${px(screenTop)}" width="${px(screenWidth)}" height="${px(screenHeight)}" fill="url(#pixels)"/>${lampBeams(
      frame,
      lamps.filter((_, index) => index % 2 === 0),
      'beam2',
      1,
    )}${lampBeams(
      frame,
      lamps.filter((_, index) => index % 2 === 1),
      'beam',
      1,
    )}<g fill="none" stroke="#3A3A3A" stroke-width="2">${truss(left, top, right, top, depth)}${truss(left, top, left, h, depth)}${truss(right - depth, top, right - depth, h, depth)}</g><g fill="${accent}">${lamps.map(([x, y]) => `<circle cx="${px(x)}" cy="${px(y)}" r="5"/>`).join('')}</g>${speakers}<rect y="${px(deck)}" width="${w}" height="${px(h - deck)}" fill="url(#deck)"/>${options.crowd ? '' : `<g opacity="0.45">${stageFloor(w, h, deck, sx, accent)}</g><rect y="${px(deck)}" width="${w}" height="${px(h - deck)}" fill="url(#deck)" opacity="0.6"/>`}<path d="M0 ${px(deck)}H${w}" stroke="${accent}" stroke-width="3" opacity="0.8"/><g fill="#000" color="#000">${booth}${figures}</g><rect width="${w}" height="${h}" fill="url(#haze)"/>${options.crowd ? crowd(frame, deck + (h - deck) * 0.3, 2) : ''}`,
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
    ? `<circle cx="${px(mx)}" cy="${px(my)}" r="${px(r)}" fill="#F4F1E8"/><circle cx="${px(mx + r * 0.45)}" cy="${px(my - r * 0.2)}" r="${px(r * 0.9)}" fill="${mix(secondary, '#000', 0.85)}"/>`
    : `<circle cx="${px(mx)}" cy="${px(horizon - r * 0.6)}" r="${px(r * 2)}" fill="url(#sunDisc)"/>`;
  const camp = chance(random, 0.5)
    ? (() => {
        const x = w * between(random, 0.15, 0.85);
        const y = horizon + h * 0.1;
        const size = h * 0.05;
        return `${glow('campGlow', x, y, size * 5, size * 2.5)}${[-1.4, 0, 1.4].map((offset) => `<path d="M${px(x + offset * size - size * 0.7)} ${px(y)}L${px(x + offset * size)} ${px(y - size * 0.8)}L${px(x + offset * size + size * 0.7)} ${px(y)}Z" fill="#0A0A0A" stroke="${accent}" stroke-width="1.5" stroke-opacity="0.6"/>`).join('')}`;
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
    const points: string[] = [`M${px(x)} ${px(horizon + 2)}`];
    const steps = 9;
    for (let step = 0; step <= steps; step++) {
      const t = step / steps;
      const bulge = Math.sin(t * Math.PI) ** 0.5;
      points.push(`L${px(x + t * width + (random() - 0.5) * width * 0.04)} ${px(horizon - height * bulge * between(random, 0.85, 1.05))}`);
    }
    points.push(`L${px(x + width)} ${px(horizon + 2)}`);
    if (arch) {
      const ax = x + width * between(random, 0.3, 0.5);
      const aw = width * 0.28;
      points.push(
        `L${px(ax + aw)} ${px(horizon + 2)}C${px(ax + aw)} ${px(horizon - height * 0.55)} ${px(ax + aw * 0.3)} ${px(horizon - height * 0.7)} ${px(ax)} ${px(horizon - height * 0.45)}L${px(ax - aw * 0.1)} ${px(horizon + 2)}`,
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

function coastScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const horizon = h * between(random, 0.5, 0.6);
  const sunX = w * between(random, 0.3, 0.7);
  const sunR = h * between(random, 0.1, 0.16);
  const reflections = Array.from({ length: 26 }, (_, index) => {
    const t = index / 26;
    const y = horizon + (h - horizon) * t ** 1.3 + 4;
    const width = sunR * (0.6 + t * 2.5) * between(random, 0.4, 1.2);
    return `<rect x="${px(sunX - width / 2 + (random() - 0.5) * sunR)}" y="${px(y)}" width="${px(width)}" height="${px(2 + t * 5)}" rx="2" opacity="${ratio(0.85 - t * 0.6)}"/>`;
  }).join('');
  const waves = Array.from({ length: 40 }, () => {
    const y = between(random, horizon + 10, h);
    const x = random() * w;
    const width = between(random, 20, 90) * (y / h);
    return `<path d="M${px(x)} ${px(y)}h${px(width)}"/>`;
  }).join('');
  const palmSide = random() > 0.5 ? 1 : -1;
  const palms = Array.from({ length: pick(random, [2, 3]) }, (_, index) => {
    const x = palmSide > 0 ? w * (0.8 + index * 0.07) : w * (0.2 - index * 0.07);
    return palmTree(x, h + 10, h * between(random, 0.55, 0.85), -palmSide * between(random, 0.2, 0.6));
  }).join('');
  return {
    defs: `<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(secondary, '#000', 0.7)}"/><stop offset="0.7" stop-color="${mix(accent, secondary, 0.5)}"/><stop offset="1" stop-color="${accent}"/></linearGradient><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(secondary, '#000', 0.55)}"/><stop offset="1" stop-color="#040404"/></linearGradient><linearGradient id="sunDisc" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${accent}"/></linearGradient>${glowGradient('sunGlow', '#FFFFFF', 0.45)}`,
    body: `<rect width="${w}" height="${px(horizon + 1)}" fill="url(#dusk)"/>${glow('sunGlow', sunX, horizon, w * 0.35, h * 0.3)}<circle cx="${px(sunX)}" cy="${px(horizon + sunR * 0.35)}" r="${px(sunR)}" fill="url(#sunDisc)"/><rect y="${px(horizon)}" width="${w}" height="${px(h - horizon)}" fill="url(#sea)"/><g fill="${accent}">${reflections}</g><g stroke="#fff" stroke-width="2" opacity="0.18" stroke-linecap="round">${waves}</g>${palms}`,
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
    buildings.push(`<rect x="${px(x)}" y="${px(ground - height)}" width="${px(width)}" height="${px(height + 2)}"/>`);
    if (chance(random, 0.2))
      buildings.push(`<rect x="${px(x + width / 2 - 1.5)}" y="${px(ground - height - h * 0.05)}" width="3" height="${px(h * 0.05)}"/>`);
    x += width + between(random, 0, 6);
  }
  // Two landmarks: a tower with a sky bridge through its crown and a tapered tower with an orb.
  const arch = w * between(random, 0.55, 0.75);
  const archTop = h * between(random, 0.12, 0.2);
  const archWidth = w * 0.055;
  buildings.push(
    `<path d="M${px(arch - archWidth)} ${px(ground)}L${px(arch - archWidth * 0.55)} ${px(archTop)}L${px(arch - archWidth * 0.12)} ${px(archTop + h * 0.02)}Q${px(arch)} ${px(archTop + h * 0.16)} ${px(arch + archWidth * 0.12)} ${px(archTop + h * 0.02)}L${px(arch + archWidth * 0.55)} ${px(archTop)}L${px(arch + archWidth)} ${px(ground)}Z"/>`,
  );
  const orb = w * between(random, 0.2, 0.4);
  const orbTop = h * between(random, 0.22, 0.3);
  buildings.push(
    `<path d="M${px(orb - w * 0.035)} ${px(ground)}L${px(orb)} ${px(orbTop)}L${px(orb + w * 0.035)} ${px(ground)}Z"/><circle cx="${px(orb)}" cy="${px(orbTop + h * 0.12)}" r="${px(w * 0.012)}"/><path d="M${px(orb - 1.5)} ${px(orbTop - h * 0.06)}h3v${px(h * 0.06)}h-3Z"/>`,
  );
  const trails = Array.from({ length: 6 }, (_, index) => {
    const y = ground + (h - ground) * (0.25 + index * 0.12);
    const bend = (random() - 0.5) * h * 0.08;
    return `<path d="M-10 ${px(y + bend)}Q${px(w * 0.5)} ${px(y - bend * 2)} ${w + 10} ${px(y + bend)}" stroke="${index % 2 ? accent : secondary}" stroke-width="${px(2 + index * 0.8)}" opacity="${ratio(0.5 + index * 0.08)}"/>`;
  }).join('');
  return {
    defs: `${base.defs}<pattern id="windows" width="14" height="18" patternUnits="userSpaceOnUse"><rect x="4" y="5" width="5" height="7" fill="${accent}"/></pattern><clipPath id="towers">${buildings.join('')}</clipPath>${glowGradient('cityGlow', accent, 0.35)}${glowGradient('orbGlow', '#FFFFFF', 0.7)}`,
    body: `${base.body}${stars(frame, 40, ground * 0.5)}${glow('cityGlow', w / 2, ground, w * 0.7, h * 0.4)}<g fill="#060606">${buildings.join('')}</g><g clip-path="url(#towers)"><rect width="${w}" height="${px(ground)}" fill="url(#windows)" opacity="0.28"/></g><path d="M${px(arch - archWidth * 0.12)} ${px(archTop + h * 0.02)}Q${px(arch)} ${px(archTop + h * 0.16)} ${px(arch + archWidth * 0.12)} ${px(archTop + h * 0.02)}" fill="none" stroke="${accent}" stroke-width="3"/>${glow('orbGlow', orb, orbTop + h * 0.12, w * 0.025)}<g fill="none" stroke-linecap="round">${trails}</g>`,
  };
}

function heritageScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const ground = h * 0.88;
  const houses: string[] = [];
  const bays: string[] = [];
  const crowns: string[] = [];
  const doors: string[] = [];
  let x = -20;
  while (x < w) {
    const width = between(random, w * 0.12, w * 0.2);
    const top = h * between(random, 0.14, 0.34);
    // The house and its crenellated parapet in one outline.
    let outline = `M${px(x)} ${px(ground + 2)}V${px(top)}`;
    for (let step = x + 6; step < x + width - 12; step += 24) outline += `H${px(step)}v-9l7 -6l7 6v9`;
    outline += `H${px(x + width)}V${px(ground + 2)}Z`;
    houses.push(`<path d="${outline}" fill="${pick(random, ['#1B1611', '#16120E', '#201A14'])}"/>`);
    // Rawasheen: tall latticed wooden bays with a crown, lit from inside.
    const count = Math.max(1, Math.floor(width / (w * 0.07)));
    const bw = w * 0.044;
    const bh = h * 0.15;
    for (let bay = 0; bay < count; bay++) {
      const bx = x + ((bay + 0.5) * width) / count - bw / 2;
      for (let floor = 0; floor < 3; floor++) {
        const by = top + h * 0.07 + floor * h * 0.2;
        if (by + bh > ground - h * 0.1 || chance(random, 0.15)) continue;
        bays.push(`M${px(bx)} ${px(by)}h${px(bw)}v${px(bh)}h${px(-bw)}Z`);
        crowns.push(`M${px(bx - 4)} ${px(by)}h${px(bw + 8)}l-6 -10h${px(-bw + 4)}Z`);
      }
    }
    // A carved door at street level.
    if (chance(random, 0.6)) {
      const dx = x + width * between(random, 0.3, 0.6);
      doors.push(
        `M${px(dx)} ${px(ground)}V${px(ground - h * 0.08)}a${px(w * 0.014)} ${px(w * 0.014)} 0 0 1 ${px(w * 0.028)} 0V${px(ground)}Z`,
      );
    }
    x += width + between(random, 2, 10);
  }
  const lights = [0, 1].map((row) => {
    const y = h * (0.08 + row * 0.12);
    const sag = h * between(random, 0.06, 0.1);
    const bulbs = Array.from({ length: 22 }, (_, index) => {
      const t = (index + 0.5) / 22;
      // On the quadratic below: its control point sits at twice the sag.
      return `<circle cx="${px(t * w)}" cy="${px(y + 4 * sag * t * (1 - t))}" r="4.5"/>`;
    }).join('');
    return `<path d="M0 ${px(y)}Q${px(w / 2)} ${px(y + sag * 2)} ${w} ${px(y)}" fill="none" stroke="#000" stroke-width="1.5"/><g fill="${row ? secondary : accent}" filter="url(#bulb)">${bulbs}</g>`;
  });
  return {
    defs: `<path id="bays" d="${bays.join('')}"/><linearGradient id="evening" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(secondary, '#000', 0.82)}"/><stop offset="1" stop-color="${mix(accent, '#000', 0.6)}"/></linearGradient><pattern id="lattice" width="9" height="9" patternUnits="userSpaceOnUse"><path d="M0 0L9 9M9 0L0 9" stroke="#3A2414" stroke-width="2"/></pattern><linearGradient id="lamp" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFD58A"/><stop offset="1" stop-color="${mix('#FF8A3D', accent, 0.25)}"/></linearGradient><filter id="bulb" x="-2" y="-2" width="5" height="5"><feGaussianBlur stdDeviation="3" result="blur"/><feMerge><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge></filter>${glowGradient('streetGlow', '#FFB454', 0.35)}`,
    body: `${fullRect(w, h, 'url(#evening)')}${houses.join('')}<path d="${crowns.join('')}" fill="#4A2E18"/><use href="#bays" fill="url(#lamp)"/><use href="#bays" fill="url(#lattice)" stroke="#4A2E18" stroke-width="4"/><path d="${doors.join('')}" fill="#3A2414"/><rect y="${px(ground)}" width="${w}" height="${px(h - ground)}" fill="#080605"/>${glow('streetGlow', w / 2, ground, w * 0.7, h * 0.2)}${lights.join('')}`,
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
    return `<path d="M${px(cx - half)} ${px(y)}Q${px(cx)} ${px(y + h * 0.02)} ${px(cx + half)} ${px(y)}" stroke="${index % 2 ? secondary : accent}" stroke-width="${px(4 - index * 0.5)}" opacity="${ratio(0.9 - index * 0.12)}"/>`;
  }).join('');
  const searchlights = Array.from({ length: 4 }, (_, index) => {
    const x = cx + (index - 1.5) * rx * 0.5;
    const angle = (index - 1.5) * 12 + between(random, -6, 6);
    return `<path d="M${px(x)} ${px(ground - ry * 0.8)}L${px(x - w * 0.03)} -20L${px(x + w * 0.03)} -20Z" fill="url(#search)" transform="rotate(${px(angle)} ${px(x)} ${px(ground - ry * 0.8)})"/>`;
  }).join('');
  const lamps = Array.from(
    { length: 18 },
    (_, index) =>
      `<circle cx="${px((index + 0.5) * (w / 18))}" cy="${px(ground + (h - ground) * 0.35)}" r="3" fill="${accent}" opacity="0.8"/>`,
  ).join('');
  return {
    defs: `${base.defs}<linearGradient id="search" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient><linearGradient id="shell" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1A1A1A"/><stop offset="1" stop-color="#070707"/></linearGradient>${glowGradient('arenaGlow', accent, 0.5)}`,
    body: `${base.body}${stars(frame, 50, ground * 0.6)}${searchlights}${glow('arenaGlow', cx, ground - ry * 0.3, rx * 1.6, ry * 1.8)}<path d="M${px(cx - rx)} ${px(ground)}A${px(rx)} ${px(ry)} 0 0 1 ${px(cx + rx)} ${px(ground)}Z" fill="url(#shell)"/><g fill="none">${bands}</g>${lamps}<path d="M0 ${px(ground)}H${w}" stroke="${accent}" stroke-width="2" opacity="0.5"/>`,
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
    body: `${base.body}${stars(frame, 60, horizon * 0.7)}${glow('horizonGlow', w / 2, horizon, w * 0.6, h * 0.3)}${rocksBehind(frame, horizon)}<g transform="translate(${px(bx)} ${px(horizon - bh)})"><rect width="${px(bw)}" height="${px(bh)}" fill="url(#mirror)"/><path d="${reflection.fill}" fill="#0B0B0B" opacity="0.9"/><path d="${reflection.line}" fill="none" stroke="${accent}" stroke-width="2" opacity="0.7"/><rect width="${px(bw)}" height="${px(bh)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/></g>${dunes(random, w, h, horizon + h * 0.02, accent)}`,
  };
}

function turntableScene(frame: Frame): Layers {
  const { random, w, h, accent, secondary } = frame;
  const r = Math.min(w, h) * between(random, 0.42, 0.5);
  const cx = w * between(random, 0.3, 0.45);
  const cy = h * between(random, 0.45, 0.6);
  const grooves = Array.from(
    { length: 16 },
    (_, index) => `<circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r * (0.38 + index * 0.036))}"/>`,
  ).join('');
  const mixerX = cx + r * 1.25;
  const knobs = Array.from({ length: 12 }, (_, index) => {
    const kx = mixerX + (index % 3) * w * 0.05;
    const ky = h * 0.14 + Math.floor(index / 3) * h * 0.12;
    return `<circle cx="${px(kx)}" cy="${px(ky)}" r="${px(h * 0.025)}" fill="#1A1A1A" stroke="#3A3A3A" stroke-width="2"/><path d="M${px(kx)} ${px(ky)}L${px(kx + Math.cos(random() * 6) * h * 0.02)} ${px(ky + Math.sin(random() * 6) * h * 0.02)}" stroke="${index % 4 === 0 ? accent : '#DDD'}" stroke-width="3" stroke-linecap="round"/>`;
  }).join('');
  const faders = Array.from({ length: 3 }, (_, index) => {
    const fx = mixerX + index * w * 0.05;
    const fy = h * between(random, 0.68, 0.82);
    return `<path d="M${px(fx)} ${px(h * 0.64)}V${px(h * 0.9)}" stroke="#000" stroke-width="5"/><rect x="${px(fx - 12)}" y="${px(fy)}" width="24" height="14" rx="3" fill="${index === 1 ? accent : '#CFCFCF'}"/>`;
  }).join('');
  return {
    defs: `<linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1B1B1B"/><stop offset="1" stop-color="#080808"/></linearGradient><linearGradient id="label" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>${glowGradient('rim', accent, 0.35)}`,
    body: `${fullRect(w, h, 'url(#desk)')}${glow('rim', cx, cy, r * 1.5)}<circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r * 1.04)}" fill="#2B2B2B"/><circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r)}" fill="#050505"/><g fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="1.5">${grooves}</g><path d="M${px(cx)} ${px(cy)}L${px(cx - r * 0.9)} ${px(cy - r * 0.45)}A${px(r)} ${px(r)} 0 0 1 ${px(cx - r * 0.45)} ${px(cy - r * 0.9)}Z" fill="#fff" opacity="0.07"/><circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r * 0.32)}" fill="url(#label)"/><circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r * 0.03)}" fill="#DDD"/><g transform="rotate(${px(between(random, 18, 32))} ${px(cx + r * 1.02)} ${px(cy - r * 0.8)})"><circle cx="${px(cx + r * 1.02)}" cy="${px(cy - r * 0.8)}" r="${px(r * 0.1)}" fill="#222" stroke="#BBB" stroke-width="3"/><path d="M${px(cx + r * 1.02)} ${px(cy - r * 0.8)}V${px(cy + r * 0.45)}L${px(cx + r * 0.9)} ${px(cy + r * 0.6)}" fill="none" stroke="#CFCFCF" stroke-width="${px(r * 0.035)}" stroke-linejoin="round"/><rect x="${px(cx + r * 0.82)}" y="${px(cy + r * 0.56)}" width="${px(r * 0.14)}" height="${px(r * 0.18)}" rx="4" fill="#EEE"/></g><rect x="${px(mixerX - w * 0.04)}" y="${px(h * 0.06)}" width="${px(w * 0.18)}" height="${px(h * 0.9)}" rx="10" fill="#111" stroke="#2A2A2A" stroke-width="2"/>${knobs}${faders}`,
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
  const variant = pick(random, ['beams', 'halo', 'waves'] as const);
  let light = '';
  if (variant === 'beams') {
    const sources = [cx - w * 0.25, cx, cx + w * 0.2];
    light = `${lampBeams(
      frame,
      sources.map((x) => [x, -20] as [number, number]),
      'beam',
    )}${lampBeams(
      frame,
      sources.map((x) => [x + w * 0.04, -20] as [number, number]),
      'beam2',
    )}`;
  } else if (variant === 'halo') {
    const cy = h * between(random, 0.35, 0.6);
    const r = h * between(random, 0.25, 0.35);
    light = `${Array.from({ length: 9 }, (_, index) => `<circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r * (1 + index * 0.28))}" fill="none" stroke="${index % 3 === 2 ? secondary : accent}" stroke-width="${index === 0 ? 4 : 2}" opacity="${ratio(0.7 - index * 0.07)}"${index % 2 ? ' stroke-dasharray="6 14"' : ''}/>`).join('')}<circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r * 0.8)}" fill="url(#glowA)"/>`;
  } else {
    light = `<g fill="none" stroke-width="2">${Array.from({ length: 14 }, (_, index) => {
      const shape = ridge(random, w, h, h * (0.25 + index * 0.05), h * 0.06);
      return `<path d="${shape.line}" stroke="${index % 2 ? secondary : accent}" opacity="${ratio(0.15 + (index / 14) * 0.5)}"/>`;
    }).join('')}</g>`;
  }
  return {
    defs: `${beamGradient('beam', accent, 0.45)}${beamGradient('beam2', secondary, 0.4)}${glowGradient('glowA', accent, 0.55)}${glowGradient('glowB', secondary, 0.4)}${dots.defs}<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.85"/><stop offset="0.55" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>${vignetteGradient('vignette', 0.7)}`,
    body: `${fullRect(w, h, '#060606')}${dots.layer}${glow('glowB', cx - w * 0.3, h * 0.9, w * 0.6, h * 0.6)}${glow('glowA', cx, h * 0.35, w * 0.45, h * 0.8)}${light}${halftoneRows({ x: 0, width: w, top: h * 0.7, bottom: h, rows: 12, spacing: 20, from: 0, to: 8, colour: accent, opacity: 0.25 })}${fullRect(w, h, 'url(#shade)')}${fullRect(w, h, 'url(#vignette)')}`,
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
  const button = `<rect width="${width}" height="${height}" fill="#000" opacity="0.35"/><circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r * 1.45)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/><circle cx="${px(cx)}" cy="${px(cy)}" r="${px(r)}" fill="#fff" opacity="0.95"/><path d="M${px(cx - r * 0.3)} ${px(cy - r * 0.42)}L${px(cx + r * 0.48)} ${px(cy)}L${px(cx - r * 0.3)} ${px(cy + r * 0.42)}Z" fill="#000"/><path d="M${px(width * 0.05)} ${px(height * 0.92)}H${px(width * 0.95)}" stroke="#fff" stroke-opacity="0.3" stroke-width="4" stroke-linecap="round"/><path d="M${px(width * 0.05)} ${px(height * 0.92)}H${px(width * 0.32)}" stroke="${palette.accent}" stroke-width="4" stroke-linecap="round"/>`;
  return picture.replace(/<\/svg>\n$/, `${button}\n</svg>\n`);
}
