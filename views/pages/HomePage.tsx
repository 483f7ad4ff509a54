import type { ContentPageFields } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { PageBlocks } from '../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../blocks/types.ts';
import { PageHero } from '../components/PageHero.tsx';
import { RichText } from '../components/RichText.tsx';

export interface HomePageData {
  homePage: ContentPageFields & { blocks: PageBlockContent[] };
}

export function HomePage({ data }: { data: HomePageData }) {
  const home = data.homePage;
  return (
    <>
      {home.header ? <PageHero header={home.header} /> : <h1 className="visually-hidden">{home.title}</h1>}
      <Pillars />
      {/* The editors compose the rest: countdown, upcoming events, highlights, numbers... (SPEC 3.2). */}
      <PageBlocks blocks={home.blocks} />
      {home.body?.length ? (
        <section className="section section--narrow">
          <RichText document={home.body} className="lead" />
        </section>
      ) : null}
    </>
  );
}

const PILLARS = ['festivals', 'concerts', 'radio', 'records', 'culture'] as const;

/** What Nabd does, as a strip sliding under the hero; the copies are for the loop and hidden from assistive technology. */
function Pillars() {
  const { t } = useSite();
  const items = PILLARS.map((pillar) => (
    <li key={pillar} className="marquee__item">
      {t(`home.pillars.${pillar}`)}
    </li>
  ));
  return (
    <div className="marquee">
      <div className="marquee__track">
        <ul className="marquee__list" aria-label={t('home.pillars.label')}>
          {items}
        </ul>
        {[1, 2, 3].map((copy) => (
          <ul key={copy} className="marquee__list" aria-hidden="true">
            {items}
          </ul>
        ))}
      </div>
    </div>
  );
}
