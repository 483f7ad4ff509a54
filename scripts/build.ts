/**
 * Builds what the site serves: browser assets with content hashes (public/assets, with a manifest
 * the server reads), the demo media, and the server bundle (dist/server). `--watch` rebuilds on change.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { ICON_SPRITE, ICON_SPRITE_PATH } from '../views/components/icon-sprite.ts';
import { generateDemoMedia } from './demo-media.ts';
import { fontSubsets } from './font-subsets.ts';

const root = path.resolve(import.meta.dirname, '..');
const watch = process.argv.includes('--watch');
const assetsDir = path.join(root, 'public', 'assets');

/** The entries of a folder by name: `client/islands/radio-player.tsx` is `radio-player`. */
async function entriesIn(folder: string, extension: string): Promise<Record<string, string>> {
  // A folder may be empty, and git keeps no empty folder: no entries then.
  const names = await readdir(path.join(root, folder)).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : Promise.reject(error),
  );
  const files = names.filter((file) => file.endsWith(extension)).sort();
  return Object.fromEntries(files.map((file) => [path.basename(file, extension), `${folder}/${file}`]));
}

/**
 * Browser entry points by the name pages ask for them (`ClientEntry` in views/site-context.tsx):
 * the stylesheet, htmx, every island (hydrated React) and every enhancement (a small script).
 */
const CLIENT_ENTRIES: Record<string, string> = {
  site: 'client/styles/site.css',
  htmx: 'client/htmx.ts',
  ...(await entriesIn('client/islands', '.tsx')),
  ...(await entriesIn('client/enhancements', '.ts')),
};

interface ManifestEntry {
  file: string;
  /** Chunks the entry imports, preloaded alongside it. */
  imports: string[];
}

const writeManifest: esbuild.Plugin = {
  name: 'asset-manifest',
  setup(build) {
    build.onEnd(async (result) => {
      if (!result.metafile) return;
      const url = (file: string) => '/' + path.relative(path.join(root, 'public'), path.join(root, file)).split(path.sep).join('/');
      const entries: Record<string, ManifestEntry> = {};
      for (const [output, meta] of Object.entries(result.metafile.outputs)) {
        if (!meta.entryPoint) continue;
        const name = Object.entries(CLIENT_ENTRIES).find(([, source]) => source === meta.entryPoint)?.[0];
        if (!name) continue;
        entries[name] = {
          file: url(output),
          imports: meta.imports.filter((item) => item.kind === 'import-statement').map((item) => url(item.path)),
        };
      }
      // Cut fonts by their name in scripts/font-subsets.ts, for pages that preload them.
      const fonts: Record<string, string> = {};
      for (const [output, meta] of Object.entries(result.metafile.outputs)) {
        const input = Object.keys(meta.inputs).find((name) => name.startsWith('font-subset:'));
        if (input) fonts[input.slice('font-subset:'.length)] = url(output);
      }
      await writeFile(path.join(assetsDir, 'manifest.json'), JSON.stringify({ entries, fonts }, null, 2) + '\n');
    });
  },
};

const clientOptions: esbuild.BuildOptions = {
  absWorkingDir: root,
  entryPoints: CLIENT_ENTRIES,
  outdir: assetsDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2022', 'safari15', 'chrome100'],
  minify: !watch,
  sourcemap: true,
  metafile: true,
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'files/[name]-[hash]',
  loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file' },
  define: { 'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production') },
  logLevel: 'warning',
  plugins: [fontSubsets, writeManifest],
};

const serverOptions: esbuild.BuildOptions = {
  absWorkingDir: root,
  // instrument: loaded with --import before main, so error reporting starts first (decision 0038).
  entryPoints: {
    main: 'server/main.ts',
    instrument: 'server/instrument.ts',
    // The migration job: `node dist/server/migrate.js` (npm run migrate).
    migrate: 'server/migrate.ts',
    // Run while the image is built: SVG text must not be drawn as boxes.
    'check-fonts': 'server/check-fonts.ts',
    'content-cli': 'scripts/content-cli.ts',
    'catalogue-cli': 'scripts/catalogue-cli.ts',
    // The operator's step that registers the site's webhook with Tabby (npm run tabby:webhook).
    'tabby-webhook': 'scripts/tabby-webhook.ts',
  },
  outdir: path.join(root, 'dist', 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  jsx: 'automatic',
  loader: { '.graphql': 'text', '.sql': 'text' },
  logLevel: 'warning',
};

await rm(assetsDir, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });
await writeFile(path.join(root, 'public', ICON_SPRITE_PATH), ICON_SPRITE);
await generateDemoMedia(path.join(root, 'public', 'media'));

if (watch) {
  const contexts = await Promise.all([esbuild.context(clientOptions), esbuild.context(serverOptions)]);
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('Watching for changes…');
} else {
  await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
  await precompressAssets();
}

/**
 * Brotli and gzip twins of the text assets at their highest levels, served in their place by
 * server/middleware/precompressed-assets.ts: compressed once here rather than on every request.
 */
async function precompressAssets(): Promise<void> {
  const files = (await readdir(assetsDir, { recursive: true })).filter((file) => /\.(?:js|css|svg)$/.test(file));
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(path.join(assetsDir, file));
      await writeFile(path.join(assetsDir, `${file}.br`), brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(path.join(assetsDir, `${file}.gz`), gzipSync(source, { level: 9 }));
    }),
  );
}
