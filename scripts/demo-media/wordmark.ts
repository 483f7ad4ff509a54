/**
 * Wordmarks for events, partners and brands: a symbol in the brand colour and the name in white,
 * on a transparent ground (they sit on the site's dark surfaces).
 */
import { escapeXml, fixed, hashOf } from './svg.ts';

/** A symbol for a wordmark: sun, wing, drop or wave; picked by the name unless one is asked for. */
function markPath(name: string, size: number, choice?: number): string {
  const s = size;
  const marks = [
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.2}"/><path d="M${s * 0.08} ${s * 0.7}a${s * 0.42} ${s * 0.42} 0 0 1 ${s * 0.84} 0M${s * 0.2} ${s * 0.86}h${s * 0.6}" fill="none" stroke-width="${s * 0.09}"/>`,
    `<path d="M${s * 0.04} ${s * 0.7}L${s * 0.5} ${s * 0.14}L${s * 0.96} ${s * 0.7}L${s * 0.78} ${s * 0.7}L${s * 0.5} ${s * 0.38}L${s * 0.22} ${s * 0.7}Z"/><path d="M${s * 0.3} ${s * 0.86}h${s * 0.4}" fill="none" stroke-width="${s * 0.1}" stroke-linecap="round"/>`,
    `<path d="M${s / 2} ${s * 0.06}C${s * 0.78} ${s * 0.4} ${s * 0.88} ${s * 0.52} ${s * 0.88} ${s * 0.64}A${s * 0.38} ${s * 0.34} 0 0 1 ${s * 0.12} ${s * 0.64}C${s * 0.12} ${s * 0.52} ${s * 0.22} ${s * 0.4} ${s / 2} ${s * 0.06}Z"/>`,
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.44}" fill="none" stroke-width="${s * 0.08}"/><path d="M${s * 0.16} ${s * 0.52}q${s * 0.085} -${s * 0.18} ${s * 0.17} 0t${s * 0.17} 0t${s * 0.17} 0t${s * 0.17} 0" fill="none" stroke-width="${s * 0.08}" stroke-linecap="round"/>`,
  ];
  // Later symbols: an eight-pointed star, an arch, equaliser bars and the pulse. The first four
  // keep their places so the wordmarks already in use keep their symbols.
  marks.push(
    `<path d="${star(s / 2, s / 2, s * 0.48, s * 0.3, 8)}"/><circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.12}" fill="#000" fill-opacity="0.85"/>`,
    `<path d="M${s * 0.1} ${s * 0.94}V${s * 0.5}A${s * 0.4} ${s * 0.4} 0 0 1 ${s * 0.9} ${s * 0.5}V${s * 0.94}H${s * 0.7}V${s * 0.52}A${s * 0.2} ${s * 0.2} 0 0 0 ${s * 0.3} ${s * 0.52}V${s * 0.94}Z"/>`,
    [0.45, 0.8, 0.6, 0.95, 0.35]
      .map(
        (bar, index) =>
          `<rect x="${fixed(s * (0.04 + index * 0.2))}" y="${fixed(s * (1 - bar))}" width="${fixed(s * 0.13)}" height="${fixed(s * bar)}" rx="${fixed(s * 0.04)}"/>`,
      )
      .join(''),
    `<path d="M0 ${s * 0.56}H${s * 0.26}L${s * 0.36} ${s * 0.3}L${s * 0.5} ${s * 0.9}L${s * 0.62} ${s * 0.1}L${s * 0.74} ${s * 0.56}H${s}" fill="none" stroke-width="${s * 0.1}" stroke-linejoin="round" stroke-linecap="round"/>`,
  );
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return marks[(choice ?? hash) % (choice === undefined ? 4 : marks.length)]!;
}

