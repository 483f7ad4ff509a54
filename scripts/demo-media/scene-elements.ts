/**
 * What the scenes are drawn from: their frame, lamps and truss, figures on stage, the crowd,
 * confetti, stars, skies, palms and rocks. Each returns SVG markup for a layer of a scene.
 */

import { between, chance, mix, pick, ratio, type Random } from './svg.ts';

/** Scenes are big: whole pixels are precise enough and keep the files small. */
export const px = (value: number) => Math.round(value);

export interface Frame {
  random: Random;
  w: number;
  h: number;
  accent: string;
  secondary: string;
}

export interface Layers {
  defs: string;
  body: string;
}

/** Beams from lamps at given points, fanning downwards into the haze. */
export function lampBeams(frame: Frame, lamps: [number, number][], gradientId: string, reach = 1): string {
  const { random, w, h } = frame;
  return lamps
    .map(([x, y]) => {
      const target = x + (random() - 0.5) * w * 0.7;
      const spread = w * between(random, 0.03, 0.07);
      const end = y + (h - y) * reach;
      return `<path d="M${px(x)} ${px(y)}L${px(target - spread)} ${px(end)}L${px(target + spread)} ${px(end)}Z" fill="url(#${gradientId})" opacity="${ratio(between(random, 0.4, 0.9))}"/>`;
    })
    .join('');
}

/** A lattice truss between two points (two chords and the zigzag between them). */
export function truss(x0: number, y0: number, x1: number, y1: number, depth: number): string {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const ux = (x1 - x0) / length;
  const uy = (y1 - y0) / length;
  const nx = -uy * depth;
  const ny = ux * depth;
  const steps = Math.max(2, Math.round(length / (depth * 1.2)));
  let zigzag = `M${px(x0)} ${px(y0)}`;
  for (let step = 1; step <= steps; step++) {
    const t = step / steps;
    const side = step % 2 ? 1 : 0;
    zigzag += `L${px(x0 + (x1 - x0) * t + nx * side)} ${px(y0 + (y1 - y0) * t + ny * side)}`;
  }
  return `<path d="M${px(x0)} ${px(y0)}L${px(x1)} ${px(y1)}M${px(x0 + nx)} ${px(y0 + ny)}L${px(x1 + nx)} ${px(y1 + ny)}${zigzag}"/>`;
}

