import type { ReactNode } from 'react';
import type { ContentPageFields } from '../../content.ts';
import { RecordsFrame } from './RecordsFrame.tsx';
import { useSite } from '../../site-context.tsx';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { Icon } from '../../components/Icon.tsx';
import type { PerformerSummary } from './PerformerPage.tsx';
import { ArtistGrid, PlaylistGrid, ReleaseGrid, type PlaylistCardContent, type ReleaseCardContent } from './RecordsCards.tsx';

export interface RecordsPageData {
  page: ContentPageFields & { blocks: PageBlockContent[] };
  releases: ReleaseCardContent[];
  playlists: PlaylistCardContent[];
  artists: PerformerSummary[];
}

/** SPEC 2.1 /records: the label's latest releases, playlists and artists, each with the way to all of them. */
export function RecordsPage({ data }: { data: RecordsPageData }) {
  const { t, urls } = useSite();
  const { page } = data;
  return (
    <RecordsFrame page={page}>
      <RecordsSection
        id="records-releases"
        title={t('music:records.latestReleases')}
        more={t('music:records.allReleases')}
        href={urls.route('recordsReleases')}
      >
        <ReleaseGrid releases={data.releases} />
      </RecordsSection>
      <RecordsSection
        id="records-playlists"
        title={t('music:records.playlists')}
        more={t('music:records.allPlaylists')}
        href={urls.route('recordsPlaylists')}
      >
        <PlaylistGrid playlists={data.playlists} />
      </RecordsSection>
      <RecordsSection
        id="records-artists"
        title={t('music:records.artists')}
        more={t('music:records.allArtists')}
        href={urls.route('recordsArtists')}
      >
        <ArtistGrid artists={data.artists} />
      </RecordsSection>
      <PageBlocks blocks={page.blocks} />
    </RecordsFrame>
  );
}

function RecordsSection({
  id,
  title,
  more,
  href,
  children,
}: {
  id: string;
  title: string;
  more: string;
  href: string;
  children: ReactNode;
}) {
  return (
    <section className="section records-section" aria-labelledby={`${id}-title`}>
      <div className="section__heading">
        <h2 id={`${id}-title`} className="section__title">
          {title}
        </h2>
        <a className="section__more" href={href}>
          {more}
          <Icon name="arrow" />
        </a>
      </div>
      {children}
    </section>
  );
}
