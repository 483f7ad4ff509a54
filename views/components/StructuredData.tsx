/**
 * schema.org data for search engines (JSON-LD): an Event, a MusicEvent, a MusicRecording... The
 * script is a data block, never run, so the content security policy does not concern it; `<` is
 * escaped so that no text in the data can close the element early.
 */
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
