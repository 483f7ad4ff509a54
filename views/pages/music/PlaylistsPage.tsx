import type { ContentPageFields } from '../../content.ts';
import { PageHero } from '../../components/PageHero.tsx';
import { RichText } from '../../components/RichText.tsx';
import { PlaylistGrid, type PlaylistCardContent } from './RecordsCards.tsx';

export interface PlaylistsPageData {
  page: ContentPageFields;
  /** Newest first. */
  playlists: PlaylistCardContent[];
}

/** SPEC 2.1 /records/playlists. */
export function PlaylistsPage({ data }: { data: PlaylistsPageData }) {
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
        <PlaylistGrid playlists={data.playlists} />
      </section>
    </div>
  );
}
