/**
 * Square artwork: album covers for releases (typographic, Bauhaus tiles, gradient, collage,
 * op-art, horizon), playlist covers (one series look: a mood gradient, a motif and the pulse),
 * podcast covers (a bold symbol; episodes keep their podcast's look) and radio show covers.
 */
import { bust } from './portrait.ts';
import {
  between,
  chance,
  fixed,
  fullRect,
  glow,
  glowGradient,
  halftoneRows,
  hashOf,
  mix,
  paletteFor,
  pick,
  pulsePath,
  randomFrom,
  ratio,
  svgDocument,
  type Palette,
  type Random,
} from './svg.ts';

const INK = '#0A0A0A';
const PAPER = '#EEEBE4';

/** The brand's pulse as a small corner tag: the series mark on playlists and shows. */
function pulseTag(x: number, y: number, width: number, colour: string): string {
  return `<path d="${pulsePath(x, x + width, y, x + width * 0.5, width * 0.32)}" fill="none" stroke="${colour}" stroke-width="${fixed(width * 0.05)}" stroke-linejoin="round" stroke-linecap="round"/>`;
}

/** A rectangle with torn edges: jittered points along each side, then rotated. */
function tornRect(random: Random, x: number, y: number, width: number, height: number, rotation: number, fill: string, extra = ''): string {
  const points: string[] = [];
  const edge = (x0: number, y0: number, x1: number, y1: number) => {
    const length = Math.hypot(x1 - x0, y1 - y0);
    const steps = Math.max(2, Math.round(length / 22));
    for (let step = 0; step < steps; step++) {
      const t = step / steps;
      const nx = -(y1 - y0) / length;
      const ny = (x1 - x0) / length;
      const jitter = (random() - 0.5) * 9;
      points.push(`${fixed(x0 + (x1 - x0) * t + nx * jitter)} ${fixed(y0 + (y1 - y0) * t + ny * jitter)}`);
    }
  };
  edge(x, y, x + width, y);
  edge(x + width, y, x + width, y + height);
  edge(x + width, y + height, x, y + height);
  edge(x, y + height, x, y);
  return `<path d="M${points.join('L')}Z" fill="${fill}" transform="rotate(${fixed(rotation)} ${fixed(x + width / 2)} ${fixed(y + height / 2)})"${extra}/>`;
}

/** "Greeked" lines: bars the length of lines of text, for a typographic layout without words. */
function greekedLines(random: Random, x: number, y: number, width: number, count: number, colour: string, weight = 7): string {
  return `<g fill="${colour}">${Array.from({ length: count }, (_, index) => `<rect x="${fixed(x)}" y="${fixed(y + index * weight * 2.1)}" width="${fixed(width * between(random, index === count - 1 ? 0.3 : 0.6, 1))}" height="${weight}"/>`).join('')}</g>`;
}

const RELEASE_STYLES = ['typographic', 'bauhaus', 'gradient', 'collage', 'op', 'horizon'] as const;

