/**
 * The site's line icons as one SVG sprite (a `<symbol>` per icon), served as a fingerprinted file
 * under /assets (scripts/build.ts writes it) and drawn with `<use href>` (views/components/Icon.tsx):
 * the browser fetches and caches it once, where inline icons cost their paths on every page.
 * A plain module, no JSX, so the build script can import it as it is.
 */

const GLOBE =
  '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9S9.6 5.5 12 3z"/>';

/** Each icon's shapes on a 24 × 24 grid, stroked with the text's colour (the symbol's attributes). */
const ICON_SHAPES = {
  arrow: '<path d="M4 12h15M13 6l6 6-6 6"/>',
  external: '<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>',
  globe: GLOBE,
  search: '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L20 20"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  calendar: '<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 10h17M8 3v4M16 3v4"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3.5 2"/>',
  pin: '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>',
  tag: '<path d="M3.5 12.6V4.5a1 1 0 0 1 1-1h8.1l8 8a1.5 1.5 0 0 1 0 2.1l-6.9 6.9a1.5 1.5 0 0 1-2.1 0z"/><circle cx="8.5" cy="8.5" r="1.5"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5"/>',
  phone:
    '<path d="M5 4h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4z"/>',
  whatsapp:
    '<path d="M3.5 20.5l1.3-4.4a8.5 8.5 0 1 1 3.2 3.1z"/><path d="M9 8.5c0 3.3 3.2 6.5 6.5 6.5l1-1.5-2-1-1 .8a5 5 0 0 1-2.8-2.8l.8-1-1-2z"/>',
  messenger:
    '<path d="M12 3c-5 0-9 3.7-9 8.3 0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5 0 9-3.7 9-8.4S17 3 12 3z"/><path d="m7 13.5 3.5-3.5 2.5 2.2 4-3.7-3.5 3.5-2.5-2.2z"/>',
  facebook: '<path d="M14.5 21v-7.5h3l.5-3.5h-3.5V8a1.5 1.5 0 0 1 1.5-1.5h2V3.2A21 21 0 0 0 15 3c-2.9 0-4.5 1.7-4.5 4.6V10h-3v3.5h3V21"/>',
  instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><circle cx="17.3" cy="6.7" r="1.1" fill="currentColor" stroke="none"/>',
  youtube: '<rect x="2" y="5" width="20" height="14" rx="4.5"/><path d="M10 9.2v5.6l4.8-2.8z" fill="currentColor"/>',
  twitter: '<path d="M4 4h4.6L20 20h-4.6zM19.5 4l-6.3 7M4.5 20l6.3-7"/>',
  tiktok: '<path d="M14.5 3v11.6a3.9 3.9 0 1 1-3.9-3.9M14.5 3a4.8 4.8 0 0 0 4.8 4.8"/>',
  snapchat:
    '<path d="M12 3.5c2.8 0 4.8 2 4.8 4.8v2.3l1.9-.5-.3 1.3-1.7.9c.6 1.9 1.9 3.1 3.6 3.7-.8.9-2 .8-2.6 1.4-.3.9-.6 1.3-1.9 1.1-1-.2-2.1 1-3.8 1s-2.8-1.2-3.8-1c-1.3.2-1.6-.2-1.9-1.1-.6-.6-1.8-.5-2.6-1.4 1.7-.6 3-1.8 3.6-3.7l-1.7-.9-.3-1.3 1.9.5V8.3c0-2.8 2-4.8 4.8-4.8z"/>',
  soundcloud: '<path d="M3 17v-3M6 17v-5.5M9 17V9.5M12 17V7.5a6 6 0 0 1 6 4.7 2.6 2.6 0 0 1 .6-.1 2.5 2.5 0 0 1 0 4.9z"/>',
  spotify:
    '<circle cx="12" cy="12" r="9.5"/><path d="M7 9.4c3.4-1 7.3-.7 10.3 1.1M7.6 12.8c2.8-.8 5.8-.5 8.3.9M8.2 16.1c2.2-.6 4.4-.4 6.3.6"/>',
  anghami:
    '<path d="M19.5 15.2A8.5 8.5 0 1 1 10 3.6a6.8 6.8 0 0 0 9.5 11.6z"/><circle cx="16.5" cy="7" r="1.3" fill="currentColor" stroke="none"/>',
  linkedin: '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 10.5V17M8 7.3v.2M12 17v-6.5M12 13.3a2.8 2.8 0 0 1 5.5 0V17"/>',
  mixcloud: '<path d="M7.2 18a4.2 4.2 0 0 1-.6-8.4 6 6 0 0 1 11.4 1.6 3.4 3.4 0 0 1-.6 6.8z"/>',
  // The footer's link to this site itself: the globe.
  website: GLOBE,
} as const;

export type IconName = keyof typeof ICON_SHAPES;

export const hasIcon = (name: string): name is IconName => Object.hasOwn(ICON_SHAPES, name);

/** The sprite file's text: the stroke settings once per symbol, so every `<use>` needs none. */
export const ICON_SPRITE =
  '<svg xmlns="http://www.w3.org/2000/svg">' +
  Object.entries(ICON_SHAPES)
    .map(
      ([name, shapes]) =>
        `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${shapes}</symbol>`,
    )
    .join('') +
  '</svg>';

/**
 * The sprite's URL, named after its content (FNV-1a, computed the same way by the build and the
 * views), so it is cached for a year like the other assets and a changed icon is a new file.
 */
export const ICON_SPRITE_PATH = `/assets/icons-${contentHash(ICON_SPRITE)}.svg`;

function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).toUpperCase();
}
