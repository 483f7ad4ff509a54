/**
 * Event covers: festival posters in the event's accent and a counterpoint colour, in one of three
 * compositions chosen by the seed (a sliced sun over a ground, a main stage with its LED wall and
 * truss before a crowd, lasers over a crowd with confetti), every one with haze and film grain.
 * Other pictures reuse its grounds and crowd.
 */
import { fixed, grainPattern, hashOf, mix, pulsePath, randomFrom, ratio, ridge, type Random } from './svg.ts';

export type CoverComposition = 'sunset' | 'stage' | 'lasers';
const COMPOSITIONS: readonly CoverComposition[] = ['sunset', 'stage', 'lasers'];

/** The composition a seed gets: the same seed always the same. */
export const compositionFor = (seed: string): CoverComposition => COMPOSITIONS[hashOf(`look:${seed}`) % COMPOSITIONS.length]!;

/**
 * A festival poster for `seed`. `crowd` puts silhouettes in front of a sunset (the home page's
 * cover); `composition` overrides the seed's choice.
 */
export function coverSvg(
  seed: string,
  accent: string,
  width = 1600,
  height = 900,
  options: { secondary?: string; crowd?: boolean; composition?: CoverComposition } = {},
): string {
  const composition = options.composition ?? (options.crowd ? 'sunset' : compositionFor(seed));
  const secondary = options.secondary ?? accent;
  if (composition === 'stage') return mainStageSvg(seed, accent, secondary, width, height);
  if (composition === 'lasers') return lasersSvg(seed, accent, secondary, width, height);
  return sunsetSvg(seed, accent, width, height, options);
}

/** What every composition ends with: grain over everything, then the vignette. */
const finish = (seed: string, width: number, height: number) =>
  `<defs>${grainPattern('grain', seed)}<radialGradient id="edge" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.8"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#grain)"/>
<rect width="${width}" height="${height}" fill="url(#edge)"/>`;

/**
 * A main stage at night: an LED wall under a lit truss, line arrays on both sides, beams fanning
 * from the rig through haze, and the crowd in front with hands up.
 */
