import { normalizedPath, redirectLocation, redirectTable } from './content-redirects.ts';

const redirect = (source: string, destination: string, permanent = true) => ({ source, destination, permanent });

describe('the redirect table', () => {
  test('sources match without their trailing slash, and decoded (Arabic paths)', () => {
    expect(normalizedPath('/shop/')).toBe('/shop');
    expect(normalizedPath('/')).toBe('/');
    expect(normalizedPath('/ar/%D8%A7%D9%84%D9%85%D8%AF%D9%88%D9%86%D8%A9')).toBe('/ar/المدونة');
    expect(normalizedPath('/bad%E0%A4%A')).toBe('/bad%E0%A4%A');
    const table = redirectTable([redirect('/ar/المدونة/', '/ar/xp-feed')]);
    expect(table.get(normalizedPath('/ar/%D8%A7%D9%84%D9%85%D8%AF%D9%88%D9%86%D8%A9'))?.destination).toBe('/ar/xp-feed');
  });

  test('loops are left out: to their own source, or round through others; chains that end stay', () => {
    const table = redirectTable([
      redirect('/self', '/self/?x=1'),
      redirect('/a', '/b'),
      redirect('/b', '/a'),
      redirect('/c', '/d'),
      redirect('/d', '/events'),
    ]);
    expect([...table.keys()].sort()).toEqual(['/c', '/d']);
  });

  test('destinations are this site’s paths or http(s) addresses only', () => {
    const table = redirectTable([
      redirect('/out', 'https://tickets.example/nabd'),
      redirect('/script', 'javascript:alert(1)'),
      redirect('/protocol-relative', '//evil.example'),
      redirect('/mail', 'mailto:hello@nabd.example'),
      redirect('relative', '/events'),
    ]);
    expect([...table.keys()]).toEqual(['/out']);
  });

  test('the visitor’s query string is kept, after the destination’s own and before its fragment', () => {
    expect(redirectLocation('/store', '')).toBe('/store');
    expect(redirectLocation('/store', 'utm_source=x')).toBe('/store?utm_source=x');
    expect(redirectLocation('/store?tab=1#top', 'utm_source=x')).toBe('/store?tab=1&utm_source=x#top');
  });
});
