import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Handler } from 'express';
import { acceptedEncoding } from './accepted-encoding.ts';

/** What the build compresses ahead (scripts/build.ts), best first: brotli, then gzip. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/**
 * Serves a hashed asset's brotli or gzip twin when the browser takes it (decision 0054): compressed
 * once at the build's highest level, where compressing per request would cost CPU each time and
 * settle for a faster, larger result. Files without a twin fall through to the plain static files,
 * which the compression middleware compresses as they go.
 */
export function precompressedAssets(assetsDir: string): Handler {
  // Known once at start: the folder only changes with a new build, which a new process serves.
  const available = new Set<string>();
  try {
    for (const file of readdirSync(assetsDir, { recursive: true, encoding: 'utf8' })) available.add(file.split(path.sep).join('/'));
  } catch {
    // No assets built: every request falls through to the static files, which answer 404.
  }
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = decodeURIComponent(req.path).replace(/^\//, '');
    const encoding = ENCODINGS.find(({ name, extension }) => available.has(file + extension) && acceptedEncoding(req, [name]));
    if (!encoding) return next();
    res.vary('Accept-Encoding');
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding.name);
    req.url = `/${file}${encoding.extension}`;
    next();
  };
}
