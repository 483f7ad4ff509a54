/**
 * The players and maps pages may frame (the content security policy's `frame-src`): YouTube's
 * privacy-enhanced host and Vimeo's player for performers' videos (SPEC 3.2), Google's and
 * OpenStreetMap's map embeds for venues. An operator adds origins of their own (the shop's embed,
 * say) with `FRAME_ORIGINS`; an iframe block of any other origin is shown as a link instead.
 */
export const EMBED_PROVIDERS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.google.com',
  'https://www.openstreetmap.org',
] as const;

/** Whether a page at `url` may be framed, given the operator's extra origins. */
export function isFrameable(url: string, extraOrigins: readonly string[] = []): boolean {
  const parsed = URL.parse(url);
  if (!parsed || parsed.protocol !== 'https:') return false;
  return (EMBED_PROVIDERS as readonly string[]).includes(parsed.origin) || extraOrigins.includes(parsed.origin);
}
