import { readContentFolder } from '#graphql/content/content-files.ts';
import { fromRoot } from '#platform/paths.ts';

/**
 * The demo content's published fields by record id and locale, so that tests say "the page shows
 * its record's SEO title" rather than copying today's wording.
 */
export async function contentRecords() {
  const { records } = await readContentFolder(fromRoot('content'));
  return (id: string, locale: 'en' | 'ar') => {
    const record = records.find((entry) => entry.id === id && entry.locale === locale && entry.version === 'published');
    if (!record) throw new Error(`No published record ${id} in ${locale}`);
    return record.fields as Record<string, any>;
  };
}

/** Every published record of the demo content, each language apart: what the pages should show. */
export async function publishedContent<Fields = Record<string, any>>() {
  const { records } = await readContentFolder(fromRoot('content'));
  return records.filter((entry) => entry.version === 'published') as (Omit<(typeof records)[number], 'fields'> & { fields: Fields })[];
}
