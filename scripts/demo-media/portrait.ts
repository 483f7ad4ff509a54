/**
 * Portraits of performers, presenters, speakers and authors: stylised busts, never faces. A bust
 * (head, hair or headwear, neck, shoulders and an accessory) is drawn once as a symbol and used by
 * one of five poster treatments: spotlight rim, duotone block, sliced sun, line engraving, split.
 */
import {
  between,
  chance,
  dotScreen,
  fixed,
  fullRect,
  glow,
  glowGradient,
  halftoneRows,
  hashOf,
  mix,
  paletteFor,
  pick,
  randomFrom,
  rings,
  svgDocument,
  vignetteGradient,
  type Palette,
  type Random,
} from './svg.ts';

export type PortraitKind = 'performers' | 'presenters' | 'speakers' | 'authors';

const HAIR = ['none', 'crop', 'quiff', 'afro', 'long', 'bun', 'hijab', 'ghutra', 'cap', 'curls'] as const;
type Hair = (typeof HAIR)[number];
type Accessory = 'none' | 'headphones' | 'sunglasses' | 'mic' | 'earring' | 'glasses';

export interface Bust {
  /** The silhouette, as shapes without a fill (the treatment fills them). */
  shape: string;
  /** Lines and small shapes drawn over the silhouette in a contrasting colour. */
  details: string;
  head: { cx: number; cy: number; rx: number; ry: number };
}

/** A bumpy circle (curls, afro): arcs bulging out between points on a circle. */
function cloud(cx: number, cy: number, radius: number, bumps: number, random: Random): string {
  const points = Array.from({ length: bumps }, (_, index) => {
    const angle = (index / bumps) * Math.PI * 2 + random() * 0.2;
    const r = radius * (0.92 + random() * 0.1);
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as const;
  });
  const bump = ((2 * Math.PI * radius) / bumps) * 0.62;
  return `<path d="M${points.map(([x, y], index) => (index === 0 ? `${fixed(x)} ${fixed(y)}` : `A${fixed(bump)} ${fixed(bump)} 0 0 1 ${fixed(x)} ${fixed(y)}`)).join('')}A${fixed(bump)} ${fixed(bump)} 0 0 1 ${fixed(points[0]![0])} ${fixed(points[0]![1])}Z"/>`;
}

/**
 * A bust in a frame of `width` by `height`, centred at `centreX`, with its head's height scaled
 * by `scale` (1 fills a 4:5 portrait).
 */