/** A release's album artwork: one of six styles, each with its own seeded composition. */
export function releaseSvg(seed: string, size = 1000, palette: Palette = paletteFor(seed)): string {
  const random = randomFrom(seed);
  const style = RELEASE_STYLES[hashOf(`release:${seed}`) % RELEASE_STYLES.length]!;
  const { accent, secondary } = palette;
  const s = size;

  if (style === 'typographic') {
    const ground = pick(random, [INK, INK, accent, PAPER]);
    const ink = ground === INK ? '#fff' : INK;
    const hi = ground === accent ? secondary : accent;
    const blend = ground === INK ? 'screen' : 'multiply';
    const weight = s * between(random, 0.14, 0.22);
    const fragments = [
      () =>
        `<circle cx="${fixed(s * between(random, 0.2, 0.8))}" cy="${fixed(s * between(random, 0.25, 0.75))}" r="${fixed(s * between(random, 0.26, 0.4))}" fill="none" stroke-width="${fixed(weight)}"/>`,
      () => `<rect x="${fixed(s * between(random, 0.05, 0.75))}" y="-10" width="${fixed(weight)}" height="${s + 20}"/>`,
      () => {
        const x = s * between(random, -0.1, 0.5);
        return `<path d="M${fixed(x)} -10H${fixed(x + weight * 1.2)}L${fixed(x + s * 0.55 + weight * 1.2)} ${s + 10}H${fixed(x + s * 0.55)}Z"/>`;
      },
      () => {
        const r = s * between(random, 0.25, 0.38);
        const cx = s * between(random, 0.3, 0.7);
        const y = s * between(random, 0.5, 0.95);
        return `<path d="M${fixed(cx - r)} ${fixed(y)}A${fixed(r)} ${fixed(r)} 0 0 1 ${fixed(cx + r)} ${fixed(y)}V${s + 10}" fill="none" stroke-width="${fixed(weight)}"/>`;
      },
      () => `<rect x="-10" y="${fixed(s * between(random, 0.1, 0.8))}" width="${s + 20}" height="${fixed(weight * 0.8)}"/>`,
    ];
    const order = [...fragments.keys()].sort(() => random() - 0.5).slice(0, 3);
    const [first, second, third] = order.map((index) => fragments[index]!());
    const lines = greekedLines(random, s * 0.07, s * 0.78, s * 0.34, 5, ink, s * 0.009);
    return svgDocument(
      s,
      s,
      '',
      `${fullRect(s, s, ground)}<g fill="${ink}" stroke="${ink}">${first}</g><g fill="${hi}" stroke="${hi}" style="mix-blend-mode:${blend}">${second}</g><g fill="${ground === INK ? '#fff' : INK}" stroke="${ground === INK ? '#fff' : INK}" opacity="0.12">${third}</g><rect x="${fixed(s * 0.06)}" y="${fixed(s * 0.72)}" width="${fixed(s * 0.4)}" height="${fixed(s * 0.24)}" fill="${ground}"/>${lines}<path d="M${fixed(s * 0.06)} ${fixed(s * 0.06)}H${fixed(s * 0.94)}" stroke="${ink}" stroke-width="2"/><circle cx="${fixed(s * 0.91)}" cy="${fixed(s * 0.11)}" r="${fixed(s * 0.02)}" fill="${hi}"/>`,
    );
  }

  if (style === 'bauhaus') {
    const count = pick(random, [3, 4, 4, 5]);
    const tile = s / count;
    const colours = [accent, secondary, PAPER, INK, INK, '#1C1C1C'];
    const tiles: string[] = [];
    for (let row = 0; row < count; row++) {
      for (let column = 0; column < count; column++) {
        const x = column * tile;
        const y = row * tile;
        const ground = pick(random, colours);
        let ink = pick(random, colours);
        while (ink === ground) ink = pick(random, colours);
        const corner = Math.floor(random() * 4);
        const cornerX = x + (corner % 2) * tile;
        const cornerY = y + Math.floor(corner / 2) * tile;
        const shape = pick(random, ['quarter', 'quarter', 'half', 'circle', 'ring', 'triangle', 'stripes', 'none']);
        tiles.push(`<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(tile + 0.5)}" height="${fixed(tile + 0.5)}" fill="${ground}"/>`);
        if (shape === 'quarter') {
          const sx = corner % 2 ? -1 : 1;
          const sy = corner >= 2 ? -1 : 1;
          tiles.push(
            `<path d="M${fixed(cornerX)} ${fixed(cornerY)}h${fixed(sx * tile)}A${fixed(tile)} ${fixed(tile)} 0 0 ${sx * sy > 0 ? 1 : 0} ${fixed(cornerX)} ${fixed(cornerY + sy * tile)}Z" fill="${ink}"/>`,
          );
        } else if (shape === 'half') {
          const vertical = random() > 0.5;
          tiles.push(
            vertical
              ? `<path d="M${fixed(x)} ${fixed(y + tile)}A${fixed(tile / 2)} ${fixed(tile / 2)} 0 0 1 ${fixed(x + tile)} ${fixed(y + tile)}Z" fill="${ink}"/>`
              : `<path d="M${fixed(x)} ${fixed(y)}A${fixed(tile / 2)} ${fixed(tile / 2)} 0 0 1 ${fixed(x)} ${fixed(y + tile)}Z" fill="${ink}"/>`,
          );
        } else if (shape === 'circle') {
          tiles.push(`<circle cx="${fixed(x + tile / 2)}" cy="${fixed(y + tile / 2)}" r="${fixed(tile * 0.38)}" fill="${ink}"/>`);
        } else if (shape === 'ring') {
          tiles.push(
            `<circle cx="${fixed(x + tile / 2)}" cy="${fixed(y + tile / 2)}" r="${fixed(tile * 0.32)}" fill="none" stroke="${ink}" stroke-width="${fixed(tile * 0.14)}"/>`,
          );
        } else if (shape === 'triangle') {
          tiles.push(
            `<path d="M${fixed(cornerX)} ${fixed(cornerY)}L${fixed(x + tile - (cornerX - x))} ${fixed(cornerY)}L${fixed(cornerX)} ${fixed(y + tile - (cornerY - y))}Z" fill="${ink}"/>`,
          );
        } else if (shape === 'stripes') {
          tiles.push(
            `<g fill="${ink}">${[0, 1, 2].map((index) => `<rect x="${fixed(x)}" y="${fixed(y + tile * (0.1 + index * 0.3))}" width="${fixed(tile)}" height="${fixed(tile * 0.14)}"/>`).join('')}</g>`,
          );
        }
      }
    }
    return svgDocument(s, s, '', `${tiles.join('')}`);
  }

  if (style === 'gradient') {
    const spots = [accent, secondary, accent, '#FFFFFF'].map((colour, index) => ({
      colour,
      x: s * between(random, 0.05, 0.95),
      y: s * between(random, 0.05, 0.95),
      r: s * (index === 3 ? between(random, 0.15, 0.3) : between(random, 0.45, 0.75)),
    }));
    const orbit = pick(random, ['circle', 'line', 'arc']);
    const ox = s * between(random, 0.35, 0.65);
    const oy = s * between(random, 0.35, 0.65);
    const mark =
      orbit === 'circle'
        ? `<circle cx="${fixed(ox)}" cy="${fixed(oy)}" r="${fixed(s * between(random, 0.18, 0.3))}" fill="none" stroke="#fff" stroke-width="2" opacity="0.8"/>`
        : orbit === 'line'
          ? `<path d="M${fixed(s * 0.08)} ${fixed(oy)}H${fixed(s * 0.92)}" stroke="#fff" stroke-width="2" opacity="0.8"/><circle cx="${fixed(ox)}" cy="${fixed(oy)}" r="${fixed(s * 0.012)}" fill="#fff"/>`
          : `<path d="M${fixed(s * 0.15)} ${fixed(s * 0.85)}A${fixed(s * 0.7)} ${fixed(s * 0.7)} 0 0 1 ${fixed(s * 0.85)} ${fixed(s * 0.15)}" fill="none" stroke="#fff" stroke-width="2" opacity="0.8"/>`;
    return svgDocument(
      s,
      s,
      `${spots.map((spot, index) => glowGradient(`spot${index}`, spot.colour, index === 3 ? 0.55 : 0.85)).join('')}<pattern id="grain" width="5" height="5" patternUnits="userSpaceOnUse"><circle cx="1.5" cy="1.5" r="0.7" fill="#fff" opacity="0.08"/><circle cx="4" cy="3.8" r="0.5" fill="#000" opacity="0.25"/></pattern>`,
      `${fullRect(s, s, mix(secondary, '#000', 0.88))}${spots.map((spot, index) => glow(`spot${index}`, spot.x, spot.y, spot.r)).join('')}${fullRect(s, s, 'url(#grain)')}${mark}`,
    );
  }

  if (style === 'collage') {
    const ground = random() > 0.4 ? PAPER : '#111';
    const figure = bust(random, s, s, {
      centreX: s * between(random, 0.4, 0.6),
      scale: 0.78,
      accessory: pick(random, ['none', 'sunglasses', 'headphones'] as const),
    });
    const circleX = s * between(random, 0.25, 0.75);
    const circleY = s * between(random, 0.2, 0.45);
    const circleR = s * between(random, 0.2, 0.3);
    return svgDocument(
      s,
      s,
      `<clipPath id="disc"><circle cx="${fixed(circleX)}" cy="${fixed(circleY)}" r="${fixed(circleR)}"/></clipPath>`,
      `${fullRect(s, s, ground)}${tornRect(random, s * between(random, 0.05, 0.25), s * between(random, 0.1, 0.3), s * 0.62, s * 0.72, between(random, -8, 8), accent)}<g clip-path="url(#disc)">${fullRect(s, s, secondary)}${halftoneRows({ x: 0, width: s, top: circleY - circleR, bottom: circleY + circleR, rows: 18, spacing: 20, from: 2, to: 18, colour: INK, opacity: 0.85 })}</g><g fill="${INK}">${figure.shape}</g><g fill="${accent}" stroke="${accent}">${figure.details}</g>${tornRect(random, s * between(random, 0.55, 0.7), s * between(random, 0.04, 0.12), s * 0.4, s * 0.14, between(random, -6, 6), ground === PAPER ? INK : PAPER)}${greekedLines(random, s * 0.08, s * 0.86, s * 0.22, 3, ground === PAPER ? INK : PAPER, s * 0.008)}<rect x="${fixed(s * between(random, 0.1, 0.6))}" y="${fixed(s * 0.12)}" width="${fixed(s * 0.22)}" height="${fixed(s * 0.06)}" fill="#fff" opacity="0.55" transform="rotate(${fixed(between(random, -30, 30))} ${fixed(s / 2)} ${fixed(s * 0.15)})"/>`,
    );
  }

  if (style === 'op') {
    const variant = pick(random, ['rings', 'waves', 'rays']);
    const cx = s * between(random, 0.3, 0.7);
    const cy = s * between(random, 0.3, 0.7);
    let art = '';
    if (variant === 'rings') {
      const step = s * between(random, 0.028, 0.04);
      const ringSet = (x: number, y: number, colour: string, extra: string) =>
        `<g fill="none" stroke="${colour}" stroke-width="${fixed(step / 2)}"${extra}>${Array.from({ length: Math.ceil((s * 1.1) / step) }, (_, index) => `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="${fixed(step * (index + 0.5))}"/>`).join('')}</g>`;
      art = `${fullRect(s, s, INK)}${ringSet(cx, cy, accent, '')}${ringSet(cx + s * between(random, 0.05, 0.12), cy + s * between(random, -0.08, 0.08), secondary, ' style="mix-blend-mode:screen" opacity="0.8"')}`;
    } else if (variant === 'waves') {
      const lines = 34;
      const amplitude = s * between(random, 0.02, 0.05);
      const frequency = between(random, 1.5, 3.5);
      art = `${fullRect(s, s, accent)}<g fill="none" stroke="${INK}" stroke-width="${fixed((s / lines) * 0.45)}">${Array.from(
        { length: lines },
        (_, index) => {
          const y = (index + 0.5) * (s / lines);
          const points: string[] = [];
          for (let step = 0; step <= 20; step++) {
            const x = (step / 20) * s;
            const near = Math.exp(-(((x - cx) / (s * 0.3)) ** 2) - ((y - cy) / (s * 0.3)) ** 2);
            points.push(`${fixed(x)} ${fixed(y + Math.sin((step / 20) * Math.PI * 2 * frequency + index * 0.3) * amplitude * near * 2.2)}`);
          }
          return `<path d="M${points.join('L')}"/>`;
        },
      ).join('')}</g><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(s * 0.09)}" fill="${secondary}"/>`;
    } else {
      const count = pick(random, [24, 32, 40]);
      const reach = s * 1.5;
      art = `${fullRect(s, s, INK)}<g fill="${accent}">${Array.from({ length: count }, (_, index) => {
        if (index % 2) return '';
        const a0 = (index / count) * Math.PI * 2;
        const a1 = ((index + 1) / count) * Math.PI * 2;
        return `<path d="M${fixed(cx)} ${fixed(cy)}L${fixed(cx + Math.cos(a0) * reach)} ${fixed(cy + Math.sin(a0) * reach)}L${fixed(cx + Math.cos(a1) * reach)} ${fixed(cy + Math.sin(a1) * reach)}Z"/>`;
      }).join(
        '',
      )}</g><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(s * between(random, 0.14, 0.22))}" fill="${secondary}" stroke="${INK}" stroke-width="${fixed(s * 0.03)}"/>`;
    }
    return svgDocument(s, s, '', art);
  }

  // Horizon: a black sun sliced over black dunes, on a sky in the accent.
  const horizon = s * between(random, 0.6, 0.72);
  const sunR = s * between(random, 0.2, 0.3);
  const sunX = s * between(random, 0.3, 0.7);
  const sunY = horizon - sunR * between(random, 0.2, 0.7);
  const slits = Array.from(
    { length: 7 },
    (_, index) => `<rect x="0" y="${fixed(sunY + sunR * (0.05 + index * 0.14))}" width="${s}" height="${fixed(3 + index * 4)}"/>`,
  ).join('');
  const dunes = [0, 1, 2]
    .map((index) => {
      const base = horizon + index * s * 0.09;
      const points: string[] = [];
      const phase = random() * 6;
      for (let step = 0; step <= 16; step++)
        points.push(`${fixed((step / 16) * s)} ${fixed(base + Math.sin(step * 0.5 + phase) * s * 0.025)}`);
      return `<path d="M${points.join('L')}L${s} ${s}L0 ${s}Z" fill="${mix(INK, secondary, 0.12 - index * 0.05)}"/>`;
    })
    .join('');
  return svgDocument(
    s,
    s,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}"/><stop offset="0.75" stop-color="${accent}"/></linearGradient><mask id="slits"><rect width="${s}" height="${s}" fill="#fff"/><g fill="#000">${slits}</g></mask>`,
    `${fullRect(s, s, 'url(#sky)')}${halftoneRows({ x: 0, width: s, top: s * 0.04, bottom: horizon * 0.7, rows: 14, spacing: 16, from: 9, to: 0, colour: INK, opacity: 0.35 })}<circle cx="${fixed(sunX)}" cy="${fixed(sunY)}" r="${fixed(sunR)}" fill="${INK}" mask="url(#slits)"/>${dunes}`,
  );
}

