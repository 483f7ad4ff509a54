import type { TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { createUrlBuilder } from '#server/urls.ts';
import { createFormatter, type Locale } from '../format.ts';
import { SiteProvider, useSite, type ClientEntry, type SiteContextValue } from '../site-context.tsx';
import { NavigationLink } from './NavigationLink.tsx';
import { SharedMarkup } from './SharedMarkup.tsx';

/** A page's site context as the renderer gives it, for the visitor of `path` in `locale`. */
function siteAt(path: string, locale: Locale, used: ClientEntry[] = [], visitor: Partial<SiteContextValue> = {}): SiteContextValue {
  return {
    locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    t: ((key: string) => `${locale}:${key}`) as unknown as TFunction,
    format: createFormatter(locale),
    urls: createUrlBuilder({ baseUrl: 'https://nabd.example', locale, currentPath: path }),
    path,
    csrfToken: 'token-of-this-visitor',
    viewer: null,
    forms: {},
    embeddedApp: false,
    assets: { use: (entry) => used.push(entry) },
    ...visitor,
  };
}

const LINKS = [
  { title: 'Radio', href: '/radio' },
  { title: 'Records', href: '/records' },
];

let renders = 0;
function Menu({ links }: { links: typeof LINKS }) {
  const { urls } = useSite();
  renders += 1;
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <NavigationLink link={{ ...link, href: urls.route('home') === '/ar' ? `/ar${link.href}` : link.href }} />
        </li>
      ))}
    </ul>
  );
}

function render(content: object, path: string, locale: Locale = 'en', used: ClientEntry[] = []) {
  return renderToString(
    <SiteProvider value={siteAt(path, locale, used)}>
      <SharedMarkup source={content} name="menu" as="nav" props={{ className: 'menu', 'aria-label': `menu of ${path}` }}>
        <Menu links={LINKS} />
      </SharedMarkup>
    </SiteProvider>,
  );
}

beforeEach(() => {
  renders = 0;
});

describe('shared markup', () => {
  test('is rendered once per content and language, and reused by every page that it does not link to', () => {
    const content = {};
    const first = render(content, '/events');
    const second = render(content, '/about');
    expect(renders).toBe(1);
    expect(second.replace('menu of /about', 'menu of /events')).toBe(first);
    expect(first).toContain('<nav class="menu" aria-label="menu of /events"><ul><li><a href="/radio">Radio</a>');

    render(content, '/events', 'ar');
    expect(renders).toBe(2);
    expect(render(content, '/events', 'ar')).toContain('<a href="/ar/radio">');
    expect(renders).toBe(2);
  });

  test('a page it links to gets a rendering of its own, where that link is marked as the current page', () => {
    const content = {};
    expect(render(content, '/events')).not.toContain('aria-current');
    const onRadio = render(content, '/radio');
    expect(onRadio).toContain('<a href="/radio" aria-current="page">Radio</a>');
    expect(onRadio).toContain('<a href="/records">Records</a>');
    expect(renders).toBe(2);
    render(content, '/radio?page=2');
    expect(renders).toBe(2);
  });

  test('asks for the client scripts its part uses on every page, the reused ones too', () => {
    const content = {};
    const first: ClientEntry[] = [];
    const second: ClientEntry[] = [];
    render(content, '/events', 'en', first);
    render(content, '/about', 'en', second);
    expect(renders).toBe(1);
    expect(second).toEqual(first);
    expect(second).toContain('analytics');
  });

  test('new content is rendered anew', () => {
    render({}, '/events');
    render({}, '/events');
    expect(renders).toBe(2);
  });

  test('never shows the visitor who happened to render it: no name, token or form state reaches a part', () => {
    function Careless() {
      const { viewer, csrfToken, forms } = useSite();
      return <p>{`${viewer?.firstName ?? 'nobody'} ${csrfToken || 'no token'} ${Object.keys(forms).join() || 'no forms'}`}</p>;
    }
    const visitor = {
      viewer: { firstName: 'Layla', lastName: 'Haddad' },
      csrfToken: 'layla-token',
      forms: { newsletter: { status: 'invalid' as const, values: {}, errors: {} } },
    };
    const html = renderToString(
      <SiteProvider value={siteAt('/events', 'en', [], visitor)}>
        <SharedMarkup source={{}} name="careless" as="div">
          <Careless />
        </SharedMarkup>
      </SiteProvider>,
    );
    expect(html).toBe('<div><p>nobody no token no forms</p></div>');
  });
});