export function bust(
  random: Random,
  width: number,
  height: number,
  options: { centreX?: number; scale?: number; hair?: Hair; accessory?: Accessory } = {},
): Bust {
  const scale = options.scale ?? 1;
  const cx = options.centreX ?? width * between(random, 0.42, 0.58);
  const rx = height * 0.118 * scale * between(random, 0.9, 1.08);
  const ry = rx * between(random, 1.22, 1.36);
  const cy = height - height * 0.62 * scale + between(random, -0.03, 0.03) * height * scale;
  const turn = between(random, -1, 1);
  const dir = turn >= 0 ? 1 : -1;
  const tilt = between(random, -7, 7);
  const hair = options.hair ?? pick(random, HAIR);
  // Headwear hides the ears, so no earring under it.
  const accessory = options.accessory === 'earring' && (hair === 'hijab' || hair === 'ghutra') ? 'none' : (options.accessory ?? 'none');

  const chinX = cx + turn * rx * 0.22;
  const jawR = rx * (0.58 + (turn > 0 ? 0.08 : 0));
  const jawL = rx * (0.58 + (turn < 0 ? 0.08 : 0));
  let head = `M${fixed(cx)} ${fixed(cy - ry)}C${fixed(cx + rx * 0.62)} ${fixed(cy - ry)} ${fixed(cx + rx)} ${fixed(cy - ry * 0.55)} ${fixed(cx + rx)} ${fixed(cy - ry * 0.05)}C${fixed(cx + rx)} ${fixed(cy + ry * 0.45)} ${fixed(cx + jawR)} ${fixed(cy + ry * 0.92)} ${fixed(chinX)} ${fixed(cy + ry)}C${fixed(cx - jawL)} ${fixed(cy + ry * 0.92)} ${fixed(cx - rx)} ${fixed(cy + ry * 0.45)} ${fixed(cx - rx)} ${fixed(cy - ry * 0.05)}C${fixed(cx - rx)} ${fixed(cy - ry * 0.55)} ${fixed(cx - rx * 0.62)} ${fixed(cy - ry)} ${fixed(cx)} ${fixed(cy - ry)}Z`;
  // A three-quarter turn shows the nose and an ear on the far side.
  if (Math.abs(turn) > 0.45) {
    const noseX = cx + dir * rx * 1.0;
    head += `M${fixed(noseX - dir * rx * 0.1)} ${fixed(cy - ry * 0.12)}L${fixed(noseX + dir * rx * 0.16)} ${fixed(cy + ry * 0.22)}L${fixed(noseX - dir * rx * 0.08)} ${fixed(cy + ry * 0.3)}Z`;
  }
  const ear = `<ellipse cx="${fixed(cx - dir * rx * 0.97)}" cy="${fixed(cy + ry * 0.05)}" rx="${fixed(rx * 0.16)}" ry="${fixed(ry * 0.2)}"/>`;

  const neckWidth = rx * between(random, 0.82, 0.98);
  const neckBase = cy + ry * 1.05 + rx * 0.3;
  const shoulder = rx * between(random, 2.8, 3.5);
  const left = shoulder * (1 - turn * 0.1);
  const right = shoulder * (1 + turn * 0.1);
  const drop = rx * between(random, 0.7, 1.0);
  const bottom = height + 20;
  const torso = `<path d="M${fixed(cx - neckWidth / 2)} ${fixed(cy + ry * 0.5)}V${fixed(neckBase - rx * 0.1)}C${fixed(cx - neckWidth / 2 - rx * 0.7)} ${fixed(neckBase + rx * 0.05)} ${fixed(cx - left + rx * 0.5)} ${fixed(neckBase + rx * 0.1)} ${fixed(cx - left)} ${fixed(neckBase + drop)}C${fixed(cx - left - rx * 0.22)} ${fixed(neckBase + drop + rx * 0.6)} ${fixed(cx - left - rx * 0.2)} ${fixed(bottom - rx)} ${fixed(cx - left - rx * 0.25)} ${fixed(bottom)}H${fixed(cx + right + rx * 0.25)}C${fixed(cx + right + rx * 0.2)} ${fixed(bottom - rx)} ${fixed(cx + right + rx * 0.22)} ${fixed(neckBase + drop + rx * 0.6)} ${fixed(cx + right)} ${fixed(neckBase + drop)}C${fixed(cx + right - rx * 0.5)} ${fixed(neckBase + rx * 0.1)} ${fixed(cx + neckWidth / 2 + rx * 0.7)} ${fixed(neckBase + rx * 0.05)} ${fixed(cx + neckWidth / 2)} ${fixed(neckBase - rx * 0.1)}V${fixed(cy + ry * 0.5)}Z"/>`;

  const hairShapes: string[] = [];
  const details: string[] = [];
  const faceOutline = `<ellipse cx="${fixed(cx + turn * rx * 0.1)}" cy="${fixed(cy + ry * 0.08)}" rx="${fixed(rx * 0.86)}" ry="${fixed(ry * 0.9)}" fill="none" stroke-width="${fixed(rx * 0.035)}" opacity="0.55"/>`;
  switch (hair) {
    case 'crop':
      hairShapes.push(`<ellipse cx="${fixed(cx)}" cy="${fixed(cy - ry * 0.38)}" rx="${fixed(rx * 1.05)}" ry="${fixed(ry * 0.7)}"/>`);
      break;
    case 'quiff':
      hairShapes.push(
        `<ellipse cx="${fixed(cx)}" cy="${fixed(cy - ry * 0.38)}" rx="${fixed(rx * 1.04)}" ry="${fixed(ry * 0.7)}"/><ellipse cx="${fixed(cx + dir * rx * 0.35)}" cy="${fixed(cy - ry * 0.92)}" rx="${fixed(rx * 0.72)}" ry="${fixed(ry * 0.32)}" transform="rotate(${dir * -18} ${fixed(cx + dir * rx * 0.35)} ${fixed(cy - ry * 0.92)})"/>`,
      );
      break;
    case 'afro':
      hairShapes.push(cloud(cx, cy - ry * 0.32, rx * 1.55, 16, random));
      break;
    case 'curls':
      hairShapes.push(cloud(cx, cy - ry * 0.45, rx * 1.18, 11, random));
      break;
    case 'long':
      hairShapes.push(
        `<path d="M${fixed(cx - rx * 1.12)} ${fixed(cy - ry * 0.1)}A${fixed(rx * 1.12)} ${fixed(ry * 1.06)} 0 0 1 ${fixed(cx + rx * 1.12)} ${fixed(cy - ry * 0.1)}C${fixed(cx + rx * 1.25)} ${fixed(cy + ry * 0.8)} ${fixed(cx + rx * 1.5)} ${fixed(cy + ry * 1.6)} ${fixed(cx + rx * 1.45)} ${fixed(cy + ry * 2.05)}H${fixed(cx - rx * 1.45)}C${fixed(cx - rx * 1.5)} ${fixed(cy + ry * 1.6)} ${fixed(cx - rx * 1.25)} ${fixed(cy + ry * 0.8)} ${fixed(cx - rx * 1.12)} ${fixed(cy - ry * 0.1)}Z"/>`,
      );
      break;
    case 'bun':
      hairShapes.push(
        `<ellipse cx="${fixed(cx)}" cy="${fixed(cy - ry * 0.4)}" rx="${fixed(rx * 1.03)}" ry="${fixed(ry * 0.66)}"/><circle cx="${fixed(cx + dir * rx * 0.25)}" cy="${fixed(cy - ry * 1.12)}" r="${fixed(rx * 0.46)}"/>`,
      );
      break;
    case 'hijab':
      hairShapes.push(
        `<path d="M${fixed(cx - rx * 1.24)} ${fixed(cy + ry * 0.05)}A${fixed(rx * 1.24)} ${fixed(ry * 1.16)} 0 0 1 ${fixed(cx + rx * 1.24)} ${fixed(cy + ry * 0.05)}C${fixed(cx + rx * 1.3)} ${fixed(cy + ry * 0.8)} ${fixed(cx + rx * 1.6)} ${fixed(neckBase)} ${fixed(cx + right * 0.78)} ${fixed(neckBase + drop * 0.9)}L${fixed(cx - left * 0.78)} ${fixed(neckBase + drop * 0.9)}C${fixed(cx - rx * 1.6)} ${fixed(neckBase)} ${fixed(cx - rx * 1.3)} ${fixed(cy + ry * 0.8)} ${fixed(cx - rx * 1.24)} ${fixed(cy + ry * 0.05)}Z"/>`,
      );
      details.push(faceOutline);
      break;
    case 'ghutra': {
      hairShapes.push(
        `<path d="M${fixed(cx)} ${fixed(cy - ry * 1.16)}C${fixed(cx + rx * 0.9)} ${fixed(cy - ry * 1.12)} ${fixed(cx + rx * 1.28)} ${fixed(cy - ry * 0.6)} ${fixed(cx + rx * 1.28)} ${fixed(cy + ry * 0.1)}C${fixed(cx + rx * 1.32)} ${fixed(cy + ry * 0.9)} ${fixed(cx + rx * 1.7)} ${fixed(neckBase)} ${fixed(cx + right * 0.86)} ${fixed(neckBase + drop * 1.1)}L${fixed(cx - left * 0.86)} ${fixed(neckBase + drop * 1.1)}C${fixed(cx - rx * 1.7)} ${fixed(neckBase)} ${fixed(cx - rx * 1.32)} ${fixed(cy + ry * 0.9)} ${fixed(cx - rx * 1.28)} ${fixed(cy + ry * 0.1)}C${fixed(cx - rx * 1.28)} ${fixed(cy - ry * 0.6)} ${fixed(cx - rx * 0.9)} ${fixed(cy - ry * 1.12)} ${fixed(cx)} ${fixed(cy - ry * 1.16)}Z"/>`,
      );
      // The agal: two cords round the crown.
      for (const offset of [0, 0.13])
        details.push(
          `<path d="M${fixed(cx - rx * 1.1)} ${fixed(cy - ry * (0.6 - offset))}Q${fixed(cx)} ${fixed(cy - ry * (0.78 - offset))} ${fixed(cx + rx * 1.1)} ${fixed(cy - ry * (0.6 - offset))}" fill="none" stroke-width="${fixed(rx * 0.08)}" stroke-linecap="round"/>`,
        );
      details.push(faceOutline);
      break;
    }
    case 'cap':
      hairShapes.push(
        `<path d="M${fixed(cx - rx * 1.06)} ${fixed(cy - ry * 0.3)}A${fixed(rx * 1.06)} ${fixed(ry * 0.78)} 0 0 1 ${fixed(cx + rx * 1.06)} ${fixed(cy - ry * 0.3)}Z"/><path d="M${fixed(cx + dir * rx * 0.2)} ${fixed(cy - ry * 0.42)}L${fixed(cx + dir * rx * 1.9)} ${fixed(cy - ry * 0.3)}L${fixed(cx + dir * rx * 1.85)} ${fixed(cy - ry * 0.2)}L${fixed(cx + dir * rx * 0.2)} ${fixed(cy - ry * 0.22)}Z"/>`,
      );
      details.push(
        `<path d="M${fixed(cx - rx * 1.04)} ${fixed(cy - ry * 0.3)}H${fixed(cx + rx * 1.04)}" stroke-width="${fixed(rx * 0.05)}" opacity="0.7"/>`,
      );
      break;
    case 'none':
      break;
  }

  // The neckline says who this is as much as the hair: a crew neck, a V, a jacket, a hoodie, a thobe.
  const clothing = hair === 'ghutra' ? 'thobe' : pick(random, ['crew', 'v', 'lapels', 'lapels', 'hoodie'] as const);
  const clothes: string[] = [];
  const n = neckWidth;
  const line = (d: string, opacity = 0.6) =>
    `<path d="${d}" fill="none" stroke-width="${fixed(rx * 0.045)}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`;
  if (clothing === 'crew')
    clothes.push(
      line(
        `M${fixed(cx - n * 0.8)} ${fixed(neckBase - rx * 0.08)}Q${fixed(cx)} ${fixed(neckBase + rx * 0.5)} ${fixed(cx + n * 0.8)} ${fixed(neckBase - rx * 0.08)}`,
      ),
    );
  if (clothing === 'v')
    clothes.push(
      line(
        `M${fixed(cx - n * 0.62)} ${fixed(neckBase - rx * 0.12)}L${fixed(cx)} ${fixed(neckBase + rx * 0.95)}L${fixed(cx + n * 0.62)} ${fixed(neckBase - rx * 0.12)}`,
      ),
    );
  if (clothing === 'lapels')
    for (const side of [-1, 1])
      clothes.push(
        line(
          `M${fixed(cx + side * n * 0.5)} ${fixed(neckBase - rx * 0.15)}L${fixed(cx + side * rx * 0.1)} ${fixed(neckBase + rx * 1.5)}M${fixed(cx + side * n * 0.75)} ${fixed(neckBase - rx * 0.05)}L${fixed(cx + side * rx * 1.05)} ${fixed(neckBase + rx * 0.75)}L${fixed(cx + side * rx * 0.78)} ${fixed(neckBase + rx * 0.92)}L${fixed(cx + side * rx * 0.12)} ${fixed(neckBase + rx * 1.85)}L${fixed(cx + side * rx * 0.12)} ${fixed(height + 20)}`,
        ),
      );
  if (clothing === 'hoodie') {
    hairShapes.unshift(`<ellipse cx="${fixed(cx)}" cy="${fixed(neckBase - rx * 0.05)}" rx="${fixed(rx * 1.5)}" ry="${fixed(rx * 0.62)}"/>`);
    clothes.push(
      line(
        `M${fixed(cx - rx * 1.25)} ${fixed(neckBase - rx * 0.25)}Q${fixed(cx)} ${fixed(neckBase + rx * 0.75)} ${fixed(cx + rx * 1.25)} ${fixed(neckBase - rx * 0.25)}`,
      ),
      line(
        `M${fixed(cx - rx * 0.3)} ${fixed(neckBase + rx * 0.35)}V${fixed(neckBase + rx * 1.3)}M${fixed(cx + rx * 0.3)} ${fixed(neckBase + rx * 0.35)}V${fixed(neckBase + rx * 1.2)}`,
      ),
    );
  }
  if (clothing === 'thobe')
    clothes.push(
      line(
        `M${fixed(cx - n * 0.6)} ${fixed(neckBase - rx * 0.2)}Q${fixed(cx)} ${fixed(neckBase + rx * 0.1)} ${fixed(cx + n * 0.6)} ${fixed(neckBase - rx * 0.2)}M${fixed(cx)} ${fixed(neckBase)}V${fixed(neckBase + rx * 1.6)}`,
      ),
      `<circle cx="${fixed(cx)}" cy="${fixed(neckBase + rx * 0.5)}" r="${fixed(rx * 0.05)}" opacity="0.6"/><circle cx="${fixed(cx)}" cy="${fixed(neckBase + rx * 0.95)}" r="${fixed(rx * 0.05)}" opacity="0.6"/>`,
    );

  const eyeY = cy - ry * 0.08;
  const faceX = cx + turn * rx * 0.28;
  switch (accessory) {
    case 'headphones':
      hairShapes.push(
        `<path d="M${fixed(cx - rx * 1.25)} ${fixed(cy + ry * 0.05)}A${fixed(rx * 1.25)} ${fixed(ry * 1.28)} 0 0 1 ${fixed(cx + rx * 1.25)} ${fixed(cy + ry * 0.05)}H${fixed(cx + rx * 1.08)}A${fixed(rx * 1.08)} ${fixed(ry * 1.12)} 0 0 0 ${fixed(cx - rx * 1.08)} ${fixed(cy + ry * 0.05)}Z"/>`,
        ...[-1, 1].map(
          (side) =>
            `<rect x="${fixed(cx + side * rx * 1.13 - rx * 0.2)}" y="${fixed(cy - ry * 0.18)}" width="${fixed(rx * 0.4)}" height="${fixed(ry * 0.5)}" rx="${fixed(rx * 0.14)}"/>`,
        ),
      );
      details.push(
        ...[-1, 1].map(
          (side) =>
            `<path d="M${fixed(cx + side * rx * 1.13)} ${fixed(cy - ry * 0.1)}V${fixed(cy + ry * 0.24)}" stroke-width="${fixed(rx * 0.05)}" stroke-linecap="round"/>`,
        ),
      );
      break;
    case 'sunglasses':
    case 'glasses': {
      const lens = (side: number) =>
        `<rect x="${fixed(faceX + side * rx * 0.42 - rx * 0.32)}" y="${fixed(eyeY - ry * 0.1)}" width="${fixed(rx * 0.64)}" height="${fixed(ry * (accessory === 'glasses' ? 0.22 : 0.26))}" rx="${fixed(rx * 0.12)}"${accessory === 'glasses' ? ` fill="none" stroke-width="${fixed(rx * 0.05)}"` : ''}/>`;
      details.push(
        lens(-1),
        lens(1),
        `<path d="M${fixed(faceX - rx * 0.12)} ${fixed(eyeY)}H${fixed(faceX + rx * 0.12)}" stroke-width="${fixed(rx * 0.05)}"/>`,
      );
      break;
    }
    case 'earring':
      details.push(`<circle cx="${fixed(cx - dir * rx * 0.97)}" cy="${fixed(cy + ry * 0.32)}" r="${fixed(rx * 0.09)}"/>`);
      break;
    case 'mic': {
      const micX = faceX + dir * rx * 0.25;
      const micY = cy + ry * 0.78;
      details.push(
        `<path d="M${fixed(micX)} ${fixed(micY)}L${fixed(micX + dir * rx * 0.5)} ${fixed(height + 20)}" stroke-width="${fixed(rx * 0.07)}" opacity="0.8"/><path d="M${fixed(micX)} ${fixed(micY)}L${fixed(micX + dir * rx * 0.22)} ${fixed(micY + ry * 0.75)}" stroke-width="${fixed(rx * 0.2)}" stroke-linecap="round"/><circle cx="${fixed(micX)}" cy="${fixed(micY)}" r="${fixed(rx * 0.2)}"/>`,
      );
      break;
    }
    case 'none':
      break;
  }

  const shapes = `${torso}${clothing === 'hoodie' ? hairShapes.shift() : ''}<g transform="rotate(${fixed(tilt)} ${fixed(cx)} ${fixed(neckBase)})">${hair === 'long' ? hairShapes.shift() : ''}<path d="${head}"/>${ear}${hairShapes.join('')}</g>`;
  return {
    shape: shapes,
    details: `${clothes.join('')}${details.length ? `<g transform="rotate(${fixed(tilt)} ${fixed(cx)} ${fixed(neckBase)})">${details.join('')}</g>` : ''}`,
    head: { cx, cy, rx, ry },
  };
}

