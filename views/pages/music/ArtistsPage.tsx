import type { ContentPageFields } from '../../content.ts';
import { RecordsFrame } from './RecordsFrame.tsx';
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
    <RecordsFrame page={page}>
      <section className="section" aria-label={page.title}>
        <ArtistGrid artists={data.artists} />
      </section>
    </RecordsFrame>
  );
}
