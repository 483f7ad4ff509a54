import type { Asset, ContentPageFields } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { RichText } from '../../components/RichText.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { useTrack } from '../../components/tracking.ts';
import { EventRows, type EventRowContent } from './EventRow.tsx';

export interface VenueContent {
  slug: string;
  name: string;
  city: string;
  cityKey: string;
  address?: string | null;
  description?: string | null;
  capacity?: number | null;
  mapUrl?: string | null;
  image?: Asset | null;
  upcomingEvents: EventRowContent[];
}

export interface VenuesPageData {
  page: ContentPageFields & { blocks: PageBlockContent[] };
  /** Cities A to Z, each with its venues A to Z. */
  cities: { key: string; name: string; venues: VenueContent[] }[];
}

const cityAnchor = (key: string) => `city-${key}`;

/** SPEC 2.1 /venues: where the events happen, city by city, with a way to each on the map. */
export function VenuesPage({ data }: { data: VenuesPageData }) {
  const { t } = useSite();
  const { page, cities } = data;
  return (
    <div className="venues-page">
      <PageHero header={page.header ?? { title: page.title }} compact />
      <div className="section venues">
        <RichText className="venues__intro" document={page.body} />
        {cities.length > 1 ? (
          <nav className="venues__cities" aria-label={t('events:venues.cities')}>
            <ul className="chips">
              {cities.map((city) => (
                <li key={city.key}>
                  <a className="chip-link" href={`#${cityAnchor(city.key)}`}>
                    {city.name}
                    <span className="chip-link__count">{city.venues.length}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {cities.map((city) => (
          <section key={city.key} className="venues__city" aria-labelledby={cityAnchor(city.key)}>
            <h2 id={cityAnchor(city.key)} className="venues__city-title">
              {city.name}
            </h2>
            <div className="venues__list">
              {city.venues.map((venue) => (
                <Venue key={venue.slug} venue={venue} />
              ))}
            </div>
          </section>
        ))}
      </div>
      <PageBlocks blocks={page.blocks} />
    </div>
  );
}

function Venue({ venue }: { venue: VenueContent }) {
  const { t, format } = useSite();
  const track = useTrack();
  const titleId = `${venue.slug}-title`;
  return (
    <article id={venue.slug} className="venue" aria-labelledby={titleId}>
      {venue.image ? (
        <div className="venue__media">
          <ResponsiveImage className="venue__image" asset={venue.image} sizes="(min-width: 64em) 40vw, 100vw" />
        </div>
      ) : null}
      <div className="venue__body">
        <h3 id={titleId} className="venue__name">
          {venue.name}
        </h3>
        <dl className="venue__facts">
          {venue.address ? (
            <div className="venue__fact venue__fact--address">
              <dt>
                <Icon name="pin" />
                {t('events:venues.address')}
              </dt>
              <dd>{venue.address}</dd>
            </div>
          ) : null}
          {venue.capacity ? (
            <div className="venue__fact">
              <dt>
                <Icon name="user" />
                {t('events:venues.capacity')}
              </dt>
              <dd>{format.number(venue.capacity)}</dd>
            </div>
          ) : null}
        </dl>
        {venue.description ? <p className="venue__description">{venue.description}</p> : null}
        {venue.mapUrl ? (
          <SmartLink
            className="button button--ghost venue__map"
            href={venue.mapUrl}
            {...track('link_clicked', { link_label: venue.name, link_url: venue.mapUrl, section_name: 'venue_map' })}
          >
            <Icon name="external" />
            {t('events:venues.map')}
            <span className="visually-hidden">: {venue.name}</span>
          </SmartLink>
        ) : null}
        <div className="venue__upcoming">
          <p className="label">{t('events:venues.upcoming')}</p>
          {venue.upcomingEvents.length ? (
            <EventRows events={venue.upcomingEvents} headingLevel={4} />
          ) : (
            <p className="venue__none">{t('events:venues.noUpcoming')}</p>
          )}
        </div>
      </div>
    </article>
  );
}