const PLAYLIST_MOTIFS = ['ridges', 'bars', 'orbs', 'dots'] as const;

/** A playlist cover: the series' mood gradient, one motif and the pulse in the corner. */
export function playlistSvg(seed: string, size = 1000, palette: Palette = paletteFor(seed)): string {
  const random = randomFrom(seed);
  const motif = PLAYLIST_MOTIFS[hashOf(`playlist:${seed}`) % PLAYLIST_MOTIFS.length]!;
  const { accent, secondary } = palette;
  const s = size;
  let art = '';
  let defs = `<linearGradient id="mood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(accent, '#000', 0.3)}"/><stop offset="0.5" stop-color="${mix(mix(accent, secondary, 0.5), '#000', 0.7)}"/><stop offset="1" stop-color="${mix(secondary, '#000', 0.35)}"/></linearGradient><radialGradient id="hush" cx="0.5" cy="0.56" r="0.6"><stop offset="0" stop-color="#000" stop-opacity="0.85"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/></radialGradient><linearGradient id="ink" gradientUnits="userSpaceOnUse" x1="0" y1="${fixed(s * 0.2)}" x2="${s}" y2="${fixed(s * 0.9)}"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>`;
  if (motif === 'ridges') {
    const lines = 18;
    const top = s * 0.24;
    const gap = (s * 0.62) / lines;
    art = Array.from({ length: lines }, (_, index) => {
      const y = top + index * gap;
      const points: string[] = [];
      const peak = between(random, 0.4, 0.6);
      for (let step = 0; step <= 28; step++) {
        const t = step / 28;
        const near = Math.exp(-(((t - peak) / 0.13) ** 2));
        const lift = near * gap * between(random, 1.5, 5) + random() * gap * 0.25;
        points.push(`${fixed(s * 0.14 + t * s * 0.72)} ${fixed(y - lift)}`);
      }
      return `<path d="M${points.join('L')}V${fixed(y + gap * 2)}H${fixed(s * 0.14)}Z" fill="#070707" stroke="url(#ink)" stroke-width="3" stroke-linejoin="round"/>`;
    }).join('');
  } else if (motif === 'bars') {
    const count = 21;
    const width = (s * 0.72) / count;
    art = `<g fill="url(#ink)">${Array.from({ length: count }, (_, index) => {
      const near = 1 - Math.abs(index - (count - 1) / 2) / (count / 2);
      const height = s * (0.08 + near * between(random, 0.2, 0.5));
      return `<rect x="${fixed(s * 0.14 + index * width + width * 0.18)}" y="${fixed(s * 0.56 - height / 2)}" width="${fixed(width * 0.64)}" height="${fixed(height)}" rx="${fixed(width * 0.32)}"/>`;
    }).join('')}</g>`;
  } else if (motif === 'orbs') {
    const r = s * between(random, 0.2, 0.26);
    const cx = s * 0.5;
    const cy = s * 0.54;
    art = `<g style="mix-blend-mode:screen">${[accent, secondary, '#FFFFFF']
      .map((colour, index) => {
        const angle = (index / 3) * Math.PI * 2 + random();
        return `<circle cx="${fixed(cx + Math.cos(angle) * r * 0.55)}" cy="${fixed(cy + Math.sin(angle) * r * 0.55)}" r="${fixed(r)}" fill="${colour}" opacity="${index === 2 ? 0.5 : 0.85}"/>`;
      })
      .join('')}</g>`;
  } else {
    const cx = s * between(random, 0.3, 0.7);
    defs += `<radialGradient id="focus" cx="${ratio(cx / s)}" cy="0.55" r="0.5"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient><mask id="focusMask"><rect width="${s}" height="${s}" fill="url(#focus)"/></mask>`;
    art = `<g mask="url(#focusMask)">${halftoneRows({ x: s * 0.08, width: s * 0.84, top: s * 0.2, bottom: s * 0.9, rows: 26, spacing: 28, from: 24, to: 24, colour: 'url(#ink)' })}</g>`;
  }
  return svgDocument(
    s,
    s,
    defs,
    `${fullRect(s, s, 'url(#mood)')}${fullRect(s, s, 'url(#hush)')}${art}${pulseTag(s * 0.07, s * 0.1, s * 0.14, '#fff')}<rect x="${fixed(s * 0.86)}" y="${fixed(s * 0.86)}" width="${fixed(s * 0.06)}" height="${fixed(s * 0.06)}" fill="${accent}"/>`,
  );
}

