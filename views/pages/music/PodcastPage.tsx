import type { Asset, SeoContent } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { FooterPlayer, PlayInPlayer } from '../../components/AudioPlayers.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';

export interface PodcastEpisode {
  id: string;
  title: string;
  description?: string | null;
  audio: string;
  publishedAt: string;
  /** Seconds. */
  duration: number;
}

export interface PodcastPageData {
  podcast: {
    slug: string;
    title: string;
    description?: string | null;
    categories: string[];
    cover?: Asset | null;
    /** Newest first. */
    episodes: PodcastEpisode[];
    seo: SeoContent;
  };
}

/** ISO 8601 duration for `<time datetime>`: PT55M20S. */
const isoDuration = (seconds: number) => `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;

/** SPEC 2.1 /radio/podcasts/{slug}. */
export function PodcastPage({ data }: { data: PodcastPageData }) {
  const { t, urls } = useSite();
  const { podcast } = data;
  return (
    <article className="podcast-page">
      <header className="podcast-hero section">
        {podcast.cover ? (
          <ResponsiveImage className="podcast-hero__cover" asset={podcast.cover} sizes="(min-width: 48em) 20rem, 70vw" priority />
        ) : null}
        <div className="podcast-hero__text">
          <a className="podcast-hero__back label" href={urls.route('radio')}>
            {t('music:podcast.backToRadio')}
          </a>
          <h1 className="podcast-hero__title">{podcast.title}</h1>
          {podcast.categories.length ? (
            <ul className="chips" aria-label={t('music:podcast.categories')}>
              {podcast.categories.map((category) => (
                <li key={category} className="chip">
                  {t(`music:podcast.category.${category}`, { defaultValue: category })}
                </li>
              ))}
            </ul>
          ) : null}
          {podcast.description ? <p className="lead podcast-hero__description">{podcast.description}</p> : null}
        </div>
      </header>
      <section className="section podcast-episodes" aria-labelledby="podcast-episodes-title">
        <h2 id="podcast-episodes-title" className="section__title">
          {t('music:podcast.episodes', { count: podcast.episodes.length })}
        </h2>
        <ol className="episode-list">
          {podcast.episodes.map((episode) => (
            <li key={episode.id}>
              <Episode episode={episode} />
            </li>
          ))}
        </ol>
      </section>
      <FooterPlayer />
      <StructuredData
        data={{
          '@type': 'PodcastSeries',
          name: podcast.title,
          url: urls.absolute(urls.route('podcast', { slug: podcast.slug })),
          ...(podcast.description ? { description: podcast.description } : {}),
          ...(podcast.cover ? { image: urls.absolute(podcast.cover.url) } : {}),
        }}
      />
    </article>
  );
}

function Episode({ episode }: { episode: PodcastEpisode }) {
  const { t, format } = useSite();
  const minutes = Math.round(episode.duration / 60);
  return (
    <article className="episode" aria-labelledby={`episode-${episode.id}`}>
      <div className="episode__text">
        <p className="episode__meta">
          <time dateTime={episode.publishedAt}>{format.date(episode.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          <time dateTime={isoDuration(episode.duration)}>{t('music:duration', { minutes: format.number(minutes) })}</time>
        </p>
        <h3 id={`episode-${episode.id}`} className="episode__title">
          {episode.title}
        </h3>
        {episode.description ? <p className="episode__description">{episode.description}</p> : null}
      </div>
      <PlayInPlayer player="footer" src={episode.audio} title={episode.title} label={t('music:podcast.play', { title: episode.title })} />
    </article>
  );
}
