/**
 * Generates the demo media the demo content points at (public/media): event covers and logos,
 * page covers, partner logos as SVG, and a short radio loop as WAV. Deterministic: the same
 * content gives the same files, so builds are reproducible.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

interface EventFile {
  slug: string;
  shared: { config: { colourAccent: string } };
  en: { title: string };
}

/** A small deterministic random generator seeded by a string. */
function randomFrom(seed: string) {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = Math.imul(state ^ (state >>> 15), 2246822507);
    state = Math.imul(state ^ (state >>> 13), 3266489909);
    return ((state ^= state >>> 16) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

const fixed = (value: number) => Number(value.toFixed(1));

/** A wavy ridge across the frame: the sum of two sines with seeded phases, closed to the bottom. */
function ridge(random: () => number, width: number, height: number, baseline: number, amplitude: number): { fill: string; line: string } {
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

/**
 * A festival poster, abstract and dark: stage beams, a sun in the event's accent cut by sunset
 * slits, sound rings, a ground (dunes, a stage floor or an equaliser skyline), a pulse line on
 * the horizon and a dot screen. Seeded by the event's slug, so every event gets its own composition. An optional crowd
 * of silhouettes stands in front (the home page's cover shows a crowd before a stage).
 */
export function coverSvg(
  seed: string,
  accent: string,
  width = 1600,
  height = 900,
  options: { secondary?: string; crowd?: boolean } = {},
): string {
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
</svg>
`;
}

/** Three ridges, nearest darkest, each with a lit edge in the accent. */
function dunes(random: () => number, width: number, height: number, horizon: number, accent: string): string {
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
function stageFloor(width: number, height: number, horizon: number, cx: number, accent: string): string {
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
function equaliser(random: () => number, width: number, height: number, horizon: number, cx: number, accent: string): string {
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
function crowdSilhouettes(random: () => number, width: number, height: number): string {
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

/** A symbol for a wordmark: sun, wing, drop or wave; picked by the name unless one is asked for. */
function markPath(name: string, size: number, choice?: number): string {
  const s = size;
  const marks = [
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.2}"/><path d="M${s * 0.08} ${s * 0.7}a${s * 0.42} ${s * 0.42} 0 0 1 ${s * 0.84} 0M${s * 0.2} ${s * 0.86}h${s * 0.6}" fill="none" stroke-width="${s * 0.09}"/>`,
    `<path d="M${s * 0.04} ${s * 0.7}L${s * 0.5} ${s * 0.14}L${s * 0.96} ${s * 0.7}L${s * 0.78} ${s * 0.7}L${s * 0.5} ${s * 0.38}L${s * 0.22} ${s * 0.7}Z"/><path d="M${s * 0.3} ${s * 0.86}h${s * 0.4}" fill="none" stroke-width="${s * 0.1}" stroke-linecap="round"/>`,
    `<path d="M${s / 2} ${s * 0.06}C${s * 0.78} ${s * 0.4} ${s * 0.88} ${s * 0.52} ${s * 0.88} ${s * 0.64}A${s * 0.38} ${s * 0.34} 0 0 1 ${s * 0.12} ${s * 0.64}C${s * 0.12} ${s * 0.52} ${s * 0.22} ${s * 0.4} ${s / 2} ${s * 0.06}Z"/>`,
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.44}" fill="none" stroke-width="${s * 0.08}"/><path d="M${s * 0.16} ${s * 0.52}q${s * 0.085} -${s * 0.18} ${s * 0.17} 0t${s * 0.17} 0t${s * 0.17} 0t${s * 0.17} 0" fill="none" stroke-width="${s * 0.08}" stroke-linecap="round"/>`,
  ];
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return marks[(choice ?? hash) % marks.length]!;
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

/** A 12-second loop at 16 kHz: kick, hats, a bass line and a pad, 120 beats per minute. */
export function radioLoopWav(seconds = 12, sampleRate = 16_000): Buffer {
  const samples = seconds * sampleRate;
  const data = Buffer.alloc(samples * 2);
  const random = randomFrom('nabd-radio');
  const beat = sampleRate / 2;
  const bassNotes = [55, 55, 65.41, 49];
  const chord = [220, 277.18, 329.63];
  for (let index = 0; index < samples; index++) {
    const t = index / sampleRate;
    const inBeat = (index % beat) / sampleRate;
    const kick = Math.sin(2 * Math.PI * (50 + 120 * Math.exp(-inBeat * 30)) * inBeat) * Math.exp(-inBeat * 8);
    const offBeat = ((index + beat / 2) % beat) / sampleRate;
    const hat = (random() * 2 - 1) * Math.exp(-offBeat * 60) * 0.25;
    const bar = Math.floor(t / 2) % bassNotes.length;
    const bass = Math.sin(2 * Math.PI * bassNotes[bar]! * t) * 0.35;
    const pad = chord.reduce((sum, frequency) => sum + Math.sin(2 * Math.PI * frequency * t + Math.sin(t * 0.5)), 0) * 0.06;
    const sample = Math.max(-1, Math.min(1, kick * 0.6 + hat + bass + pad));
    data.writeInt16LE(Math.round(sample * 32767 * 0.8), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const PARTNERS: [string, string, string][] = [
  ['partner-sahara-telecom', 'Sahara Telecom', '#FFB400'],
  ['partner-falcon-air', 'Falcon Air', '#3DD9FF'],
  ['partner-oasis-bank', 'Oasis Bank', '#2EE59D'],
  ['partner-red-sea-drinks', 'Red Sea Drinks', '#FF4D4D'],
];

export async function generateDemoMedia(outputDir: string): Promise<void> {
  const write = async (file: string, content: string | Buffer) => {
    const target = path.join(outputDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  };
  const eventsDir = path.join(root, 'content', 'events');
  for (const file of await readdir(eventsDir)) {
    const event = JSON.parse(await readFile(path.join(eventsDir, file), 'utf8')) as EventFile;
    const accent = event.shared.config.colourAccent;
    await write(`events/${event.slug}.svg`, coverSvg(event.slug, accent));
    await write(`events/${event.slug}-logo.svg`, wordmarkSvg(event.en.title, accent));
  }
  await write('pages/home.svg', coverSvg('home', '#C8FF2E', 1600, 900, { secondary: '#FF2E93', crowd: true }));
  for (const [index, [id, name, accent]] of PARTNERS.entries())
    await write(`partners/${id}.svg`, wordmarkSvg(name, accent, 240, 96, index));
  await write('radio/nabd-radio-live.wav', radioLoopWav());
}

if (import.meta.filename === process.argv[1]) {
  await generateDemoMedia(path.join(root, 'public', 'media'));
}