function mainStageSvg(seed: string, accent: string, secondary: string, width: number, height: number): string {
  const random = randomFrom(seed);
  const cx = width * (0.4 + random() * 0.2);
  const wallWidth = width * (0.36 + random() * 0.14);
  const wallHeight = height * (0.24 + random() * 0.08);
  const wallTop = height * (0.2 + random() * 0.06);
  const floor = wallTop + wallHeight + height * 0.08;
  const trussTop = wallTop - height * 0.07;
  const trussLeft = cx - wallWidth / 2 - width * 0.08;
  const trussRight = cx + wallWidth / 2 + width * 0.08;

  // The wall shows the brand's pulse over bands of the two colours.
  const bands = Array.from({ length: 5 }, (_, index) => {
    const y = wallTop + (wallHeight / 5) * index;
    return `<rect x="${fixed(cx - wallWidth / 2)}" y="${fixed(y)}" width="${fixed(wallWidth)}" height="${fixed(wallHeight / 5 + 1)}" fill="${index % 2 ? accent : secondary}" opacity="${ratio(0.25 + random() * 0.5)}"/>`;
  }).join('');
  const pulse = pulsePath(
    cx - wallWidth / 2,
    cx + wallWidth / 2,
    wallTop + wallHeight / 2,
    cx + (random() - 0.5) * wallWidth * 0.3,
    wallHeight * 0.32,
    wallWidth * 0.35,
  );

  // The rig: lights along the top truss, each throwing a beam down through the haze.
  const lights = Array.from({ length: 9 }, (_, index) => trussLeft + ((trussRight - trussLeft) / 8) * index);
  const beams = lights
    .map((x, index) => {
      const target = x + (random() - 0.5) * width * 0.8;
      const spread = width * (0.02 + random() * 0.04);
      const colour = index % 2 ? 'beamA' : 'beamB';
      return `<path d="M${fixed(x)} ${fixed(trussTop)}L${fixed(target - spread)} ${height}L${fixed(target + spread)} ${height}Z" fill="url(#${colour})" opacity="${ratio(0.3 + random() * 0.5)}"/>`;
    })
    .join('');
  const lamps = lights
    .map(
      (x) =>
        `<circle cx="${fixed(x)}" cy="${fixed(trussTop)}" r="7" fill="#fff"/><circle cx="${fixed(x)}" cy="${fixed(trussTop)}" r="22" fill="url(#lamp)"/>`,
    )
    .join('');
  const lattice: string[] = [];
  for (let x = trussLeft; x < trussRight; x += 28)
    lattice.push(`M${fixed(x)} ${fixed(trussTop - 14)}L${fixed(x + 14)} ${fixed(trussTop + 14)}L${fixed(x + 28)} ${fixed(trussTop - 14)}`);
  const legs = [trussLeft, trussRight]
    .map(
      (x) =>
        `<rect x="${fixed(x - 12)}" y="${fixed(trussTop - 14)}" width="24" height="${fixed(floor - trussTop + 14)}" fill="#0c0c0c" stroke="${mix(accent, '#000000', 0.6)}" stroke-width="2"/>`,
    )
    .join('');
  // Line arrays: a curved column of boxes hanging beside the wall.
  const arrays = [-1, 1]
    .map((side) => {
      const x = cx + side * (wallWidth / 2 + width * 0.04);
      return Array.from({ length: 8 }, (_, index) => {
        const bend = index * index * 0.6 * side;
        return `<rect x="${fixed(x - 26 + bend)}" y="${fixed(wallTop + index * 22)}" width="52" height="19" rx="3" fill="#111" stroke="#2a2a2a"/>`;
      }).join('');
    })
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#030303"/><stop offset="0.6" stop-color="${mix(secondary, '#000000', 0.86)}"/><stop offset="1" stop-color="${mix(accent, '#000000', 0.8)}"/></linearGradient>
<linearGradient id="beamA" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0.7"/><stop offset="0.8" stop-color="${accent}" stop-opacity="0.05"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></linearGradient>
<linearGradient id="beamB" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}" stop-opacity="0.7"/><stop offset="0.8" stop-color="${secondary}" stop-opacity="0.05"/><stop offset="1" stop-color="${secondary}" stop-opacity="0"/></linearGradient>
<radialGradient id="lamp"><stop offset="0" stop-color="${accent}" stop-opacity="0.9"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
<radialGradient id="wallGlow" cx="${ratio(cx / width)}" cy="${ratio((wallTop + wallHeight / 2) / height)}" r="0.55"><stop offset="0" stop-color="${secondary}" stop-opacity="0.5"/><stop offset="0.6" stop-color="${accent}" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0"/><stop offset="0.5" stop-color="${accent}" stop-opacity="0.22"/><stop offset="1" stop-color="${secondary}" stop-opacity="0.3"/></linearGradient>
<pattern id="scan" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="2" fill="#000" opacity="0.45"/></pattern>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<rect width="${width}" height="${height}" fill="url(#wallGlow)"/>
${beams}
${legs}
<g>${bands}<rect x="${fixed(cx - wallWidth / 2)}" y="${fixed(wallTop)}" width="${fixed(wallWidth)}" height="${fixed(wallHeight)}" fill="url(#scan)"/><rect x="${fixed(cx - wallWidth / 2)}" y="${fixed(wallTop)}" width="${fixed(wallWidth)}" height="${fixed(wallHeight)}" fill="none" stroke="#1a1a1a" stroke-width="6"/></g>
<path d="${pulse}" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>
${arrays}
<path d="${lattice.join('')}" fill="none" stroke="${mix(accent, '#000000', 0.45)}" stroke-width="3"/>
<rect x="${fixed(trussLeft)}" y="${fixed(trussTop - 16)}" width="${fixed(trussRight - trussLeft)}" height="32" fill="none" stroke="${mix(accent, '#000000', 0.35)}" stroke-width="3"/>
${lamps}
<path d="M${fixed(trussLeft - width * 0.06)} ${fixed(floor)}H${fixed(trussRight + width * 0.06)}L${width} ${fixed(floor + height * 0.06)}H0Z" fill="#070707"/>
<path d="M${fixed(trussLeft - width * 0.06)} ${fixed(floor)}H${fixed(trussRight + width * 0.06)}" stroke="${accent}" stroke-width="3" opacity="0.8"/>
<rect y="${fixed(floor)}" width="${width}" height="${fixed(height - floor)}" fill="url(#haze)"/>
${crowdSilhouettes(random, width, height)}
${finish(seed, width, height)}
</svg>
`;
}

/** Lasers fanning from the stage over a crowd, crossing in the haze, with confetti in the air. */
function lasersSvg(seed: string, accent: string, secondary: string, width: number, height: number): string {
  const random = randomFrom(seed);
  const horizon = height * (0.5 + random() * 0.12);
  const sources = [width * (0.2 + random() * 0.15), width * 0.5 + (random() - 0.5) * width * 0.1, width * (0.65 + random() * 0.15)];
  const fans = sources
    .map((x, index) => {
      const colour = index === 1 ? secondary : accent;
      const count = 7 + Math.floor(random() * 5);
      const start = -Math.PI * (0.1 + random() * 0.15);
      const sweep = Math.PI * (0.25 + random() * 0.3);
      const lines = Array.from({ length: count }, (_, line) => {
        const angle = -Math.PI / 2 + start + (sweep * line) / (count - 1) + (random() - 0.5) * 0.05;
        const length = height * 1.4;
        return `M${fixed(x)} ${fixed(horizon)}L${fixed(x + Math.cos(angle) * length)} ${fixed(horizon + Math.sin(angle) * length)}`;
      }).join('');
      return `<path d="${lines}" stroke="${colour}" stroke-width="9" opacity="0.12"/><path d="${lines}" stroke="${colour}" stroke-width="2" opacity="0.85"/><circle cx="${fixed(x)}" cy="${fixed(horizon)}" r="${fixed(height * 0.09)}" fill="url(#${index === 1 ? 'flareB' : 'flareA'})"/>`;
    })
    .join('');
  // Confetti: small tilted quads, one path per colour.
  const confetti = [accent, secondary, '#fff']
    .map((colour) => {
      const pieces = Array.from({ length: 22 }, () => {
        const angle = random() * Math.PI;
        const [long, short] = [6 + random() * 8, 3 + random() * 3];
        const [dx, dy] = [Math.cos(angle) * long, Math.sin(angle) * long];
        const [ex, ey] = [-Math.sin(angle) * short, Math.cos(angle) * short];
        return `M${fixed(random() * width)} ${fixed(random() * horizon * 1.1)}l${fixed(dx)} ${fixed(dy)}l${fixed(ex)} ${fixed(ey)}l${fixed(-dx)} ${fixed(-dy)}z`;
      }).join('');
      return `<path d="${pieces}" fill="${colour}" opacity="${ratio(0.55 + random() * 0.3)}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020202"/><stop offset="0.55" stop-color="${mix(secondary, '#000000', 0.82)}"/><stop offset="1" stop-color="${mix(accent, '#000000', 0.7)}"/></linearGradient>
