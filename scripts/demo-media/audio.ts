/**
 * Demo audio, 16 kHz mono 16-bit PCM: seamless loops for radio stations (a style per station) and
 * podcast episodes (the podcast's jingle, then a calm bed that differs per episode).
 *
 * Loops are rendered into a circular buffer: a note that rings past the end carries on at the
 * start, so the seam is inaudible. Nothing runs the length of a loop unbroken except beds whose
 * frequencies are whole cycles of the loop.
 */
import { between, hashOf, pick, randomFrom, type Random } from './svg.ts';

export const SAMPLE_RATE = 16_000;

/** A RIFF/WAVE file around 16-bit samples (mono). */
export function wavFile(samples: Float32Array, sampleRate = SAMPLE_RATE, gain = 0.8): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let index = 0; index < samples.length; index++) {
    const sample = Math.max(-1, Math.min(1, samples[index]!));
    data.writeInt16LE(Math.round(sample * 32767 * gain), index * 2);
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

const TAU = Math.PI * 2;
const midi = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** A sine by table lookup, for speed: the build renders a few million samples. */
const TABLE_SIZE = 4096;
const SINE_TABLE = Float64Array.from({ length: TABLE_SIZE + 1 }, (_, index) => Math.sin((TAU * index) / TABLE_SIZE));
function sin(radians: number): number {
  let position = (radians / TAU) * TABLE_SIZE;
  position -= Math.floor(position / TABLE_SIZE) * TABLE_SIZE;
  const index = position | 0;
  const a = SINE_TABLE[index]!;
  return a + (SINE_TABLE[index + 1]! - a) * (position - index);
}

/** A buffer that notes are mixed into; `wrap` makes it circular (loops), otherwise notes are cut at the end. */
class Track {
  readonly samples: Float32Array;
  readonly wrap: boolean;
  constructor(seconds: number, wrap: boolean) {
    this.samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
    this.wrap = wrap;
  }

  /** Mixes `voice(t)` (t in seconds from the note's start) for `duration` seconds from `start`. */
  add(start: number, duration: number, gain: number, voice: (t: number) => number): void {
    const length = this.samples.length;
    const first = Math.round(start * SAMPLE_RATE);
    const count = Math.round(duration * SAMPLE_RATE);
    for (let index = 0; index < count; index++) {
      let at = first + index;
      if (at >= length) {
        if (!this.wrap) break;
        at %= length;
      }
      this.samples[at]! += voice(index / SAMPLE_RATE) * gain;
    }
  }

  /** The mix, soft-clipped and scaled to a steady peak. */
  master(peak = 0.9): Float32Array {
    let max = 0;
    for (const sample of this.samples) max = Math.max(max, Math.abs(sample));
    const scale = max > 0 ? peak / Math.tanh(max) : 1;
    return this.samples.map((sample) => Math.tanh(sample) * scale);
  }
}

// Voices: each a function of time since the note began.
const kick = (t: number) => sin(TAU * (50 * t + (120 / 30) * (1 - Math.exp(-t * 30)))) * Math.exp(-t * 8);
const noiseVoice = (random: Random, decay: number) => {
  let last = 0;
  return (t: number) => {
    const white = random() * 2 - 1;
    const high = white - last;
    last = white;
    return high * Math.exp(-t * decay);
  };
};
const clap = (random: Random) => {
  const noise = noiseVoice(random, 18);
  return (t: number) => noise(t) * 0.8 + sin(TAU * 190 * t) * Math.exp(-t * 25) * 0.4;
};
const bass = (frequency: number, release: number) => (t: number) =>
  (sin(TAU * frequency * t) + 0.25 * sin(TAU * 2 * frequency * t)) * Math.min(1, t * 80) * Math.exp(-t * release);
/** A soft pad: detuned sines with a slow attack and release over `length` seconds. */
const pad =
  (frequencies: number[], length: number, attack = 0.6) =>
  (t: number) => {
    const envelope = Math.min(1, t / attack) * Math.min(1, Math.max(0, (length - t) / attack));
    let sum = 0;
    for (const frequency of frequencies) sum += sin(TAU * frequency * t) + 0.5 * sin(TAU * frequency * 1.003 * t + 1);
    return (sum / frequencies.length) * envelope;
  };
/** A bell: a two-operator FM tone with a bright, quickly fading attack. */
const bell =
  (frequency: number, ratio = 2, decay = 2.5) =>
  (t: number) =>
    sin(TAU * frequency * t + 2.2 * Math.exp(-t * 4) * sin(TAU * frequency * ratio * t)) * Math.exp(-t * decay) * Math.min(1, t * 400);
/** An electric piano: sine with a little tremolo and a second partial. */
const keys = (frequency: number) => (t: number) =>
  (sin(TAU * frequency * t) + 0.3 * sin(TAU * frequency * 2 * t) * Math.exp(-t * 3)) *
  Math.exp(-t * 1.2) *
  (1 + 0.15 * sin(TAU * 5 * t)) *
  Math.min(1, t * 300);

/** A plucked string (Karplus-Strong): an oud or a qanun, more or less. */
function pluck(random: Random, frequency: number, seconds: number, brightness = 0.5): (t: number) => number {
  const period = Math.max(2, Math.round(SAMPLE_RATE / frequency));
  const ring = Float32Array.from({ length: period }, () => random() * 2 - 1);
  const rendered = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const weight = 0.5 + brightness * 0.4;
  let position = 0;
  for (let index = 0; index < rendered.length; index++) {
    const next = (position + 1) % period;
    const value = ring[position]!;
    rendered[index] = value;
    // Averaging neighbours is the string's damping: brighter strings average less.
    ring[position] = 0.996 * (weight * value + (1 - weight) * ring[next]!);
    position = next;
  }
  return (t: number) => rendered[Math.min(rendered.length - 1, Math.round(t * SAMPLE_RATE))]! * Math.min(1, t * 500);
}

/** Frame drum strokes of Gulf rhythms: the low "doum" and the dry "tek". */
const doum = (t: number) => sin(TAU * (80 * t + (60 / 18) * (1 - Math.exp(-t * 18)))) * Math.exp(-t * 10);
const tek = (random: Random) => {
  const noise = noiseVoice(random, 45);
  return (t: number) => noise(t) * 0.6 + sin(TAU * 620 * t) * Math.exp(-t * 40) * 0.5;
};

/** Chords as MIDI notes. */
const CHORDS = {
  minor9: [0, 3, 7, 10, 14],
  major7: [0, 4, 7, 11],
  sus2: [0, 2, 7, 12],
  minor7: [0, 3, 7, 10],
  add9: [0, 4, 7, 14],
};

export const RADIO_STYLES = ['live', 'ambient', 'khaleeji', 'house', 'lofi'] as const;
export type RadioStyle = (typeof RADIO_STYLES)[number];

/** A station's style from its name, or from its hash when the name says nothing. */
export function radioStyleFor(name: string): RadioStyle {
  // Calmer words first: "nabd-oasis-live" is the chill station's live stream, not the main one.
  const rules: [RegExp, RadioStyle][] = [
    [/chill|ambient|lounge|calm|relax|sleep|focus|sunset|oasis|slow|garden/, 'ambient'],
    [/khaleeji|arab|tarab|classic|oud|heritage|gulf/, 'khaleeji'],
    [/house|dance|club|electronic|edm|techno|beats|party/, 'house'],
    [/lofi|lo-fi|hip|rap|urban|study|jazz/, 'lofi'],
    [/live|main|hits|pulse|nabd-radio/, 'live'],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1] ?? RADIO_STYLES[hashOf(`radio:${name}`) % RADIO_STYLES.length]!;
}

/** A seamless loop for a radio station, 12 to 20 seconds. */
export function radioLoopWav(name: string, style: RadioStyle = radioStyleFor(name)): Buffer {
  const random = randomFrom(`radio:${name}`);
  const root = 45 + Math.floor(random() * 7); // A2 to D#3
  if (style === 'live') return wavFile(liveLoop());
  if (style === 'ambient') return wavFile(ambientLoop(random, root));
  if (style === 'khaleeji') return wavFile(khaleejiLoop(random, root));
  if (style === 'house') return wavFile(houseLoop(random, root));
  return wavFile(lofiLoop(random, root));
}

/**
 * The live station: the designer's loop (kick, hats, a bass line and a pad at 120 beats per
 * minute), now 16 seconds so the four-bar bass line comes round twice and the seam falls on a bar.
 */
function liveLoop(): Float32Array {
  const seconds = 16;
  const track = new Track(seconds, true);
  const random = randomFrom('nabd-radio');
  const beat = 0.5;
  const bassNotes = [55, 55, 65.41, 49];
  const chord = [220, 277.18, 329.63].map((frequency) => Math.round(frequency * seconds) / seconds);
  for (let index = 0; index < seconds / beat; index++) {
    const start = index * beat;
    track.add(start, 0.5, 0.6, kick);
    track.add(start + beat / 2, 0.12, 0.25, noiseVoice(random, 60));
  }
  for (let bar = 0; bar < seconds / 2; bar++) {
    const frequency = bassNotes[bar % bassNotes.length]!;
    track.add(bar * 2, 2, 0.35, (t) => sin(TAU * frequency * t) * Math.min(1, t * 200) * Math.min(1, (2 - t) * 200));
  }
  // The pad's slow shimmer is whole cycles of the loop.
  track.add(0, seconds, 0.06, (t) => chord.reduce((sum, frequency) => sum + sin(TAU * frequency * t + sin((TAU * t) / seconds) * 0.5), 0));
  return track.master(0.95);
}

function ambientLoop(random: Random, root: number): Float32Array {
  const seconds = 18;
  const track = new Track(seconds, true);
  const progression = [CHORDS.major7, CHORDS.sus2, CHORDS.minor9, CHORDS.add9];
  const shifts = [0, 5, -3, 2];
  const length = seconds / progression.length;
  progression.forEach((chord, index) => {
    const notes = chord.map((step) => midi(root + 12 + shifts[index]! + step));
    // Chords overlap by a second each side, so they cross-fade (round the seam too).
    track.add(index * length - 1 + seconds, length + 2, 0.32, pad(notes, length + 2, 1.6));
    track.add(
      index * length + seconds,
      length,
      0.22,
      (t) => sin(TAU * midi(root - 12 + shifts[index]!) * t) * Math.min(1, t * 2) * Math.min(1, (length - t) * 2),
    );
  });
  // Sparse bells on a pentatonic scale.
  const scale = [0, 2, 4, 7, 9, 12, 14, 16];
  for (let index = 0; index < 10; index++) {
    const start = Math.floor(random() * seconds * 2) / 2;
    track.add(start, 3, 0.12, bell(midi(root + 24 + pick(random, scale)), pick(random, [2, 3.5]), 1.6));
  }
  // Sea-like noise, swelling twice a loop.
  const noise = noiseVoice(random, 0);
  let smooth = 0;
  let smoother = 0;
  track.add(0, seconds, 0.05, (t) => {
    smooth = smooth * 0.985 + noise(t) * 0.015;
    smoother = smoother * 0.985 + smooth * 0.015;
    return smoother * 40 * (0.55 + 0.45 * sin((TAU * 2 * t) / seconds));
  });
  return track.master(0.8);
}

function khaleejiLoop(random: Random, root: number): Float32Array {
  // A Gulf groove in twelve pulses a bar at about 100 beats a minute; the seam falls on a bar.
  const bars = 6;
  const pulse = 0.2;
  const bar = pulse * 12;
  const seconds = bar * bars;
  const track = new Track(seconds, true);
  const doums = [0, 3, 6, 7];
  const teks = [2, 5, 8, 10, 11];
  const hit = tek(random);
  for (let index = 0; index < bars; index++) {
    for (const step of doums) track.add(index * bar + step * pulse, 0.4, 0.7, doum);
    for (const step of teks) track.add(index * bar + step * pulse, 0.15, step === 11 ? 0.25 : 0.4, hit);
    if (index % 2) track.add(index * bar + 9 * pulse, 0.1, 0.3, clap(random));
  }
  // A maqam Hijaz phrase on a plucked string, answered an octave down.
  const hijaz = [0, 1, 4, 5, 7, 8, 10, 12];
  const tonic = root + 12;
  let degree = 0;
  for (let step = 0; step < (bars * 12) / 2; step++) {
    if (random() < 0.35) continue;
    degree = Math.max(0, Math.min(hijaz.length - 1, degree + pick(random, [-2, -1, -1, 1, 1, 2])));
    const frequency = midi(tonic + hijaz[degree]!);
    track.add(step * pulse * 2, 1.2, 0.32, pluck(random, frequency, 1.2, 0.6));
  }
  // A drone on the tonic and fifth, whole cycles of the loop.
  const drone = [midi(root - 12), midi(root - 5)].map((frequency) => Math.round(frequency * seconds) / seconds);
  track.add(0, seconds, 0.1, (t) => sin(TAU * drone[0]! * t) + 0.6 * sin(TAU * drone[1]! * t));
  return track.master(0.9);
}

function houseLoop(random: Random, root: number): Float32Array {
  const beat = 60 / 124;
  const bars = 8;
  const seconds = beat * 4 * bars;
  const track = new Track(seconds, true);
  const progression = [CHORDS.minor7, CHORDS.minor7, CHORDS.major7, CHORDS.sus2];
  const shifts = [0, 0, -4, -2];
  for (let index = 0; index < bars * 4; index++) {
    const start = index * beat;
    track.add(start, 0.45, 0.75, kick);
    track.add(start + beat / 2, 0.2, 0.22, noiseVoice(random, 22));
    if (index % 2 === 1) track.add(start, 0.3, 0.45, clap(random));
    const shift = shifts[Math.floor(index / 4) % shifts.length]!;
    track.add(start + beat / 2, beat / 2, 0.4, bass(midi(root - 12 + shift), 6));
  }
  for (let index = 0; index < bars; index++) {
    const shift = shifts[index % shifts.length]!;
    const notes = progression[index % progression.length]!.map((step) => midi(root + 12 + shift + step));
    for (const offset of [1.5, 3.5]) {
      if (random() < 0.3) continue;
      track.add(
        index * 4 * beat + offset * beat,
        beat * 1.2,
        0.22,
        (t) =>
          (notes.reduce((sum, frequency) => sum + sin(TAU * frequency * t) + 0.4 * sin(TAU * 3 * frequency * t), 0) * Math.exp(-t * 5)) /
          notes.length,
      );
    }
  }
  return track.master(0.95);
}

function lofiLoop(random: Random, root: number): Float32Array {
  const beat = 60 / 80;
  const bars = 4;
  const seconds = beat * 4 * bars;
  const track = new Track(seconds, true);
  const swing = beat * 0.16;
  for (let index = 0; index < bars * 4; index++) {
    const start = index * beat;
    if (index % 4 === 0 || (index % 4 === 2 && random() < 0.5)) track.add(start, 0.5, 0.6, kick);
    if (index % 4 === 2 && random() < 0.6) track.add(start + beat / 2 + swing, 0.4, 0.3, kick);
    if (index % 2 === 1) track.add(start, 0.3, 0.4, clap(random));
    track.add(start, 0.1, 0.12, noiseVoice(random, 70));
    track.add(start + beat / 2 + swing, 0.1, 0.08, noiseVoice(random, 70));
  }
  const progression = [CHORDS.minor9, CHORDS.major7, CHORDS.minor7, CHORDS.add9];
  const shifts = [0, -4, 5, -2];
  for (let index = 0; index < bars; index++) {
    const notes = progression[index]!.map((step) => midi(root + 12 + shifts[index]! + step));
    // The chord struck on the bar and again, softer, on the "and" of two.
    notes.forEach((frequency, voice) => {
      track.add(index * 4 * beat + voice * 0.03, beat * 2.5, 0.16, keys(frequency));
      track.add(index * 4 * beat + beat * 2.5 + swing + voice * 0.03, beat * 1.5, 0.1, keys(frequency));
    });
    track.add(index * 4 * beat, beat * 3.5, 0.35, bass(midi(root - 12 + shifts[index]!), 1));
  }
  // Vinyl: a few crackles and a hiss.
  for (let index = 0; index < 40; index++) track.add(random() * seconds, 0.01, 0.15 * random(), noiseVoice(random, 400));
  return track.master(0.85);
}

/**
 * A podcast episode: the podcast's jingle (a heartbeat, a swell and a motif, the same for every
 * episode of the podcast) over the first seconds, then a calm bed of its own, fading out.
 */
export function podcastEpisodeWav(podcast: string, episode: string): Buffer {
  const jingle = randomFrom(`jingle:${podcast}`);
  const random = randomFrom(`episode:${episode}`);
  const seconds = 10 + Math.floor(random() * 5) / 2;
  const track = new Track(seconds, false);
  const root = 48 + Math.floor(jingle() * 8);
  const major = jingle() > 0.4;
  const scale = major ? [0, 2, 4, 7, 9, 12, 14, 16] : [0, 3, 5, 7, 10, 12, 15, 17];
  const voice = pick(jingle, ['bell', 'pluck', 'keys'] as const);
  const instrument = (frequency: number, length: number) =>
    voice === 'bell' ? bell(frequency, 3.5, 2) : voice === 'pluck' ? pluck(jingle, frequency, length, 0.7) : keys(frequency);

  // The heartbeat, the brand's pulse.
  track.add(0.05, 0.4, 0.7, kick);
  track.add(0.3, 0.4, 0.5, kick);
  // A swell of noise into the motif.
  const swell = noiseVoice(jingle, 0);
  let airy = 0;
  track.add(0.2, 1.2, 0.1, (t) => {
    airy = airy * 0.8 + swell(t) * 0.2;
    return airy * (t / 1.2) ** 2;
  });
  const motif = Array.from({ length: 5 }, (_, index) => scale[Math.min(scale.length - 1, index + Math.floor(jingle() * 3))]!);
  motif.sort((a, b) => a - b);
  motif.forEach((step, index) => track.add(1.4 + index * 0.18, 2, 0.35, instrument(midi(root + 12 + step), 2)));
  track.add(
    1.4,
    3,
    0.3,
    pad(
      [0, 4, 7].map((step) => midi(root + step + (major ? 0 : step === 4 ? -1 : 0))),
      3,
      0.05,
    ),
  );
  track.add(1.4, 1.5, 0.5, kick);

  // The bed: two or three chords, a soft pulse every beat and a few notes on top.
  const progression = pick(random, [
    [CHORDS.major7, CHORDS.add9],
    [CHORDS.minor9, CHORDS.minor7, CHORDS.major7],
    [CHORDS.sus2, CHORDS.major7],
    [CHORDS.minor7, CHORDS.sus2, CHORDS.add9],
  ]);
  const shifts = [0, pick(random, [5, -3, 7]), pick(random, [-5, 2, 4])];
  const bedStart = 3.6;
  const chordLength = between(random, 2.4, 3.2);
  for (let index = 0; bedStart + index * chordLength < seconds; index++) {
    const chord = progression[index % progression.length]!;
    const notes = chord.map((step) => midi(root + shifts[index % progression.length]! + step));
    track.add(bedStart + index * chordLength - 0.5, chordLength + 1, 0.24, pad(notes, chordLength + 1, 0.8));
  }
  const beat = 60 / between(random, 64, 78);
  for (let at = bedStart; at < seconds; at += beat) track.add(at, 0.4, 0.18, kick);
  for (let index = 0; index < 6; index++) {
    const at = bedStart + random() * (seconds - bedStart - 1);
    track.add(at, 2, 0.08, bell(midi(root + 24 + pick(random, scale)), 2, 2.2));
  }
  const mixed = track.master(0.85);
  // Fade in over a few milliseconds and out over the last second and a half.
  const fadeIn = 0.01 * SAMPLE_RATE;
  const fadeOut = 1.5 * SAMPLE_RATE;
  for (let index = 0; index < mixed.length; index++) {
    const tail = mixed.length - index;
    mixed[index]! *= Math.min(1, index / fadeIn) * Math.min(1, tail / fadeOut);
  }
  return wavFile(mixed);
}

/**
 * A release track as a shop previews it: the opening seconds of a loop in one of the stations'
 * styles, faded out. Short, because 47 demo tracks must fit the demo media budget.
 */
export function trackPreviewWav(name: string, seconds = 5): Buffer {
  const random = randomFrom(`track:${name}`);
  const root = 45 + Math.floor(random() * 7);
  const loops = [ambientLoop, khaleejiLoop, houseLoop, lofiLoop];
  const loop = loops[hashOf(`track:${name}`) % loops.length]!(random, root);
  const preview = loop.slice(0, seconds * SAMPLE_RATE);
  const fade = 0.6 * SAMPLE_RATE;
  for (let index = 0; index < fade; index++) preview[preview.length - 1 - index]! *= index / fade;
  return wavFile(preview);
}

/** Audio somewhere else than radio/ or podcasts/: a short ambient loop. */
export function genericLoopWav(name: string): Buffer {
  return wavFile(ambientLoop(randomFrom(`audio:${name}`), 45 + (hashOf(name) % 7)));
}