const PODCAST_MOTIFS = ['mic', 'bubbles', 'wave', 'headphones'] as const;

/**
 * A podcast's cover. Episode pictures (`<podcast>-<n>.svg`) keep their podcast's palette and
 * symbol and move the composition; a row of small marks counts the episode.
 */
export function podcastSvg(podcast: string, size = 1000, episode?: number, palette: Palette = paletteFor(podcast)): string {
  const random = randomFrom(episode === undefined ? podcast : `${podcast}#${episode}`);
  const motif = PODCAST_MOTIFS[hashOf(`podcast:${podcast}`) % PODCAST_MOTIFS.length]!;
  const bright = hashOf(`ground:${podcast}`) % 2 === 0;
  const { accent, secondary } = palette;
  const s = size;
  const ground = bright ? accent : INK;
  const ink = bright ? INK : accent;
  const second = bright ? (accent === '#FFFFFF' ? secondary : '#fff') : secondary;
  const cx = s * (episode === undefined ? 0.5 : between(random, 0.4, 0.6));
  const cy = s * 0.5;
  let art = '';
  if (motif === 'mic') {
    const w = s * 0.26;
    const top = cy - s * 0.32;
    const grille = Array.from(
      { length: 7 },
      (_, index) => `<path d="M${fixed(cx - w / 2)} ${fixed(top + w * 0.45 + index * w * 0.14)}H${fixed(cx + w / 2)}"/>`,
    ).join('');
    art = `<path d="M${fixed(cx - w * 0.85)} ${fixed(cy)}A${fixed(w * 0.85)} ${fixed(w * 0.85)} 0 0 0 ${fixed(cx + w * 0.85)} ${fixed(cy)}" fill="none" stroke="${ink}" stroke-width="${fixed(s * 0.03)}" stroke-linecap="round"/><path d="M${fixed(cx)} ${fixed(cy + w * 0.85)}V${fixed(cy + s * 0.32)}M${fixed(cx - w * 0.6)} ${fixed(cy + s * 0.32)}H${fixed(cx + w * 0.6)}" stroke="${ink}" stroke-width="${fixed(s * 0.03)}" stroke-linecap="round"/><rect x="${fixed(cx - w / 2)}" y="${fixed(top)}" width="${fixed(w)}" height="${fixed(s * 0.44)}" rx="${fixed(w / 2)}" fill="${ink}"/><g stroke="${ground}" stroke-width="${fixed(s * 0.012)}" opacity="0.6">${grille}</g>`;
  } else if (motif === 'bubbles') {
    const bubble = (x: number, y: number, w: number, h: number, flip: number, fill: string, extra = '') =>
      `<path d="M${fixed(x + h / 2)} ${fixed(y)}H${fixed(x + w - h / 2)}A${fixed(h / 2)} ${fixed(h / 2)} 0 0 1 ${fixed(x + w - h / 2)} ${fixed(y + h)}H${fixed(flip > 0 ? x + w * 0.34 : x + w * 0.78)}L${fixed(flip > 0 ? x + w * 0.16 : x + w * 0.92)} ${fixed(y + h + h * 0.38)}L${fixed(flip > 0 ? x + w * 0.2 : x + w * 0.62)} ${fixed(y + h)}H${fixed(x + h / 2)}A${fixed(h / 2)} ${fixed(h / 2)} 0 0 1 ${fixed(x + h / 2)} ${fixed(y)}Z" fill="${fill}"${extra}/>`;
    art = `${bubble(cx - s * 0.36, cy - s * 0.3, s * 0.56, s * 0.3, 1, ink)}${bubble(cx - s * 0.18, cy + s * 0.02, s * 0.54, s * 0.28, -1, second, ' opacity="0.92"')}`;
  } else if (motif === 'wave') {
    const r = s * 0.34;
    const bars = 17;
    art = `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="${ink}"/><g fill="${ground}">${Array.from(
      { length: bars },
      (_, index) => {
        const x = cx - r * 0.7 + (index / (bars - 1)) * r * 1.4;
        const edge = Math.sqrt(Math.max(0, 1 - ((x - cx) / (r * 0.8)) ** 2));
        const h = r * (0.08 + edge * between(random, 0.2, 1.1));
        return `<rect x="${fixed(x - r * 0.025)}" y="${fixed(cy - h / 2)}" width="${fixed(r * 0.05)}" height="${fixed(h)}" rx="${fixed(r * 0.025)}"/>`;
      },
    ).join('')}</g>`;
  } else {
    const r = s * 0.27;
    art = `<path d="M${fixed(cx - r)} ${fixed(cy + r * 0.2)}V${fixed(cy)}A${fixed(r)} ${fixed(r)} 0 0 1 ${fixed(cx + r)} ${fixed(cy)}V${fixed(cy + r * 0.2)}" fill="none" stroke="${ink}" stroke-width="${fixed(s * 0.045)}"/>${[-1, 1].map((side) => `<rect x="${fixed(cx + side * r - s * 0.08)}" y="${fixed(cy + r * 0.05)}" width="${fixed(s * 0.16)}" height="${fixed(s * 0.26)}" rx="${fixed(s * 0.06)}" fill="${ink}"/>`).join('')}<path d="${pulsePath(cx - r * 0.6, cx + r * 0.6, cy + r * 0.5, cx, r * 0.35)}" fill="none" stroke="${second}" stroke-width="${fixed(s * 0.02)}" stroke-linejoin="round" stroke-linecap="round"/>`;
  }
  const count =
    episode === undefined
      ? ''
      : `<g fill="${ink}">${Array.from({ length: Math.min(episode, 24) }, (_, index) => `<rect x="${fixed(s * 0.07 + index * s * 0.022)}" y="${fixed(s * 0.9)}" width="${fixed(s * 0.012)}" height="${fixed(s * 0.04)}"/>`).join('')}</g>`;
  return svgDocument(
    s,
    s,
    '',
    `${fullRect(s, s, ground)}${halftoneRows({ x: 0, width: s, top: s * 0.55, bottom: s, rows: 16, spacing: 20, from: 0, to: 14, colour: bright ? INK : secondary, opacity: bright ? 0.22 : 0.35 })}${bright ? '' : `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(s * 0.44)}" fill="none" stroke="${secondary}" stroke-width="2" opacity="0.5"/>`}${art}${count}<rect x="${fixed(s * 0.04)}" y="${fixed(s * 0.04)}" width="${fixed(s * 0.92)}" height="${fixed(s * 0.92)}" fill="none" stroke="${ink}" stroke-width="3" opacity="0.5"/>`,
  );
}

