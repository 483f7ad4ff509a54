import { readFileSync } from 'node:fs';
import { createI18n } from '#server/i18n.ts';
import { renderFragment, type SiteValues } from '#server/render/render-document.tsx';
import { createUrlBuilder } from '#server/urls.ts';
import { fromRoot } from '#platform/paths.ts';
import { createFormatter, direction, type Locale } from '../../format.ts';
import { TravelPackagesPage, type TravelPackagesPageData } from './TravelPackagesPage.tsx';
import { TravelPartnerPage } from './TravelPartnerPage.tsx';

/** The demo content has travel packages on sale; editors can take them off, which these pages must say. */

const i18n = await createI18n();

function render(locale: Locale, element: React.ReactElement): string {
  const site: SiteValues = {
    locale,
    dir: direction(locale),
    t: i18n.getFixedT(locale),
    format: createFormatter(locale),
    urls: createUrlBuilder({ baseUrl: 'https://nabd.example', locale, currentPath: '/travel-packages' }),
    path: '/travel-packages',
    csrfToken: 'token',
    viewer: null,
    forms: {},
    embeddedApp: false,
  };
  return renderFragment(site, element);
}

const strings = (locale: Locale) => JSON.parse(readFileSync(fromRoot('locales', locale, 'events.json'), 'utf8')).travel.offSale;

const offSale: TravelPackagesPageData = {
  page: { title: 'Travel packages', slug: '', pageType: 'travel', moduleName: 'travel', seo: { noIndex: false }, blocks: [] },
  onSale: false,
  packages: [],
  partners: [{ slug: 'rihla-journeys', name: 'Rihla Journeys' }],
};

describe('travel packages off sale (travel packages config `enabled: false`)', () => {
  test.each(['en', 'ar'] as const)('the overview says so instead of listing nothing (%s)', (locale) => {
    const html = render(locale, <TravelPackagesPage data={offSale} />);
    expect(html).toContain(strings(locale).title);
    expect(html).not.toContain('travel-card');
    expect(html).toContain(`href="${locale === 'ar' ? '/ar' : ''}/events/calendar"`);
    // The partners are still introduced.
    expect(html).toContain('href="' + (locale === 'ar' ? '/ar' : '') + '/travel-packages/partners/rihla-journeys"');
  });

  test('a partner page says so too', () => {
    const html = render(
      'en',
      <TravelPartnerPage data={{ partner: { slug: 'rihla-journeys', name: 'Rihla Journeys' }, onSale: false, packages: [] }} />,
    );
    expect(html).toContain(strings('en').title);
    expect(html).not.toContain('travel-card');
  });
});
