import type { Asset, ContentPageFields } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { PlayInPlayer } from '../../components/AudioPlayers.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { RichText } from '../../components/RichText.tsx';

export interface ScheduledShow {
  id: string;
  /** HH:MM in Riyadh time. */
  startTime: string;
  endTime: string;
  /** On air now, by the content service's clock. */
  onAir: boolean;
  show: { title: string; description?: string | null; cover?: Asset | null; presenters: { name: string }[] };
}

export interface RadioStation {
  id: string;
  name: string;
  description?: string | null;
  streamUrl: string;
  schedule: { day: string; today: boolean; shows: ScheduledShow[] }[];
}

export interface PodcastSummary {
  slug: string;
  title: string;
  description?: string | null;
  categories: string[];
  cover?: Asset | null;
  episodes: { id: string }[];
}

export interface RadioPageData {
  page: ContentPageFields & { blocks: PageBlockContent[] };
  stations: RadioStation[];
  podcasts: PodcastSummary[];
}

/** SPEC 2.1 /radio. */
export function RadioPage({ data }: { data: RadioPageData }) {
  const { t } = useSite();
  const { page } = data;
  return (
    <div className="radio-page">
      <PageHero header={page.header ?? { title: page.title }} />
      {page.body?.length ? (
        <div className="section section--narrow">
          <RichText className="lead" document={page.body} />
        </div>
      ) : null}
      <section className="section radio-stations" aria-labelledby="radio-stations-title">
        <h2 id="radio-stations-title" className="section__title">
          {t('music:radio.stations')}
        </h2>
        <ul className="radio-stations__list">
          {data.stations.map((station) => (
            <li key={station.id}>
              <Station station={station} />
            </li>
          ))}
        </ul>
      </section>
      {data.podcasts.length ? (
        <section className="section section--muted radio-podcasts" aria-labelledby="radio-podcasts-title">
          <h2 id="radio-podcasts-title" className="section__title">
            {t('music:radio.podcasts')}
          </h2>
          <ul className="podcast-grid">
            {data.podcasts.map((podcast) => (
              <li key={podcast.slug}>
                <PodcastCard podcast={podcast} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PageBlocks blocks={page.blocks} />
    </div>
  );
}

/** A station: live now, what is on air, and its week with today open (no JavaScript needed). */
function Station({ station }: { station: RadioStation }) {
  const { t, format } = useSite();
  const today = station.schedule.find((day) => day.today);
  const onAir = today?.shows.find((slot) => slot.onAir);
  const headingId = `station-${station.id}`;
  return (
    <article className="station" aria-labelledby={headingId}>
      <div className="station__live">
        <p className="station__badge">
          <span className="station__dot" aria-hidden="true" />
          {t('player.live')}
        </p>
        <h3 id={headingId} className="station__name">
          {station.name}
        </h3>
        {station.description ? <p className="station__description">{station.description}</p> : null}
        {onAir ? (
          <p className="station__now">
            <span className="label">{t('music:radio.onAirNow')}</span> <strong>{onAir.show.title}</strong>{' '}
            <span className="station__time">
              {onAir.startTime}–{onAir.endTime}
            </span>
          </p>
        ) : null}
        <PlayInPlayer
          player="navigation"
          src={station.streamUrl}
          title={station.name}
          label={t('music:radio.listenTo', { station: station.name })}
        />
      </div>
      <div className="station__schedule">
        <h4 className="label station__schedule-title">{t('music:radio.schedule')}</h4>
        <p className="station__zone">{t('music:radio.riyadhTime')}</p>
        {station.schedule.map((day) => (
          <details key={day.day} className="schedule-day" open={day.today}>
            <summary className="schedule-day__name">
              {t(`music:radio.days.${day.day}`, { defaultValue: day.day })}
              {day.today ? <span className="schedule-day__today">{t('music:radio.today')}</span> : null}
            </summary>
            <ol className="schedule-day__shows">
              {day.shows.map((slot) => (
                <li
                  key={slot.id}
                  className={slot.onAir ? 'schedule-slot schedule-slot--on-air' : 'schedule-slot'}
                  aria-current={slot.onAir ? 'time' : undefined}
                >
                  <span className="schedule-slot__time">
                    {slot.startTime}–{slot.endTime}
                  </span>
                  <span className="schedule-slot__show">
                    <span className="schedule-slot__title">{slot.show.title}</span>
                    {slot.show.presenters.length ? (
                      <span className="schedule-slot__presenters">
                        {format.list(slot.show.presenters.map((presenter) => presenter.name))}
                      </span>
                    ) : null}
                  </span>
                  {slot.onAir ? <span className="schedule-slot__badge">{t('music:radio.onAir')}</span> : null}
                </li>
              ))}
            </ol>
          </details>
        ))}
      </div>
    </article>
  );
}

function PodcastCard({ podcast }: { podcast: PodcastSummary }) {
  const { t, urls } = useSite();
  return (
    <a className="podcast-card" href={urls.route('podcast', { slug: podcast.slug })}>
      {podcast.cover ? (
        <ResponsiveImage
          className="podcast-card__cover"
          asset={podcast.cover}
          alt=""
          sizes="(min-width: 64em) 18rem, (min-width: 36em) 45vw, 92vw"
        />
      ) : null}
      <span className="podcast-card__body">
        <span className="podcast-card__title">{podcast.title}</span>
        <span className="podcast-card__meta">{t('music:podcast.episodes', { count: podcast.episodes.length })}</span>
        {podcast.description ? <span className="podcast-card__description">{podcast.description}</span> : null}
      </span>
    </a>
  );
}