/** A standing figure, seen small on a stage: head, body, legs and a pose. */
export function standingFigure(
  x: number,
  base: number,
  height: number,
  pose: 'raised' | 'mic' | 'guitar' | 'still',
  facing: number,
): string {
  const head = height * 0.075;
  const shoulderY = base - height * 0.8;
  const hipY = base - height * 0.46;
  const shoulder = height * 0.12;
  const hip = height * 0.085;
  const parts = [
    `<circle cx="${px(x)}" cy="${px(base - height + head)}" r="${px(head)}"/>`,
    `<path d="M${px(x - shoulder)} ${px(shoulderY)}Q${px(x)} ${px(shoulderY - height * 0.04)} ${px(x + shoulder)} ${px(shoulderY)}L${px(x + hip)} ${px(hipY)}L${px(x + hip * 1.1)} ${px(base)}H${px(x + hip * 0.25)}L${px(x)} ${px(hipY + height * 0.1)}L${px(x - hip * 0.25)} ${px(base)}H${px(x - hip * 1.1)}L${px(x - hip)} ${px(hipY)}Z"/>`,
  ];
  const arm = (d: string) =>
    `<path d="${d}" fill="none" stroke="currentColor" stroke-width="${px(height * 0.05)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const side = facing;
  if (pose === 'raised') {
    parts.push(
      arm(
        `M${px(x + side * shoulder * 0.8)} ${px(shoulderY + 4)}L${px(x + side * shoulder * 1.6)} ${px(shoulderY - height * 0.2)}L${px(x + side * shoulder * 1.4)} ${px(shoulderY - height * 0.4)}`,
      ),
    );
    parts.push(arm(`M${px(x - side * shoulder * 0.8)} ${px(shoulderY + 4)}L${px(x - side * shoulder * 1.2)} ${px(hipY)}`));
  } else if (pose === 'mic') {
    parts.push(
      arm(
        `M${px(x + side * shoulder * 0.8)} ${px(shoulderY + 4)}L${px(x + side * shoulder * 1.3)} ${px(shoulderY + height * 0.14)}L${px(x + side * head * 0.9)} ${px(base - height + head * 2.2)}`,
      ),
    );
    parts.push(
      arm(`M${px(x - side * shoulder * 0.8)} ${px(shoulderY + 4)}L${px(x - side * shoulder * 1.9)} ${px(shoulderY + height * 0.1)}`),
    );
    parts.push(
      `<path d="M${px(x + side * head * 1.6)} ${px(base)}L${px(x + side * head * 1.1)} ${px(base - height + head * 2.4)}" fill="none" stroke="currentColor" stroke-width="${px(height * 0.015)}"/>`,
    );
  } else if (pose === 'guitar') {
    parts.push(
      `<ellipse cx="${px(x - side * shoulder * 0.2)}" cy="${px(hipY - height * 0.02)}" rx="${px(height * 0.11)}" ry="${px(height * 0.085)}" transform="rotate(${side * -25} ${px(x)} ${px(hipY)})"/>`,
      arm(
        `M${px(x - side * shoulder * 0.3)} ${px(hipY - height * 0.05)}L${px(x + side * shoulder * 2.6)} ${px(shoulderY - height * 0.02)}`,
      ),
      arm(
        `M${px(x + side * shoulder * 0.8)} ${px(shoulderY + 4)}L${px(x + side * shoulder * 1.6)} ${px(shoulderY + height * 0.12)}L${px(x + side * shoulder * 2.2)} ${px(shoulderY + height * 0.02)}`,
      ),
    );
  } else {
    parts.push(
      arm(
        `M${px(x - shoulder * 0.8)} ${px(shoulderY + 4)}L${px(x - shoulder * 1.1)} ${px(hipY + height * 0.02)}M${px(x + shoulder * 0.8)} ${px(shoulderY + 4)}L${px(x + shoulder * 1.1)} ${px(hipY + height * 0.02)}`,
      ),
    );
  }
  return parts.join('');
}

/** Confetti: small turning paper pieces in the palette. */
export function confetti(frame: Frame, count: number, top: number, bottom: number): string {
  const { random, w } = frame;
  const colours = [frame.accent, frame.secondary, '#FFFFFF'];
  return Array.from({ length: count }, () => {
    const x = random() * w;
    const y = between(random, top, bottom);
    const size = between(random, 5, 12);
    return `<path d="M${px(x)} ${px(y)}l${px(size)} ${px((random() - 0.5) * size)}" stroke="${pick(random, colours)}" stroke-width="${px(size * 0.45)}" opacity="${ratio(between(random, 0.5, 1))}"/>`;
  }).join('');
}

/**
 * A crowd seen from behind: a far row as one bumpy line of heads in the haze, then nearer rows of
 * heads and shoulders, some arms up, some phones glowing.
 */
export function crowd(frame: Frame, top: number, rows = 2, size = 1): string {
  const { random, w, h, accent } = frame;
  const unit = (h / 900) * size;
  const far: string[] = [`M0 ${h}V${px(top)}`];
  for (let x = 0; x < w; x += 26 * unit)
    far.push(`a${px(13 * unit)} ${px(13 * unit)} 0 0 1 ${px(26 * unit)} ${px((random() - 0.5) * 6 * unit)}`);
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
      people.push(`<use href="#person" transform="translate(${px(x)} ${px(y)}) scale(${px(r)})"/>`);
      if (chance(random, 0.2)) {
        const side = random() > 0.5 ? 1 : -1;
        const hx = x + side * r * between(random, 1.6, 2.6);
        const hy = y - r * between(random, 2.5, 4.2);
        people.push(
          `<path d="M${px(x + side * r * 1.5)} ${px(y + r * 2)}Q${px(x + side * r * 2.6)} ${px(y)} ${px(hx)} ${px(hy)}" fill="none" stroke="#000" stroke-width="${px(r * 0.75)}" stroke-linecap="round"/>`,
        );
        if (chance(random, 0.45))
          hands.push(
            `<rect x="${px(hx - r * 0.4)}" y="${px(hy - r * 1.5)}" width="${px(r * 0.8)}" height="${px(r * 1.3)}" rx="${px(r * 0.15)}"/>`,
          );
        else people.push(`<circle cx="${px(hx)}" cy="${px(hy - r * 0.3)}" r="${px(r * 0.55)}"/>`);
      }
    }
    layers.push(`<g fill="${row === rows - 1 ? '#000' : '#050505'}">${people.join('')}</g>`);
    if (hands.length) layers.push(`<g fill="${mix(accent, '#FFFFFF', 0.6)}" filter="url(#screenGlow)">${hands.join('')}</g>`);
  }
  return layers.join('');
}

/** Stars: tiny dots, more near the top. */
export function stars(frame: Frame, count: number, bottom: number): string {
  const { random, w } = frame;
  return `<g fill="#fff">${Array.from({ length: count }, () => `<circle cx="${px(random() * w)}" cy="${px(random() ** 1.6 * bottom)}" r="${px(between(random, 0.6, 2.2))}" opacity="${ratio(between(random, 0.3, 0.9))}"/>`).join('')}</g>`;
}

/** A night or dusk sky: near-black above, the palette towards the horizon. */
export function sky(frame: Frame, horizon: number, warmth = 0.5): Layers {
  const { w, h, accent, secondary } = frame;
  return {
    defs: `<linearGradient id="sky" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${px(horizon)}"><stop offset="0" stop-color="#050505"/><stop offset="0.55" stop-color="${mix(secondary, '#000', 0.82)}"/><stop offset="1" stop-color="${mix(accent, '#000', 1 - warmth)}"/></linearGradient>`,
    body: `<rect width="${w}" height="${px(horizon + 2)}" fill="url(#sky)"/><rect y="${px(horizon)}" width="${w}" height="${px(h - horizon)}" fill="#050505"/>`,
  };
}

