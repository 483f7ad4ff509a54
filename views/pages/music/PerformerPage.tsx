import type { Asset, EventCardContent, RichTextNode, SocialLink, SeoContent } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { EventCard } from '../../components/EventCard.tsx';
import { hasIcon, Icon } from '../../components/Icon.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { RichText } from '../../components/RichText.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';
import { useTrack } from '../../components/tracking.ts';
import { externalVideo } from './external-video.ts';

export interface PerformerSummary {
  slug: string;
  name: string;
  cover?: Asset | null;
}

export interface PerformerPageData {
  performer: PerformerSummary & {
    id: string;
    biography?: RichTextNode[] | null;
    externalVideo?: string | null;
    enableBooking: boolean;
    background?: Asset | null;
    /** SPEC 3.1: in the order the content gives. */
    socials: { links: SocialLink[] };
    associatedPerformers: PerformerSummary[];
    /** SPEC 7.1: events still running at or after the start of today in Riyadh, soonest first. */
    upcomingEvents: EventCardContent[];
    seo: SeoContent;
  };
}

type Performer = PerformerPageData['performer'];

/** SPEC 2.1 /performers/{performerSlug}. */
export function PerformerPage({ data }: { data: PerformerPageData }) {
  const { t } = useSite();
  const { performer } = data;
  const hasAside = performer.cover || performer.socials.links.length > 0 || performer.enableBooking;
  return (
    <article className="performer-page">
      <PageHero header={{ title: performer.name, cover: performer.background ?? performer.cover ?? null }}>
        <p className="hero__kicker label">{t('music:performer.kicker')}</p>
      </PageHero>
      <div className={hasAside ? 'performer-page__layout section' : 'performer-page__layout performer-page__layout--single section'}>
        {hasAside ? (
          <aside className="performer-page__aside" aria-label={t('music:performer.about', { name: performer.name })}>
            {performer.cover ? (
              <ResponsiveImage className="performer-page__portrait" asset={performer.cover} sizes="(min-width: 60em) 22rem, 92vw" />
            ) : null}
            <PerformerSocials performer={performer} />
            {performer.enableBooking ? <BookingCallToAction performer={performer} /> : null}
          </aside>
        ) : null}
        <div className="performer-page__about">
          <h2 className="section__title">{t('music:performer.biography')}</h2>
          {performer.biography?.length ? <RichText document={performer.biography} /> : <p>{t('music:performer.noBiography')}</p>}
        </div>
      </div>
      <UpcomingEvents performer={performer} />
      {performer.externalVideo ? <PerformerVideo performer={performer} url={performer.externalVideo} /> : null}
      <AssociatedPerformers performers={performer.associatedPerformers} />
      <PerformerStructuredData performer={performer} />
    </article>
  );
}

