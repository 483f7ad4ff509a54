import type { ContentPageFields } from '../../content.ts';
import { RecordsFrame } from './RecordsFrame.tsx';
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
    <RecordsFrame page={page}>
      <section className="section" aria-label={page.title}>
        <PlaylistGrid playlists={data.playlists} />
      </section>
    </RecordsFrame>
  );
}