<radialGradient id="flareA"><stop offset="0" stop-color="#fff"/><stop offset="0.25" stop-color="${accent}" stop-opacity="0.8"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
<radialGradient id="flareB"><stop offset="0" stop-color="#fff"/><stop offset="0.25" stop-color="${secondary}" stop-opacity="0.8"/><stop offset="1" stop-color="${secondary}" stop-opacity="0"/></radialGradient>
<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}" stop-opacity="0"/><stop offset="0.45" stop-color="${secondary}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0.3"/></linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<g fill="none" stroke-linecap="round">${fans}</g>
${confetti}
<rect y="${fixed(horizon - height * 0.05)}" width="${width}" height="${fixed(height - horizon + height * 0.05)}" fill="url(#haze)"/>
<path d="M0 ${fixed(horizon)}H${width}" stroke="${accent}" stroke-width="2" opacity="0.6"/>
${crowdSilhouettes(random, width, height)}
${finish(seed, width, height)}
</svg>
`;
}

/**
 * A festival poster, abstract and dark: stage beams, a sun in the event's accent cut by sunset
 * slits, sound rings, a ground (dunes, a stage floor or an equaliser skyline), a pulse line on
 * the horizon and a dot screen. Seeded by the event's slug, so every event gets its own composition. An optional crowd
 * of silhouettes stands in front (the home page's cover shows a crowd before a stage).
 */
function sunsetSvg(seed: string, accent: string, width: number, height: number, options: { secondary?: string; crowd?: boolean }): string {
  const random = randomFrom(seed);
  const secondary = options.secondary ?? accent;
  const cx = width * (0.3 + random() * 0.4);
  const horizon = height * (0.56 + random() * 0.1);
  const radius = height * (0.2 + random() * 0.12);
  const cy = horizon - radius * (0.35 + random() * 0.35);

  const beamSources = [width * (0.1 + random() * 0.2), width * (0.7 + random() * 0.2)];
  const beams = beamSources
    .flatMap((source) =>
      Array.from({ length: 3 }, () => {
        const spread = width * (0.03 + random() * 0.05);
        const target = source + (random() - 0.5) * width * 0.9;
        return `<path d="M${fixed(source)} -20L${fixed(target - spread)} ${height}L${fixed(target + spread)} ${height}Z" fill="url(#beam)" opacity="${(0.35 + random() * 0.5).toFixed(2)}"/>`;
      }),
    )
    .join('');

  const rings = Array.from({ length: 7 }, (_, index) => {
    const r = radius * (1.25 + index * 0.32);
    const dashed = random() > 0.6 ? ` stroke-dasharray="${fixed(4 + random() * 20)} ${fixed(8 + random() * 24)}"` : '';
    return `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" stroke-width="${index === 0 ? 3 : 2}" opacity="${(0.5 - index * 0.06).toFixed(2)}"${dashed}/>`;
  }).join('');

  // Sunset slits: thicker towards the horizon.
  const slits = Array.from({ length: 7 }, (_, index) => {
    const y = cy + radius * (0.05 + index * 0.15);
    return `<rect x="0" y="${fixed(y)}" width="${width}" height="${fixed(2 + index * 3.2)}"/>`;
  }).join('');

  // The ground: dunes, a perspective stage floor or an equaliser skyline, by the seed.
  const ground = options.crowd ? 'dunes' : (['dunes', 'floor', 'bars'] as const)[Math.floor(random() * 3)]!;
  const ridges =
    ground === 'dunes'
      ? dunes(random, width, height, horizon, accent)
      : ground === 'floor'
        ? stageFloor(width, height, horizon, cx, accent)
        : equaliser(random, width, height, horizon, cx, accent);

  const pulse: string[] = [];
  for (let x = 0; x <= width; x += 16) {
    const distance = Math.abs(x - cx) / width;
    const spike = distance < 0.06 ? Math.sin((x / width) * 140) * (1 - distance / 0.06) * height * 0.16 : 0;
    pulse.push(`${x} ${fixed(horizon + spike)}`);
  }

  // A crowd needs light behind it to read: haze from the stage, then the silhouettes.
  const crowd = options.crowd
    ? `<rect y="${fixed(horizon)}" width="${width}" height="${fixed(height - horizon)}" fill="url(#haze)"/>${crowdSilhouettes(random, width, height)}`
    : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#111"/><stop offset="1" stop-color="#000"/></linearGradient>
