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

/** A festival poster: a glow in the event's accent, a pulse line and equaliser bars. */
export function coverSvg(seed: string, accent: string, width = 1600, height = 900): string {
  const random = randomFrom(seed);
  const cx = 0.25 + random() * 0.5;
  const cy = 0.3 + random() * 0.4;
  const bars = Array.from({ length: 48 }, (_, index) => {
    const barHeight = 40 + random() * height * 0.45;
    const x = (index / 48) * width;
    return `<rect x="${x.toFixed(1)}" y="${(height - barHeight).toFixed(1)}" width="${(width / 48 - 6).toFixed(1)}" height="${barHeight.toFixed(1)}" rx="4" fill="${accent}" opacity="${(0.08 + random() * 0.22).toFixed(2)}"/>`;
  }).join('');
  const points: string[] = [];
  for (let x = 0; x <= width; x += 20) {
    const distance = Math.abs(x / width - cx);
    const spike = distance < 0.08 ? Math.sin((x / width) * 90) * (1 - distance / 0.08) * height * 0.3 : 0;
    points.push(`${x},${(height * cy + spike + Math.sin(x / 37) * 6).toFixed(1)}`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs>
<radialGradient id="glow" cx="${cx}" cy="${cy}" r="0.7"><stop offset="0" stop-color="${accent}" stop-opacity="0.85"/><stop offset="0.45" stop-color="${accent}" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="#0a0a0a"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
${bars}
<polyline points="${points.join(' ')}" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round" opacity="0.9"/>
<rect width="${width}" height="${height}" fill="url(#fade)"/>
</svg>
`;
}

export function wordmarkSvg(text: string, accent: string, width = 480, height = 160): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<rect x="4" y="4" width="${width - 8}" height="${height - 8}" rx="20" fill="none" stroke="${accent}" stroke-width="6"/>
<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="Arial Black, Helvetica, sans-serif" font-weight="900" font-size="${Math.min(64, (width * 1.6) / Math.max(text.length, 1))}" fill="#fff" letter-spacing="2">${escapeXml(text.toUpperCase())}</text>
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
  await write('pages/home.svg', coverSvg('home', '#C8FF2E'));
  for (const [id, name, accent] of PARTNERS) await write(`partners/${id}.svg`, wordmarkSvg(name, accent, 240, 96));
  await write('radio/nabd-radio-live.wav', radioLoopWav());
}

if (import.meta.filename === process.argv[1]) {
  await generateDemoMedia(path.join(root, 'public', 'media'));
}
