import type { Asset } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { useTrack } from '../../components/tracking.ts';
import { ArtistTile, type PerformerSummary } from './PerformerPage.tsx';

export interface ReleaseCardContent {
  slug: string;
  title: string;
  releaseType: string;
  releasedAt: string;
  artwork?: Asset | null;
  artists: { slug: string; name: string }[];
}

export interface PlaylistCardContent {
  id: string;
  title: string;
  url: string;
  cover?: Asset | null;
}

/** A release in a grid: artwork, title, artists, type and date. */
export function ReleaseCard({ release, headingLevel = 3 }: { release: ReleaseCardContent; headingLevel?: 2 | 3 }) {
  const { t, urls, format } = useSite();
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <article className="release-card">
      <a className="release-card__link" href={urls.route('recordsRelease', { slug: release.slug })}>
        <span className="release-card__media">
          {release.artwork ? (
            <ResponsiveImage
              className="release-card__artwork"
              asset={release.artwork}
              alt=""
              sizes="(min-width: 64em) 18rem, (min-width: 36em) 45vw, 92vw"
            />
          ) : null}
        </span>
        <Heading className="release-card__title">{release.title}</Heading>
      </a>
      <p className="release-card__artists">{format.list(release.artists.map((artist) => artist.name))}</p>
      <p className="release-card__meta">
        {t(`music:release.type.${release.releaseType}`, { defaultValue: release.releaseType })}
        <span aria-hidden="true"> · </span>
        <time dateTime={release.releasedAt}>{format.date(release.releasedAt)}</time>
      </p>
    </article>
  );
}

export function ReleaseGrid({ releases, headingLevel }: { releases: ReleaseCardContent[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="release-grid">
      {releases.map((release) => (
        <li key={release.slug}>
          <ReleaseCard release={release} {...(headingLevel ? { headingLevel } : {})} />
        </li>
      ))}
    </ul>
  );
}

/** Playlists open on their platform in a new tab; each click is a playlist_click (SPEC 9.4). */
export function PlaylistGrid({ playlists }: { playlists: PlaylistCardContent[] }) {
  const { t } = useSite();
  const track = useTrack();
  return (
    <ul className="playlist-grid">
      {playlists.map((playlist) => (
        <li key={playlist.id}>
          <SmartLink
            className="playlist-card"
            href={playlist.url}
            {...track('playlist_click', { playlist_name: playlist.title, link_url: playlist.url })}
          >
            <span className="playlist-card__media">
              {playlist.cover ? (
                <ResponsiveImage
                  className="playlist-card__cover"
                  asset={playlist.cover}
                  alt=""
                  sizes="(min-width: 64em) 16rem, (min-width: 36em) 30vw, 45vw"
                />
              ) : null}
            </span>
            <span className="playlist-card__title">{playlist.title}</span>
            <span className="playlist-card__action">{t('music:playlists.listen')}</span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

export function ArtistGrid({ artists }: { artists: PerformerSummary[] }) {
  const { urls } = useSite();
  return (
    <ul className="artist-grid">
      {artists.map((artist) => (
        <li key={artist.slug}>
          <ArtistTile performer={artist} href={urls.route('performer', { performerSlug: artist.slug })} />
        </li>
      ))}
    </ul>
  );
}
