import { renderToString } from 'react-dom/server';
import { StructuredData } from './StructuredData.tsx';

describe('structured data', () => {
  test('is a JSON-LD data block in the schema.org context', () => {
    const html = renderToString(<StructuredData data={{ '@type': 'Event', name: 'Nabd Festival 2026' }} />);
    const json = html.match(/<script type="application\/ld\+json">(.*)<\/script>/)?.[1];
    expect(JSON.parse(json!)).toEqual({ '@context': 'https://schema.org', '@type': 'Event', name: 'Nabd Festival 2026' });
  });

  test('text in the data cannot close the script element', () => {
    const html = renderToString(<StructuredData data={{ name: '</script><script>alert(1)</script>' }} />);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.match(/<script type="application\/ld\+json">(.*)<\/script>/)?.[1];
    expect(JSON.parse(json!).name).toBe('</script><script>alert(1)</script>');
  });
});
