import type { AssetRow } from './assets.ts';
import { videoPoster } from './video-poster.ts';

/** SPEC 7.4: a video's preview falls back to the record's picture when its own is missing or 90 pixels high or less. */

const row = (path: string, width: number, height: number): AssetRow => ({
  path,
  mimeType: 'image/jpeg',
  width,
  height,
  blurDataUrl: null,
  contentHash: `hash-of-${path}`.padEnd(12, '0'),
  updatedAt: '2026-11-01T00:00:00Z',
});

const library = new Map<string, AssetRow>([
  ['articles/video-poster.jpg', row('articles/video-poster.jpg', 1280, 720)],
  ['articles/no-thumbnail.jpg', row('articles/no-thumbnail.jpg', 120, 90)],
  ['articles/just-tall-enough.jpg', row('articles/just-tall-enough.jpg', 160, 91)],
  ['articles/cover.jpg', row('articles/cover.jpg', 1600, 900)],
]);
const load = async (path: string) => library.get(path);
const record = { header: { cover: { image: 'articles/cover.jpg' } } };
const posterOf = async (poster: string | undefined, of: Record<string, unknown> = record) =>
  (await videoPoster({ type: 'video', url: 'https://video.example/v/1', title: 'Backstage', poster }, of, load))?.id ?? null;

test("a video's own preview is shown when it is there and tall enough", async () => {
  expect(await posterOf('articles/video-poster.jpg')).toBe('articles/video-poster.jpg');
  expect(await posterOf('articles/just-tall-enough.jpg')).toBe('articles/just-tall-enough.jpg');
});

test("a preview 90 pixels high, or one that is missing, gives way to the record's picture", async () => {
  expect(await posterOf('articles/no-thumbnail.jpg')).toBe('articles/cover.jpg');
  expect(await posterOf('articles/not-uploaded.jpg')).toBe('articles/cover.jpg');
  expect(await posterOf(undefined)).toBe('articles/cover.jpg');
  expect(await posterOf(undefined, { cover: { image: 'articles/cover.jpg' } })).toBe('articles/cover.jpg');
});

test('without any usable picture the video shows no preview', async () => {
  expect(await posterOf('articles/no-thumbnail.jpg', {})).toBeNull();
  expect(await posterOf(undefined, { header: { cover: { image: 'articles/no-thumbnail.jpg' } } })).toBeNull();
});

test('the preview carries its size and the video title as its text', async () => {
  const asset = await videoPoster({ poster: 'articles/video-poster.jpg', title: 'Backstage' }, record, load);
  expect(asset).toMatchObject({ url: '/media/articles/video-poster.jpg', width: 1280, height: 720, alt: 'Backstage' });
});
