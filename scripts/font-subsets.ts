/**
 * Fonts cut down at build to what the site sets in them (issue 21, decisions 0058 and 0061). The
 * display fonts' packages ship variable files for every weight (and, for Archivo, every width) and, for Noto Kufi
 * Arabic, every language written in Arabic script; headlines, often the largest text on a page and
 * so what a phone paints last, need a few weights and widths and, in Arabic, the Arabic block.
 * Cut with harfbuzz (subset-font), the variation axes narrowed rather than pinned so that each
 * headline keeps its own weight and width. The Arabic body face keeps the Arabic block too.
 *
 * Stylesheets name a subset as `url('font-subset:<name>')`; the build's plugin below supplies its
 * bytes, which esbuild then writes under a content hash like any other font file.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import subsetFont from 'subset-font';

interface FontSubset {
  /** The full font, as a package path. */
  source: string;
  /** The code points kept, as inclusive ranges; the @font-face's unicode-range must say the same. */
  ranges: [number, number][];
  /** Variation axes narrowed to a range. */
  axes?: Record<string, { min: number; max: number }>;
}

/** The code points of the packages' "latin" files, which each @font-face's unicode-range names too. */
const LATIN: [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

export const FONT_SUBSETS: Record<string, FontSubset> = {
  // The Latin display face keeps its Latin file's characters, with the widths (62% to 100%) and
  // weights (600 to 900) its headlines use: 43 KB instead of 90.
  'archivo-display.woff2': {
    source: '@fontsource-variable/archivo/files/archivo-latin-wdth-normal.woff2',
    ranges: LATIN,
    axes: { wdth: { min: 62, max: 100 }, wght: { min: 600, max: 900 } },
  },
  // The Arabic block and the joiners (ZWNJ, ZWJ, LRM, RLM), at the weights headlines use (700-900:
  // 800 in Arabic, 900 for the loudest; a rule asking for 600 gets 700). 30 KB instead of 124.
  'noto-kufi-arabic-display.woff2': {
    source: '@fontsource-variable/noto-kufi-arabic/files/noto-kufi-arabic-arabic-wght-normal.woff2',
    ranges: [
      [0x0600, 0x06ff],
      [0x200c, 0x200f],
    ],
    axes: { wght: { min: 700, max: 900 } },
  },
  // The Latin body face at the weights text is set in (400 to 850; 850 for a few bold labels): 32 KB instead of 48.
  'inter-body.woff2': {
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    ranges: LATIN,
    axes: { wght: { min: 400, max: 850 } },
  },
  // Labels, dates and numbers, at 400 to 700: 29 KB instead of 40.
  'jetbrains-mono.woff2': {
    source: '@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2',
    ranges: LATIN,
    axes: { wght: { min: 400, max: 700 } },
  },
  // The Arabic body face, each weight cut to the same block: about 29 KB instead of 43.
  ...arabicBody(400),
  ...arabicBody(500),
  ...arabicBody(700),
};

/** IBM Plex Sans Arabic at one weight, cut to the Arabic block and the joiners, as `ibm-plex-sans-arabic-<weight>.woff2`. */
function arabicBody(weight: 400 | 500 | 700): Record<string, FontSubset> {
  return {
    [`ibm-plex-sans-arabic-${weight}.woff2`]: {
      source: `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`,
      ranges: [
        [0x0600, 0x06ff],
        [0x200c, 0x200f],
      ],
    },
  };
}

const root = path.resolve(import.meta.dirname, '..');
/** Cutting a font takes a couple of seconds: each result is kept, named by what it was cut from and how. */
const CACHE_DIR = path.join(root, 'node_modules', '.cache', 'font-subsets');

async function subsetBytes(name: string): Promise<Uint8Array> {
  const subset = FONT_SUBSETS[name];
  if (!subset) throw new Error(`No font subset named ${name}: add it to scripts/font-subsets.ts`);
  const source = await readFile(createRequire(import.meta.url).resolve(subset.source));
  const key = createHash('sha256')
    .update(source)
    .update(JSON.stringify({ ranges: subset.ranges, axes: subset.axes }))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(CACHE_DIR, `${key}-${name}`);
  try {
    return await readFile(cached);
  } catch {
    // Not cut yet for these inputs.
  }
  const text = subset.ranges
    .flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)))
    .join('');
  const bytes = await subsetFont(source, text, { targetFormat: 'woff2', ...(subset.axes ? { variationAxes: subset.axes } : {}) });
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(cached, bytes);
  return bytes;
}

/** Resolves `font-subset:<name>` in stylesheets to the cut font's bytes, emitted as a hashed file. */
export const fontSubsets: esbuild.Plugin = {
  name: 'font-subsets',
  setup(build) {
    build.onResolve({ filter: /^font-subset:/ }, (args) => ({ path: args.path.slice('font-subset:'.length), namespace: 'font-subset' }));
    build.onLoad({ filter: /.*/, namespace: 'font-subset' }, async (args) => ({ contents: await subsetBytes(args.path), loader: 'file' }));
  },
};
