/**
 * HTML as a reader sees its characters: React's entity escapes (`&#x27;`, `&amp;`...) decoded and
 * the empty comments React puts between adjacent text nodes removed.
 */
export function decoded(html: string): string {
  return html
    .replaceAll('<!-- -->', '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