<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}" stop-opacity="0.55"/><stop offset="0.7" stop-color="${secondary}" stop-opacity="0.04"/><stop offset="1" stop-color="${secondary}" stop-opacity="0"/></linearGradient>
<radialGradient id="glow" cx="${fixed(cx / width)}" cy="${fixed(cy / height)}" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="0.5" stop-color="${accent}" stop-opacity="0.08"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.35" stop-color="${accent}"/><stop offset="1" stop-color="${accent}" stop-opacity="0.7"/></linearGradient>
<linearGradient id="pulse" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${width}" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="${fixed(Math.max(0.05, cx / width - 0.25))}" stop-color="#fff" stop-opacity="0.15"/><stop offset="${fixed(cx / width)}" stop-color="#fff" stop-opacity="0.95"/><stop offset="${fixed(Math.min(0.95, cx / width + 0.25))}" stop-color="#fff" stop-opacity="0.15"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}" stop-opacity="0"/><stop offset="0.55" stop-color="${secondary}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0.25"/></linearGradient>
<mask id="slits"><rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${slits}</g></mask>
<pattern id="dots" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="1.6" fill="${accent}"/></pattern>
<radialGradient id="dotFade" cx="${random() > 0.5 ? 0.85 : 0.15}" cy="0.15" r="0.45"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient>
<mask id="dotMask"><rect width="${width}" height="${height}" fill="url(#dotFade)"/></mask>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<rect width="${width}" height="${height}" fill="url(#dots)" mask="url(#dotMask)" opacity="0.35"/>
${beams}
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<g fill="none" stroke="${accent}">${rings}</g>
<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(radius)}" fill="url(#sun)" mask="url(#slits)"/>
${ridges}
<polyline points="${pulse.join(' ')}" fill="none" stroke="url(#pulse)" stroke-width="4" stroke-linejoin="round"/>
${crowd}
<rect width="${width}" height="${height}" fill="url(#vignette)"/>
<defs>${grainPattern('grain', seed)}</defs><rect width="${width}" height="${height}" fill="url(#grain)"/>
</svg>
`;
}

/** Three ridges, nearest darkest, each with a lit edge in the accent. */
export function dunes(random: Random, width: number, height: number, horizon: number, accent: string): string {
  return [
    { base: horizon + height * 0.04, amp: height * 0.05, fill: '#0b0b0b', stroke: 0.75 },
    { base: horizon + height * 0.14, amp: height * 0.045, fill: '#070707', stroke: 0.45 },
    { base: horizon + height * 0.25, amp: height * 0.04, fill: '#030303', stroke: 0.25 },
  ]
    .map(({ base, amp, fill, stroke }) => {
      const shape = ridge(random, width, height, base, amp);
      return `<path d="${shape.fill}" fill="${fill}"/><path d="${shape.line}" fill="none" stroke="${accent}" stroke-width="2.5" opacity="${stroke}"/>`;
    })
    .join('');
}

/** A stage floor in perspective: lines running to the vanishing point under the sun. */
export function stageFloor(width: number, height: number, horizon: number, cx: number, accent: string): string {
  const depth = height - horizon;
  const across = Array.from({ length: 9 }, (_, index) => {
    const y = horizon + depth * ((index + 1) / 9) ** 2;
    return `M0 ${fixed(y)}H${width}`;
  }).join('');
  const towards = Array.from({ length: 25 }, (_, index) => {
    const x = cx + (index - 12) * width * 0.16;
    return `M${fixed(cx + (x - cx) * 0.04)} ${fixed(horizon)}L${fixed(x)} ${height}`;
  }).join('');
  return `<rect y="${fixed(horizon)}" width="${width}" height="${fixed(depth)}" fill="#050505"/><path d="${across}${towards}" stroke="${accent}" stroke-width="2" opacity="0.5" fill="none"/><path d="M0 ${fixed(horizon)}H${width}" stroke="${accent}" stroke-width="3" opacity="0.8"/>`;
}

/** An equaliser skyline: bars rising towards the sun, lit from above. */
export function equaliser(random: Random, width: number, height: number, horizon: number, cx: number, accent: string): string {
  const count = 44;
  const step = width / count;
  const bars = Array.from({ length: count }, (_, index) => {
    const x = index * step;
    const near = 1 - Math.min(1, Math.abs(x + step / 2 - cx) / (width * 0.5));
    const barHeight = (height - horizon) * 0.35 + (0.2 + near * 0.8) * random() * height * 0.45;
    return `<rect x="${fixed(x + 3)}" y="${fixed(height - barHeight)}" width="${fixed(step - 6)}" height="${fixed(barHeight)}" rx="3"/>`;
  }).join('');
  return `<linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="0.25" stop-color="#111"/><stop offset="1" stop-color="#050505"/></linearGradient><g fill="url(#bar)">${bars}</g>`;
}

/** Heads, shoulders and a few raised hands along the bottom edge, in black. */
export function crowdSilhouettes(random: Random, width: number, height: number): string {
  const people: string[] = [];
  for (let x = -20; x < width + 40; x += 46 + random() * 34) {
    const head = 20 + random() * 8;
    const top = height - 120 - random() * 60;
    people.push(
      `<circle cx="${fixed(x)}" cy="${fixed(top)}" r="${fixed(head)}"/><rect x="${fixed(x - head * 2)}" y="${fixed(top + head * 1.1)}" width="${fixed(head * 4)}" height="${height}" rx="${fixed(head * 1.6)}"/>`,
    );
    if (random() > 0.72) {
      const side = random() > 0.5 ? 1 : -1;
      const handX = x + side * (30 + random() * 30);
      const handY = top - 80 - random() * 60;
      people.push(
        `<path d="M${fixed(x + side * head * 1.2)} ${fixed(top + head * 2)}Q${fixed(x + side * head * 2.4)} ${fixed(top)} ${fixed(handX)} ${fixed(handY)}" fill="none" stroke="#000" stroke-width="15" stroke-linecap="round"/><circle cx="${fixed(handX)}" cy="${fixed(handY - 6)}" r="11"/>`,
      );
    }
  }
  return `<g fill="#000">${people.join('')}</g>`;
}
