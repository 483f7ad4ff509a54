import { assetOf, type AssetRow } from './assets.ts';

/**
 * SPEC 7.4: a video's preview image, falling back to another picture when its own is missing or
 * too small to be a preview: at most 90 pixels high, the size of the placeholder video hosts hand
 * out for a video without a thumbnail (120×90). The fallback is the record's own picture (its
 * header's cover, or its cover), as the page's other previews use it.
 */
export const SMALLEST_PREVIEW_HEIGHT = 91;

type LoadAsset = (path: string) => Promise<AssetRow | undefined>;

const pathOf = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && typeof (value as { image?: unknown }).image === 'string'
    ? (value as { image: string }).image
    : undefined;

/** The pictures a video in `record`'s rich text may show, best first. */
function candidates(poster: unknown, record: Record<string, unknown>): string[] {
  const header = (record.header ?? {}) as Record<string, unknown>;
  return [typeof poster === 'string' ? poster : undefined, pathOf(header.cover), pathOf(record.cover)].filter(
    (path): path is string => Boolean(path),
  );
}

/** The first candidate that exists and is tall enough, as an Asset; null when none is. */
export async function videoPoster(
  video: Record<string, unknown>,
  record: Record<string, unknown>,
  load: LoadAsset,
): Promise<ReturnType<typeof assetOf> | null> {
  for (const path of candidates(video.poster, record)) {
    const row = await load(path);
    if (row && (row.height === null || row.height >= SMALLEST_PREVIEW_HEIGHT)) {
      return assetOf({ image: path, ...(typeof video.title === 'string' ? { alt: video.title } : {}) }, row);
    }
  }
  return null;
}