function accessoryFor(kind: PortraitKind, random: Random): Accessory {
  const weights: Record<PortraitKind, Accessory[]> = {
    performers: ['none', 'none', 'sunglasses', 'sunglasses', 'mic', 'mic', 'headphones', 'earring'],
    presenters: ['headphones', 'headphones', 'headphones', 'none', 'glasses', 'earring'],
    speakers: ['none', 'none', 'glasses', 'glasses', 'earring'],
    authors: ['none', 'glasses', 'glasses', 'none', 'earring'],
  };
  return pick(random, weights[kind]);
}

const STYLES = ['spotlight', 'duotone', 'sun', 'engraving', 'split'] as const;
type PortraitStyle = (typeof STYLES)[number];

/** A 4:5 portrait for a performer, presenter, speaker or author, all from the path. */
export function portraitSvg(seed: string, kind: PortraitKind, width = 800, height = 1000, palette: Palette = paletteFor(seed)): string {
  const random = randomFrom(seed);
  // Authors and speakers lean to quieter treatments, performers to louder ones.
  const styles: readonly PortraitStyle[] =
    kind === 'authors'
      ? ['duotone', 'engraving', 'split', 'spotlight']
      : kind === 'speakers'
        ? ['spotlight', 'duotone', 'split', 'engraving', 'sun']
        : STYLES;
  const style = styles[hashOf(`style:${seed}`) % styles.length]!;
  const figure = bust(random, width, height, { accessory: accessoryFor(kind, random) });
  return renderPortrait(style, random, figure, width, height, palette);
}

