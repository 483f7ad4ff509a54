/**
 * Generates the demo media the content points at (public/media): every `.svg` image and `.wav`
 * sound referenced anywhere under content/ (drafts included) gets a file, in the style of its
 * folder (scripts/demo-media/artwork.ts). Deterministic: the same path gives the same bytes.
 *
 * The build runs this every time, so it is incremental: a manifest in the output folder records
 * which generator version and inputs made each file, and a file made by the same is left alone.
 * `--force` regenerates everything.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { artworkFor } from './demo-media/artwork.ts';
import { scanContent } from './demo-media/scan.ts';

const root = path.resolve(import.meta.dirname, '..');
const MANIFEST = '.demo-media.json';
/** Budgets from the brief the media was made to: pictures stay light, the whole folder small. */
const SVG_BUDGET = 15 * 1024;
const FOLDER_BUDGET = 25 * 1024 * 1024;

interface Manifest {
  version: string;
  files: Record<string, { key: string; size: number }>;
}

/** A hash of the generator's own source: any change to how media is drawn regenerates it all. */
async function generatorVersion(): Promise<string> {
  const hash = createHash('sha256');
  const folder = path.join(import.meta.dirname, 'demo-media');
  const sources = [
    import.meta.filename,
    ...(await readdir(folder))
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map((file) => path.join(folder, file)),
  ];
  for (const source of sources) hash.update(await readFile(source));
  return hash.digest('hex').slice(0, 16);
}

async function readManifest(file: string): Promise<Manifest> {
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    if (manifest && typeof manifest.files === 'object') return manifest;
  } catch {
    // No manifest yet (or a broken one): everything is checked against the files themselves.
  }
  return { version: '', files: {} };
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function generateDemoMedia(outputDir: string, options: { force?: boolean; contentDir?: string } = {}): Promise<void> {
  const started = performance.now();
  const scan = await scanContent(options.contentDir ?? path.join(root, 'content'));
  for (const warning of scan.warnings) console.warn(`demo media: ${warning}`);

  const version = await generatorVersion();
  const manifestFile = path.join(outputDir, MANIFEST);
  const previous = options.force ? { version: '', files: {} } : await readManifest(manifestFile);
  const next: Manifest = { version, files: {} };
  let written = 0;
  let unchanged = 0;
  const failures: string[] = [];

  await mkdir(outputDir, { recursive: true });
  await eachLimited(scan.paths, 24, async (media) => {
    const target = path.join(outputDir, ...media.split('/'));
    try {
      const artwork = artworkFor(media, scan.events);
      const key = createHash('sha256').update(`${version}\n${media}\n${artwork.inputs}`).digest('hex').slice(0, 24);
      const prior = previous.files[media];
      if (prior?.key === key && (await stat(target).catch(() => null))?.size === prior.size) {
        next.files[media] = prior;
        unchanged++;
        return;
      }
      const rendered = artwork.render();
      const bytes = typeof rendered === 'string' ? Buffer.from(rendered) : rendered;
      const existing = await readFile(target).catch(() => null);
      if (existing?.equals(bytes)) unchanged++;
      else {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, bytes);
        written++;
      }
      next.files[media] = { key, size: bytes.length };
      if (media.endsWith('.svg') && bytes.length > SVG_BUDGET)
        console.warn(`demo media: ${media} is ${(bytes.length / 1024).toFixed(1)} KB`);
    } catch (error) {
      failures.push(`${media}: ${(error as Error).stack ?? error}`);
    }
  });
  if (failures.length) throw new Error(`demo media could not be generated:\n  ${failures.join('\n  ')}`);

  // Files this generator made before that nothing refers to any more go, but only when every
  // content file was read: a file being saved right now must not cost its pictures.
  let removed = 0;
  if (scan.complete) {
    for (const media of Object.keys(previous.files)) {
      if (next.files[media]) continue;
      await rm(path.join(outputDir, ...media.split('/')), { force: true });
      removed++;
    }
  } else {
    for (const [media, entry] of Object.entries(previous.files)) next.files[media] ??= entry;
  }
  const files = Object.fromEntries(Object.entries(next.files).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeFile(manifestFile, JSON.stringify({ version, files }, null, 1) + '\n');

  const total = Object.values(next.files).reduce((sum, file) => sum + file.size, 0);
  if (total > FOLDER_BUDGET)
    console.warn(`demo media: ${(total / 1024 / 1024).toFixed(1)} MB in ${outputDir}, over the ${FOLDER_BUDGET / 1024 / 1024} MB budget`);
  console.log(
    `demo media: ${scan.paths.length} files (${written} written, ${unchanged} unchanged${removed ? `, ${removed} removed` : ''}), ${(total / 1024 / 1024).toFixed(1)} MB, in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
}

if (import.meta.filename === process.argv[1]) {
  await generateDemoMedia(path.join(root, 'public', 'media'), { force: process.argv.includes('--force') });
}