/** A clean wordmark: the symbol in the brand colour, the name in white capitals on one or two lines. */
export function wordmarkSvg(text: string, accent: string, width = 480, height = 160, mark?: number): string {
  const words = text.toUpperCase().split(/\s+/);
  const lines =
    words.length > 1 && text.length > 11
      ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')]
      : [words.join(' ')];
  const markSize = Math.round(height * 0.46);
  const gap = Math.round(height * 0.12);
  const textWidth = width - markSize - gap - height * 0.2;
  const longest = Math.max(...lines.map((line) => line.length));
  const fontSize = fixed(Math.min(height * (lines.length > 1 ? 0.26 : 0.34), textWidth / (longest * 0.7)));
  const lineHeight = fontSize * 1.02;
  const textX = height * 0.1 + markSize + gap;
  const firstBaseline = height / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.36;
  const textLines = lines
    .map((line, index) => `<text x="${fixed(textX)}" y="${fixed(firstBaseline + index * lineHeight)}">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<g transform="translate(${fixed(height * 0.1)} ${fixed((height - markSize) / 2)})" fill="${accent}" stroke="${accent}" stroke-width="0">${markPath(text, markSize, mark)}</g>
<g fill="#fff" font-family="'Helvetica Neue', Helvetica, Arial, sans-serif" font-weight="800" font-size="${fontSize}" letter-spacing="${fixed(fontSize * 0.04)}">${textLines}</g>
</svg>
`;
}

/** A star polygon with `points` points, as a path. */
function star(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const corners = Array.from({ length: points * 2 }, (_, index) => {
    const radius = index % 2 ? inner : outer;
    const angle = (Math.PI * index) / points - Math.PI / 2;
    return `${fixed(cx + Math.cos(angle) * radius)} ${fixed(cy + Math.sin(angle) * radius)}`;
  });
  return `M${corners.join('L')}Z`;
}

const SANS = `'Helvetica Neue', Helvetica, Arial, sans-serif`;
const SERIF = `Didot, 'Bodoni 72', Georgia, 'Times New Roman', serif`;

/** How wide a line of text in these faces is, in ems per character (generous, so names fit). */
const EM = { heavy: 0.72, light: 0.74, serif: 0.56 } as const;

/** Text that always fits: when the estimate says a line would overflow, it is held to the width. */
function fittedText(text: string, x: number, y: number, size: number, perChar: number, maxWidth: number, extra = ''): string {
  const estimate = text.length * size * perChar;
  const fit = estimate > maxWidth ? ` textLength="${fixed(maxWidth)}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${fixed(x)}" y="${fixed(y)}"${fit}${extra}>${escapeXml(text)}</text>`;
}

/**
 * A partner's or brand's logo (5:2, transparent): one of five clean treatments picked by the name
 * (symbol and capitals, lowercase with an accent full stop, spaced light capitals under a rule,
 * a monogram tile, a serif name with a swash), in white with the brand's colour.
 */
export function brandLogoSvg(name: string, accent: string, width = 240, height = 96): string {
  const style = hashOf(`logo:${name}`) % 5;
  const mark = hashOf(`mark:${name}`) % 8;
  if (style === 0) return wordmarkSvg(name, accent, width, height, mark);
  const pad = height * 0.12;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">\n`;
  const close = `\n</svg>\n`;
  if (style === 1) {
    // Lowercase and heavy, ending on a full stop in the brand colour.
    const text = name.toLowerCase();
    const size = Math.min(height * 0.42, (width - pad * 2) / ((text.length + 0.5) * EM.heavy * 0.8));
    const fits = (text.length + 0.5) * size * EM.heavy * 0.8 <= width - pad * 2;
    const fit = fits ? '' : ` textLength="${fixed(width - pad * 2)}" lengthAdjust="spacingAndGlyphs"`;
    return `${open}<text x="${fixed(width / 2)}" y="${fixed(height / 2 + size * 0.34)}" text-anchor="middle"${fit} fill="#fff" font-family="${SANS}" font-weight="900" font-size="${fixed(size)}" letter-spacing="${fixed(-size * 0.03)}">${escapeXml(text)}<tspan fill="${accent}">.</tspan></text>${close}`;
  }
  if (style === 2) {
    // Spaced light capitals between a short rule in the brand colour and a hairline.
    const text = name.toUpperCase();
    const spacing = 0.3;
    const perChar = EM.light + spacing;
    const size = Math.min(height * 0.22, (width - pad * 2) / (text.length * perChar));
    const textWidth = Math.min(width - pad * 2, text.length * size * perChar);
    const fits = text.length * size * perChar <= width - pad * 2;
    const fit = fits ? '' : ` textLength="${fixed(width - pad * 2)}" lengthAdjust="spacingAndGlyphs"`;
    const baseline = height * 0.62;
    return `${open}<path d="M${fixed(width / 2 - height * 0.18)} ${fixed(height * 0.3)}H${fixed(width / 2 + height * 0.18)}" stroke="${accent}" stroke-width="${fixed(height * 0.045)}" stroke-linecap="round"/><text x="${fixed(width / 2 + size * spacing * 0.5)}" y="${fixed(baseline)}" text-anchor="middle"${fit} fill="#fff" font-family="${SANS}" font-weight="300" font-size="${fixed(size)}" letter-spacing="${fixed(size * spacing)}">${escapeXml(text)}</text><path d="M${fixed((width - textWidth) / 2)} ${fixed(height * 0.76)}H${fixed((width + textWidth) / 2)}" stroke="#fff" stroke-opacity="0.35" stroke-width="1"/>${close}`;
  }
  if (style === 3) {
    const initials = name
      .split(/\s+/)
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
    const tile = height * 0.62;
    const tileX = pad;
    const tileY = (height - tile) / 2;
    const words = name.toUpperCase().split(/\s+/);
    const lines = words.length > 1 ? [words[0]!, words.slice(1).join(' ')] : [words[0]!];
    const textX = tileX + tile + height * 0.14;
    const room = width - textX - pad;
    const longest = Math.max(...lines.map((line) => line.length));
    const size = Math.min(height * (lines.length > 1 ? 0.22 : 0.3), room / (longest * EM.heavy));
    const first = height / 2 - ((lines.length - 1) * size * 1.05) / 2 + size * 0.36;
    return `${open}<rect x="${fixed(tileX)}" y="${fixed(tileY)}" width="${fixed(tile)}" height="${fixed(tile)}" rx="${fixed(tile * 0.22)}" fill="${accent}"/><text x="${fixed(tileX + tile / 2)}" y="${fixed(tileY + tile * 0.66)}" text-anchor="middle" fill="#000" font-family="${SANS}" font-weight="900" font-size="${fixed(tile * (initials.length > 1 ? 0.44 : 0.56))}" letter-spacing="${fixed(-tile * 0.02)}">${escapeXml(initials)}</text><g fill="#fff" font-family="${SANS}" font-weight="800" font-size="${fixed(size)}" letter-spacing="${fixed(size * 0.06)}">${lines.map((line, index) => fittedText(line, textX, first + index * size * 1.05, size, EM.heavy, room)).join('')}</g>${close}`;
  }
  const size = Math.min(height * 0.4, (width - pad * 2) / (name.length * EM.serif));
  const textWidth = Math.min(width - pad * 2, name.length * size * EM.serif);
  const x = (width - textWidth) / 2;
  const baseline = height * 0.54;
  const swashY = baseline + size * 0.34;
  return `${open}<g fill="#fff" font-family="${SERIF}" font-style="italic" font-weight="400" font-size="${fixed(size)}">${fittedText(name, width / 2, baseline, size, EM.serif, textWidth, ' text-anchor="middle"')}</g><path d="M${fixed(x + textWidth * 0.08)} ${fixed(swashY + size * 0.1)}C${fixed(x + textWidth * 0.4)} ${fixed(swashY - size * 0.12)} ${fixed(x + textWidth * 0.7)} ${fixed(swashY + size * 0.18)} ${fixed(x + textWidth * 0.96)} ${fixed(swashY - size * 0.02)}" fill="none" stroke="${accent}" stroke-width="${fixed(Math.max(2, size * 0.07))}" stroke-linecap="round"/>${close}`;
}