export function renderPortrait(
  style: PortraitStyle,
  random: Random,
  figure: Bust,
  width: number,
  height: number,
  palette: Palette,
): string {
  const { accent, secondary } = palette;
  const { cx, cy, rx } = figure.head;
  const figureDef = `<g id="figure">${figure.shape}</g>`;
  const detailsFor = (colour: string) => (figure.details ? `<g fill="${colour}" stroke="${colour}">${figure.details}</g>` : '');
  const use = (fill: string, extra = '') => `<use href="#figure" fill="${fill}" color="${fill}"${extra}/>`;

  if (style === 'spotlight') {
    const dots = dotScreen('dots', width, height, accent, [random() > 0.5 ? 0.85 : 0.15, 0.12]);
    return svgDocument(
      width,
      height,
      `${figureDef}<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#141414"/><stop offset="1" stop-color="#000"/></linearGradient>${glowGradient('glow', accent, 0.6)}${glowGradient('glow2', secondary, 0.35)}${dots.defs}${vignetteGradient('vignette', 0.7)}`,
      `${fullRect(width, height, 'url(#sky)')}${dots.layer}${glow('glow2', cx + width * 0.3, height * 0.85, width * 0.7)}${glow('glow', cx, cy, width * 0.75)}${rings(random, cx, cy, rx * 1.4, 6, accent)}${use(secondary, ' transform="translate(-9 4)" opacity="0.9"')}${use(accent, ' transform="translate(9 -5)"')}${use('#050505')}${detailsFor(mix(accent, '#000', 0.15))}${fullRect(width, height, 'url(#vignette)')}`,
    );
  }

  if (style === 'duotone') {
    const ground = random() > 0.35 ? accent : secondary;
    const shape = random() > 0.5 ? 'arch' : 'circle';
    const backdrop =
      shape === 'circle'
        ? `<circle cx="${fixed(cx + between(random, -0.12, 0.12) * width)}" cy="${fixed(cy - rx * 0.4)}" r="${fixed(width * between(random, 0.33, 0.42))}" fill="#000" opacity="0.14"/>`
        : `<path d="M${fixed(width * 0.14)} ${height}V${fixed(height * 0.36)}A${fixed(width * 0.36)} ${fixed(width * 0.36)} 0 0 1 ${fixed(width * 0.86)} ${fixed(height * 0.36)}V${height}Z" fill="#000" opacity="0.12"/>`;
    return svgDocument(
      width,
      height,
      `${figureDef}<linearGradient id="shade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>`,
      `${fullRect(width, height, ground)}${fullRect(width, height, 'url(#shade)')}${backdrop}${halftoneRows({ x: 0, width, top: height * 0.45, bottom: height, rows: 22, spacing: 22, from: 0, to: 17, colour: '#000', opacity: 0.5 })}${use('#0A0A0A')}${detailsFor(ground)}<rect x="24" y="24" width="${width - 48}" height="${height - 48}" fill="none" stroke="#000" stroke-width="3" opacity="0.8"/>`,
    );
  }

  if (style === 'sun') {
    const sunR = rx * between(random, 2.1, 2.7);
    const sunY = cy - rx * between(random, 0.2, 0.8);
    const slits = Array.from({ length: 8 }, (_, index) => {
      const y = sunY + sunR * (0.05 + index * 0.12);
      return `<rect x="0" y="${fixed(y)}" width="${width}" height="${fixed(2 + index * 3)}"/>`;
    }).join('');
    return svgDocument(
      width,
      height,
      `${figureDef}<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.35" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></linearGradient><mask id="slits"><rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${slits}</g></mask>${glowGradient('glow', accent, 0.5)}<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}" stop-opacity="0"/><stop offset="1" stop-color="${secondary}" stop-opacity="0.45"/></linearGradient>${vignetteGradient('vignette', 0.8)}`,
      `${fullRect(width, height, '#050505')}${glow('glow', cx, sunY, width * 0.9)}${rings(random, cx, sunY, sunR * 0.85, 5, accent, 0.28)}<circle cx="${fixed(cx)}" cy="${fixed(sunY)}" r="${fixed(sunR)}" fill="url(#sun)" mask="url(#slits)"/><rect y="${fixed(height * 0.55)}" width="${width}" height="${fixed(height * 0.45)}" fill="url(#floor)"/>${use('#000')}${detailsFor(accent)}${fullRect(width, height, 'url(#vignette)')}`,
    );
  }

  if (style === 'engraving') {
    const gap = between(random, 9, 13);
    const angle = pick(random, [0, 0, -20, 20, 90]);
    return svgDocument(
      width,
      height,
      `${figureDef}<pattern id="lines" width="${fixed(gap)}" height="${fixed(gap)}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="${fixed(gap)}" height="${fixed(gap * 0.45)}" fill="#fff"/></pattern><linearGradient id="ink" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${secondary}"/></linearGradient><mask id="silhouette"><use href="#figure" fill="#fff" color="#fff"/></mask><mask id="inside"><g mask="url(#silhouette)"><rect width="${width}" height="${height}" fill="url(#lines)"/></g></mask>${glowGradient('glow', secondary, 0.3)}`,
      `${fullRect(width, height, '#070707')}${glow('glow', cx, cy + rx, width * 0.8)}<g stroke="#fff" stroke-opacity="0.06">${Array.from({ length: 9 }, (_, index) => `<path d="M${fixed((width / 8) * index)} 0V${height}M0 ${fixed((height / 10) * index)}H${width}"/>`).join('')}</g><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(rx * 2.6)}" fill="none" stroke="url(#ink)" stroke-width="2" opacity="0.6"/>${use(accent, ' transform="translate(6 -4)"')}${use('#070707')}<rect width="${width}" height="${height}" fill="url(#ink)" mask="url(#inside)"/>${detailsFor('#fff')}`,
    );
  }

  // Split: the frame cut on a diagonal, the figure inverted on either side of the cut.
  const cut = between(random, 0.3, 0.7) * width;
  const lean = between(random, -0.25, 0.25) * width;
  const half = `M${fixed(cut + lean)} 0H${width}V${height}H${fixed(cut - lean)}Z`;
  return svgDocument(
    width,
    height,
    `${figureDef}<clipPath id="half"><path d="${half}"/></clipPath>`,
    `${fullRect(width, height, '#050505')}<path d="${half}" fill="${accent}"/><circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(rx * 2.2)}" fill="none" stroke="${secondary}" stroke-width="${fixed(rx * 0.18)}" opacity="0.9"/>${use(accent)}${detailsFor('#050505')}<g clip-path="url(#half)">${use('#050505')}${detailsFor(accent)}</g>${halftoneRows({ x: 0, width: width, top: height * 0.04, bottom: height * 0.3, rows: 9, spacing: 18, from: 9, to: 0, colour: secondary, opacity: 0.7 })}`,
  );
}
