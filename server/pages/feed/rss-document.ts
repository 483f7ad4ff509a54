/**
 * An RSS 2.0 document (https://www.rssboard.org/rss-specification) as text: a plain function of
 * what it lists, so that it can be checked without a site. Every text is escaped for XML.
 */

export interface RssItem {
  title: string;
  /** Absolute. */
  link: string;
  description?: string | null | undefined;
  /** ISO 8601. */
  publishedAt: string;
  category?: string | undefined;
  author?: string | null | undefined;
}

export interface RssChannel {
  title: string;
  /** The page the feed mirrors, absolute. */
  link: string;
  description: string;
  /** The feed's own URL, absolute (atom:link rel="self", which validators ask for). */
  selfUrl: string;
  /** A language tag: `en`, `ar`. */
  language: string;
  items: RssItem[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

/** RFC 822 dates, as RSS 2.0 asks: `Sat, 21 Nov 2026 12:00:00 GMT`. */
export const rfc822 = (instant: string) => new Date(instant).toUTCString();

const element = (name: string, text: string | null | undefined) => (text ? `<${name}>${escapeXml(text)}</${name}>` : '');

export function rssDocument(channel: RssChannel): string {
  const newest = channel.items[0]?.publishedAt;
  const items = channel.items.map((item) =>
    [
      '<item>',
      element('title', item.title),
      element('link', item.link),
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      element('description', item.description),
      element('category', item.category),
      element('dc:creator', item.author),
      element('pubDate', rfc822(item.publishedAt)),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    // The newest article's date, not the clock's: the same articles give the same document.
    newest ? element('lastBuildDate', rfc822(newest)) : '',
    ...items,
    '</channel>',
    '</rss>\n',
  ].join('');
}