/** SPEC 3.1: the networks in the content's order, each named for screen readers, opening in a new tab. */
function PerformerSocials({ performer }: { performer: Performer }) {
  const { t } = useSite();
  const track = useTrack();
  const links = performer.socials.links;
  if (!links.length) return null;
  return (
    <div className="performer-socials">
      <h2 className="label performer-socials__title">{t('music:performer.follow')}</h2>
      <ul className="socials performer-socials__list">
        {links.map((social) => (
          <li key={social.network}>
            <SmartLink
              className={`socials__link socials__link--${social.network}`}
              href={social.url}
              aria-label={t('music:performer.socialLink', { name: performer.name, network: t(`social.${social.network}`) })}
              {...track('social_media_account_clicked', {
                social_platform: social.network,
                link_url: social.url,
                artist_name: performer.name,
              })}
            >
              {hasIcon(social.network) ? <Icon name={social.network} /> : null}
            </SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BookingCallToAction({ performer }: { performer: Performer }) {
  const { t } = useSite();
  const subject = t('music:performer.bookingSubject', { name: performer.name });
  return (
    <div className="performer-booking">
      <p className="performer-booking__text">{t('music:performer.bookingText', { name: performer.name })}</p>
      <a className="button button--primary" href={`mailto:${t('music:performer.bookingEmail')}?subject=${encodeURIComponent(subject)}`}>
        {t('music:performer.book', { name: performer.name })}
      </a>
    </div>
  );
}

/** Where to catch the performer next: each event is a catch_artist_clicked (SPEC 9.4). */
function UpcomingEvents({ performer }: { performer: Performer }) {
  const { t, urls } = useSite();
  const track = useTrack();
  return (
    <section className="section performer-events" aria-labelledby="performer-events-title">
      <div className="section__heading">
        <h2 id="performer-events-title" className="section__title">
          {t('music:performer.upcoming', { name: performer.name })}
        </h2>
      </div>
      {performer.upcomingEvents.length ? (
        <ul className="event-grid">
          {performer.upcomingEvents.map((event) => (
            <li
              key={event.slug}
              {...track('catch_artist_clicked', {
                artist_name: performer.name,
                event: event.slug,
                link_url: urls.route('event', { slug: event.slug }),
              })}
            >
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="performer-events__empty">
          {t('music:performer.noUpcoming', { name: performer.name })}{' '}
          <a href={urls.route('eventsCalendar')}>{t('music:performer.seeCalendar')}</a>
        </p>
      )}
    </section>
  );
}

/** A lazy, titled embed where the provider allows one; otherwise the background as a poster that links out. */
function PerformerVideo({ performer, url }: { performer: Performer; url: string }) {
  const { t } = useSite();
  const video = externalVideo(url);
  if (!video) return null;
  const title = t('music:performer.videoTitle', { name: performer.name });
  const poster = performer.background ?? performer.cover;
  return (
    <section className="section performer-video" aria-labelledby="performer-video-title">
      <h2 id="performer-video-title" className="section__title">
        {t('music:performer.video')}
      </h2>
      <div className="performer-video__frame">
        {video.kind === 'embed' ? (
          <iframe
            className="performer-video__embed"
            src={video.embedUrl}
            title={title}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <SmartLink className="performer-video__poster" href={video.url}>
            {poster ? (
              <ResponsiveImage className="performer-video__image" asset={poster} alt="" sizes="(min-width: 60em) 56rem, 92vw" />
            ) : null}
            <span className="performer-video__play">
              <Icon name="external" />
              {title}
            </span>
          </SmartLink>
        )}
      </div>
    </section>
  );
}

function AssociatedPerformers({ performers }: { performers: PerformerSummary[] }) {
  const { t, urls } = useSite();
  if (!performers.length) return null;
  return (
    <section className="section performer-related" aria-labelledby="performer-related-title">
      <h2 id="performer-related-title" className="section__title">
        {t('music:performer.associated')}
      </h2>
      <ul className="artist-grid">
        {performers.map((associated) => (
          <li key={associated.slug}>
            <ArtistTile performer={associated} href={urls.route('performer', { performerSlug: associated.slug })} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A performer in a grid: portrait and name, linking to their page. */
export function ArtistTile({ performer, href }: { performer: PerformerSummary; href: string }) {
  return (
    <a className="artist-tile" href={href}>
      <span className="artist-tile__media">
        {performer.cover ? (
          <ResponsiveImage
            className="artist-tile__image"
            asset={performer.cover}
            alt=""
            sizes="(min-width: 64em) 14rem, (min-width: 36em) 30vw, 45vw"
          />
        ) : null}
      </span>
      <span className="artist-tile__name">{performer.name}</span>
    </a>
  );
}

/** schema.org MusicGroup, which also stands for a solo musician. */
function PerformerStructuredData({ performer }: { performer: Performer }) {
  const { urls } = useSite();
  const image = performer.seo.image?.url ?? performer.cover?.url;
  return (
    <StructuredData
      data={{
        '@type': 'MusicGroup',
        name: performer.name,
        url: urls.absolute(urls.route('performer', { performerSlug: performer.slug })),
        ...(performer.seo.description ? { description: performer.seo.description } : {}),
        ...(image ? { image: urls.absolute(image) } : {}),
        ...(performer.socials.links.length ? { sameAs: performer.socials.links.map((social) => social.url) } : {}),
        ...(performer.upcomingEvents.length
          ? {
              event: performer.upcomingEvents.map((event) => ({
                '@type': 'MusicEvent',
                name: event.title,
                startDate: event.config.startDatetime,
                endDate: event.config.endDatetime,
                url: urls.absolute(urls.route('event', { slug: event.slug })),
                location: { '@type': 'Place', name: event.config.city, address: event.config.city },
              })),
            }
          : {}),
      }}
    />
  );
}
