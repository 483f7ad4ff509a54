import type { ContentPageFields } from '../../content.ts';
import { PageHero } from '../../components/PageHero.tsx';
import { RichText } from '../../components/RichText.tsx';
import type { PerformerSummary } from './PerformerPage.tsx';
import { ArtistGrid } from './RecordsCards.tsx';

export interface ArtistsPageData {
  page: ContentPageFields;
  /** Signed to the label, A to Z. */
  artists: PerformerSummary[];
}

/** SPEC 2.1 /records/artists. */
export function ArtistsPage({ data }: { data: ArtistsPageData }) {
  const { page } = data;
  return (
    <div className="records-page">
      <PageHero header={page.header ?? { title: page.title }} />
      {page.body?.length ? (
        <div className="section section--narrow">
          <RichText className="lead" document={page.body} />
        </div>
      ) : null}
      <section className="section" aria-label={page.title}>
        <ArtistGrid artists={data.artists} />
      </section>
    </div>
  );
}
