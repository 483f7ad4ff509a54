import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type Router } from 'express';
import { eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import { isSafeMediaPath } from './assets.ts';
import { assets } from './tables.ts';

/** The widths pages ask for; anything else would let a visitor make the server render endless variants. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1024, 1280, 1600, 1920] as const;

const FORMATS = [
  { type: 'image/avif', extension: 'avif', encode: (image: Sharp) => image.avif({ quality: 50, effort: 2 }) },
  { type: 'image/webp', extension: 'webp', encode: (image: Sharp) => image.webp({ quality: 72 }) },
] as const;
const FALLBACK = { type: 'image/png', extension: 'png', encode: (image: Sharp) => image.png({ compressionLevel: 9, palette: true }) };

export interface ImageRouterOptions {
  db: Database;
  /** Where the original pictures are (public/media). */
  mediaDir: string;
  /** Where rendered variants are kept across restarts; in memory only when absent. */
  cacheDir?: string | undefined;
  logger: Logger;
}

/**
 * Writes a rendered variant aside, then renames it into place: processes sharing the folder (sites
 * on one data folder, test sites of one run) read a whole file or none.
 */
async function keep(file: string, output: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${crypto.randomUUID()}.partial`;
  await writeFile(partial, output);
  await rename(partial, file);
}

/**
 * Responsive variants of content pictures (SPEC 3.1): `/images/<version>/<path>?w=<width>`, in AVIF
 * or WebP when the browser says it takes them, PNG otherwise. The version is the file's content
 * hash, so every answer can be cached for a year; a variant is rendered once, then kept in memory
 * and on disk.
 */
export function createImageRouter(options: ImageRouterOptions): Router {
  const router = express.Router();
  const rendered = new Map<string, Promise<Buffer>>();

  async function variant(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    let pending = rendered.get(key);
    if (!pending) {
      pending = (async () => {
        const file = options.cacheDir ? path.join(options.cacheDir, key) : undefined;
        const cached = file ? await readFile(file).catch(() => undefined) : undefined;
        if (cached) return cached;
        const output = await render();
        if (file) await keep(file, output);
        return output;
      })();
      pending.catch(() => rendered.delete(key));
      rendered.set(key, pending);
      if (rendered.size > 500) rendered.delete(rendered.keys().next().value!);
    }
    return pending;
  }

  router.get('/:version/*path', async (req, res, next) => {
    try {
      const mediaPath = (req.params.path as unknown as string[]).join('/');
      const width = Number(req.query.w ?? 800);
      if (!isSafeMediaPath(mediaPath) || !IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])) {
        return void res.status(400).type('text').send(`Unknown picture or width; widths are ${IMAGE_WIDTHS.join(', ')}.`);
      }
      const [asset] = await options.db.select().from(assets).where(eq(assets.path, mediaPath)).limit(1);
      if (!asset) return void res.status(404).type('text').send('No such picture.');
      const version = asset.contentHash.slice(0, 12);
      if (req.params.version !== version) return res.redirect(301, `${req.baseUrl}/${version}/${mediaPath}?w=${width}`);

      // Only formats the browser names: `*/*` does not promise AVIF support.
      const accept = req.get('accept') ?? '';
      const format = FORMATS.find((candidate) => accept.includes(candidate.type)) ?? FALLBACK;
      const key = `${version}/${mediaPath.replaceAll('/', '_')}-${width}.${format.extension}`;
      const body = await variant(key, async () => {
        const source = await readFile(path.join(options.mediaDir, mediaPath));
        // Vector sources are drawn at the density the width needs, so they stay sharp when enlarged.
        const density = asset.mimeType === 'image/svg+xml' && asset.width ? Math.min(72 * Math.max(width / asset.width, 1), 600) : undefined;
        return format.encode(sharp(source, density ? { density } : {}).resize({ width, withoutEnlargement: !density })).toBuffer();
      });
      res
        .set('Cache-Control', 'public, max-age=31536000, immutable')
        .set('Vary', 'Accept')
        .type(format.type)
        .send(body);
    } catch (error) {
      options.logger.error({ err: error }, 'A picture variant could not be rendered');
      next(error);
    }
  });
  return router;
}