export function palmTree(x: number, base: number, height: number, lean: number): string {
  const topX = x + lean * height * 0.3;
  const topY = base - height;
  const fronds = Array.from({ length: 7 }, (_, index) => {
    const angle = -Math.PI + (index / 6) * Math.PI + (index % 2 ? 0.15 : -0.1);
    const length = height * (0.32 + (index % 3) * 0.05);
    const ex = topX + Math.cos(angle) * length;
    const ey = topY + Math.sin(angle) * length * 0.55 + length * 0.35;
    const cx = topX + Math.cos(angle) * length * 0.5;
    const cy = topY + Math.sin(angle) * length * 0.6 - length * 0.12;
    return `M${px(topX)} ${px(topY)}Q${px(cx)} ${px(cy)} ${px(ex)} ${px(ey)}`;
  }).join('');
  return `<path d="M${px(x)} ${px(base)}Q${px(x + lean * height * 0.05)} ${px(base - height * 0.5)} ${px(topX)} ${px(topY)}" fill="none" stroke="#030303" stroke-width="${px(height * 0.035)}" stroke-linecap="round"/><path d="${fronds}" fill="none" stroke="#030303" stroke-width="${px(height * 0.03)}" stroke-linecap="round"/>`;
}

export function rocksBehind(frame: Frame, horizon: number): string {
  const { random, w, h } = frame;
  const points: string[] = [];
  for (let step = 0; step <= 24; step++) {
    const x = (step / 24) * w;
    const lift = Math.abs(Math.sin(step * 0.7 + random() * 0.5)) * h * 0.12 * (step % 5 === 0 ? 1.4 : 1);
    points.push(`${px(x)} ${px(horizon - lift)}`);
  }
  return `<path d="M0 ${px(horizon)}L${points.join('L')}L${w} ${px(horizon)}Z" fill="#0C0C0C"/>`;
}