const SHOW_MOTIFS = ['record', 'broadcast', 'radial'] as const;

/** A radio show's cover: a record under the arm, a broadcast from a mast, or a ring of levels. */
export function showSvg(seed: string, size = 1000, palette: Palette = paletteFor(seed)): string {
  const random = randomFrom(seed);
  const motif = SHOW_MOTIFS[hashOf(`show:${seed}`) % SHOW_MOTIFS.length]!;
  const { accent, secondary } = palette;
  const s = size;
  const defs = `${glowGradient('glow', accent, 0.55)}${glowGradient('glow2', secondary, 0.4)}<linearGradient id="ink" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${s}" y2="${s}"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>`;
  let art = '';
  if (motif === 'record') {
    const cx = s * between(random, 0.42, 0.5);
    const cy = s * 0.52;
    const r = s * 0.4;
    const grooves = Array.from(
      { length: 14 },
      (_, index) => `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * (0.4 + index * 0.042))}"/>`,
    ).join('');
    const armAngle = between(random, 18, 30);
    art = `${glow('glow2', s * 0.8, s * 0.2, s * 0.6)}<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="#050505"/><g fill="none" stroke="#fff" stroke-opacity="0.09" stroke-width="1.5">${grooves}</g><path d="M${fixed(cx)} ${fixed(cy)}L${fixed(cx - r)} ${fixed(cy - r * 0.5)}A${fixed(r * 1.1)} ${fixed(r * 1.1)} 0 0 1 ${fixed(cx - r * 0.55)} ${fixed(cy - r * 0.95)}Z" fill="#fff" opacity="0.06"/><path d="M${fixed(cx)} ${fixed(cy)}L${fixed(cx + r)} ${fixed(cy + r * 0.5)}A${fixed(r * 1.1)} ${fixed(r * 1.1)} 0 0 1 ${fixed(cx + r * 0.55)} ${fixed(cy + r * 0.95)}Z" fill="#fff" opacity="0.05"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 0.32)}" fill="url(#ink)"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 0.03)}" fill="#000"/><g transform="rotate(${fixed(armAngle)} ${fixed(s * 0.88)} ${fixed(s * 0.14)})"><circle cx="${fixed(s * 0.88)}" cy="${fixed(s * 0.14)}" r="${fixed(s * 0.045)}" fill="#2A2A2A" stroke="#CFCFCF" stroke-width="4"/><path d="M${fixed(s * 0.88)} ${fixed(s * 0.14)}V${fixed(s * 0.62)}L${fixed(s * 0.84)} ${fixed(s * 0.7)}" fill="none" stroke="#CFCFCF" stroke-width="${fixed(s * 0.014)}" stroke-linejoin="round"/><rect x="${fixed(s * 0.81)}" y="${fixed(s * 0.69)}" width="${fixed(s * 0.06)}" height="${fixed(s * 0.07)}" rx="6" fill="#E8E8E8"/></g>`;
  } else if (motif === 'broadcast') {
    const cx = s * between(random, 0.35, 0.65);
    const top = s * 0.42;
    const arcs = Array.from({ length: 6 }, (_, index) => {
      const r = s * (0.08 + index * 0.085);
      return `<path d="M${fixed(cx - r)} ${fixed(top)}A${fixed(r)} ${fixed(r)} 0 0 1 ${fixed(cx + r)} ${fixed(top)}" opacity="${ratio(1 - index * 0.14)}"/>`;
    }).join('');
    const mast = `<path d="M${fixed(cx)} ${fixed(top)}L${fixed(cx - s * 0.12)} ${s}M${fixed(cx)} ${fixed(top)}L${fixed(cx + s * 0.12)} ${s}${Array.from(
      { length: 6 },
      (_, index) => {
        const y0 = top + (s - top) * (index / 6);
        const y1 = top + (s - top) * ((index + 1) / 6);
        const w0 = s * 0.12 * (index / 6);
        const w1 = s * 0.12 * ((index + 1) / 6);
        return `M${fixed(cx - w0)} ${fixed(y0)}L${fixed(cx + w1)} ${fixed(y1)}M${fixed(cx + w0)} ${fixed(y0)}L${fixed(cx - w1)} ${fixed(y1)}`;
      },
    ).join('')}" fill="none" stroke="#fff" stroke-width="5" opacity="0.85"/>`;
    art = `${glow('glow', cx, top, s * 0.6)}<g fill="none" stroke="url(#ink)" stroke-width="${fixed(s * 0.022)}" stroke-linecap="round">${arcs}</g>${mast}<circle cx="${fixed(cx)}" cy="${fixed(top)}" r="${fixed(s * 0.022)}" fill="${accent}"/>`;
  } else {
    const cx = s * 0.5;
    const cy = s * 0.5;
    const r = s * 0.2;
    const count = 64;
    art = `${glow('glow', cx, cy, s * 0.55)}<g stroke="url(#ink)" stroke-width="${fixed(s * 0.009)}" stroke-linecap="round">${Array.from(
      { length: count },
      (_, index) => {
        const angle = (index / count) * Math.PI * 2;
        const length = r * (0.25 + Math.abs(Math.sin(index * 0.45 + random())) * between(random, 0.4, 1.1));
        return `<path d="M${fixed(cx + Math.cos(angle) * r)} ${fixed(cy + Math.sin(angle) * r)}L${fixed(cx + Math.cos(angle) * (r + length))} ${fixed(cy + Math.sin(angle) * (r + length))}"/>`;
      },
    ).join(
      '',
    )}</g><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r * 0.86)}" fill="#050505" stroke="#fff" stroke-opacity="0.3" stroke-width="2"/><path d="${pulsePath(cx - r * 0.6, cx + r * 0.6, cy, cx, r * 0.4)}" fill="none" stroke="#fff" stroke-width="${fixed(s * 0.01)}" stroke-linejoin="round" stroke-linecap="round"/>`;
  }
  return svgDocument(
    s,
    s,
    defs,
    `${fullRect(s, s, '#080808')}${chance(random, 0.5) ? halftoneRows({ x: 0, width: s, top: 0, bottom: s * 0.3, rows: 10, spacing: 18, from: 8, to: 0, colour: secondary, opacity: 0.3 }) : ''}${art}${pulseTag(s * 0.07, s * 0.1, s * 0.12, '#fff')}`,
  );
}
