import type { Asset, SeoContent } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { FooterPlayer, PlayInPlayer } from '../../components/AudioPlayers.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';
import { useTrack } from '../../components/tracking.ts';
import type { PerformerSummary } from './PerformerPage.tsx';
import { ArtistGrid } from './RecordsCards.tsx';

export interface ReleasePageData {
  release: {
    slug: string;
    title: string;
    description?: string | null;
    releaseType: string;
    releasedAt: string;
    listenUrl?: string | null;
    artwork?: Asset | null;
    background?: Asset | null;
    artists: PerformerSummary[];
    audioSections: { id: string; title?: string | null; externalAudio: string }[];
    seo: SeoContent;
  };
}

/** SPEC 2.1 /records/releases/{slug}. */
export function ReleasePage({ data }: { data: ReleasePageData }) {
  const { t, urls, format } = useSite();
  const track = useTrack();
  const { release } = data;
  const artistNames = format.list(release.artists.map((artist) => artist.name));
  return (
    <article className="release-page">
      <header className="release-hero">
        {release.background ? (
          <ResponsiveImage className="release-hero__background" asset={release.background} alt="" sizes="100vw" />
        ) : null}
        <div className="release-hero__inner section">
          {release.artwork ? (
            <ResponsiveImage className="release-hero__artwork" asset={release.artwork} sizes="(min-width: 48em) 24rem, 80vw" priority />
          ) : null}
          <div className="release-hero__text">
            <p className="label release-hero__type">
              {t(`music:release.type.${release.releaseType}`, { defaultValue: release.releaseType })}
              <span aria-hidden="true"> · </span>
              <time dateTime={release.releasedAt}>{format.date(release.releasedAt)}</time>
            </p>
            <h1 className="release-hero__title">{release.title}</h1>
            <p className="release-hero__artists">
              {release.artists.map((artist, index) => (
                <span key={artist.slug}>
                  {index > 0 ? ', ' : null}
                  <a href={urls.route('performer', { performerSlug: artist.slug })}>{artist.name}</a>
                </span>
              ))}
            </p>
            {release.listenUrl ? (
              <SmartLink
                className="button button--primary release-hero__listen"
                href={release.listenUrl}
                {...track('link_clicked', { link_label: 'listen', link_url: release.listenUrl, section_name: 'release' })}
              >
                <Icon name="external" />
                {t('music:release.listen')}
              </SmartLink>
            ) : null}
          </div>
        </div>
      </header>
      {release.description ? (
        <div className="section section--narrow">
          <p className="lead">{release.description}</p>
        </div>
      ) : null}
      {release.audioSections.length ? (
        <section className="section section--narrow release-tracks" aria-labelledby="release-tracks-title">
          <h2 id="release-tracks-title" className="section__title">
            {t('music:release.tracks')}
          </h2>
          <ol className="track-list">
            {release.audioSections.map((section, index) => {
              const title = section.title || t('music:release.trackNumber', { number: index + 1 });
              return (
                <li key={section.id} className="track">
                  <span className="track__number" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="track__title">{title}</span>
                  <PlayInPlayer
                    player="footer"
                    src={section.externalAudio}
                    title={`${title} · ${artistNames}`}
                    label={t('music:release.play', { title })}
                  />
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
      {release.artists.length ? (
        <section className="section release-artists" aria-labelledby="release-artists-title">
          <h2 id="release-artists-title" className="section__title">
            {t('music:release.artists')}
          </h2>
          <ArtistGrid artists={release.artists} />
        </section>
      ) : null}
      {release.audioSections.length ? <FooterPlayer /> : null}
      <StructuredData
        data={{
          '@type': release.releaseType === 'single' ? 'MusicRecording' : 'MusicAlbum',
          name: release.title,
          url: urls.absolute(urls.route('recordsRelease', { slug: release.slug })),
          datePublished: release.releasedAt,
          ...(release.description ? { description: release.description } : {}),
          ...(release.artwork ? { image: urls.absolute(release.artwork.url) } : {}),
          byArtist: release.artists.map((artist) => ({
            '@type': 'MusicGroup',
            name: artist.name,
            url: urls.absolute(urls.route('performer', { performerSlug: artist.slug })),
          })),
        }}
      />
    </article>
  );
}
