/**
 * Finds every media path the content refers to: `image` and `poster` values (paths under
 * public/media), and strings that start with `/media/` (audio, and the older `url` form of images),
 * in every JSON file under content/, drafts included. A file that does not parse (someone may be
 * saving it right now) is skipped with a warning. Events also give their accent colour and title.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface EventInfo {
  slug: string;
  accent: string;
  title: string;
}

export interface ContentScan {
  /** Media paths relative to public/media (`performers/x.svg`, `radio/x.wav`), sorted. */
  paths: string[];
  events: EventInfo[];
  warnings: string[];
  /** Whether every content file parsed: only then may files no longer referenced be removed. */
  complete: boolean;
}

const SUPPORTED = /\.(svg|wav)$/i;
/** Keys whose string values are media paths even without the `/media/` prefix. */
const MEDIA_KEYS = new Set(['image', 'poster', 'audio', 'streamUrl']);

/** A media reference as a path under public/media, or null when it is not one (a URL, an anchor). */
export function mediaPath(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return null;
  const relative = trimmed
    .replace(/^\/?media\//, '')
    .replace(/^\/+/, '')
    .split(/[?#]/)[0]!;
  const normal = path.posix.normalize(relative);
  if (!normal || normal === '.' || normal.startsWith('..') || normal.includes('/../')) return null;
  return normal;
}

function collect(value: unknown, found: Set<string>, rejected: Set<string>, key = ''): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, found, rejected, key);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) collect(item, found, rejected, name);
  } else if (typeof value === 'string') {
    if (MEDIA_KEYS.has(key) || value.startsWith('/media/')) {
      const media = mediaPath(value);
      if (media) found.add(media);
      else if (value.includes('..')) rejected.add(value);
    }
  }
}

function eventOf(content: unknown): EventInfo | null {
  if (content === null || typeof content !== 'object') return null;
  const record = content as { type?: unknown; slug?: unknown; shared?: { config?: { colourAccent?: unknown } }; en?: { title?: unknown } };
  const accent = record.shared?.config?.colourAccent;
  if (record.type !== 'event' || typeof record.slug !== 'string' || typeof accent !== 'string' || !/^#[0-9a-f]{6}$/i.test(accent))
    return null;
  return { slug: record.slug, accent: accent.toUpperCase(), title: typeof record.en?.title === 'string' ? record.en.title : record.slug };
}

export async function scanContent(contentDir: string): Promise<ContentScan> {
  const warnings: string[] = [];
  let names: string[];
  try {
    names = (await readdir(contentDir, { recursive: true })).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    return { paths: [], events: [], warnings: [`cannot read ${contentDir}: ${(error as Error).message}`], complete: false };
  }
  const found = new Set<string>();
  const rejected = new Set<string>();
  const events: EventInfo[] = [];
  let complete = true;
  await Promise.all(
    names.map(async (name) => {
      let content: unknown;
      try {
        content = JSON.parse(await readFile(path.join(contentDir, name), 'utf8'));
      } catch (error) {
        warnings.push(`skipped content/${name}: ${(error as Error).message}`);
        complete = false;
        return;
      }
      collect(content, found, rejected);
      const event = eventOf(content);
      if (event) events.push(event);
    }),
  );
  const paths: string[] = [];
  for (const media of [...found].sort()) {
    if (SUPPORTED.test(media)) paths.push(media);
    else warnings.push(`not generated: ${media} (only .svg images and .wav audio are)`);
  }
  for (const value of rejected) warnings.push(`not generated: ${value} (outside public/media)`);
  events.sort((a, b) => b.slug.length - a.slug.length || a.slug.localeCompare(b.slug));
  return { paths, events, warnings: warnings.sort(), complete };
}
