import { useSite } from '../../site-context.tsx';
import { EventNavigation } from '../../components/EventNavigation.tsx';
import { Island } from '../../components/Island.tsx';
import { MyScheduleToggle } from '../../components/MyScheduleToggle.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { SharedMarkup } from '../../components/SharedMarkup.tsx';
import { useTrack } from '../../components/tracking.ts';
import {
  LINEUP_EMPTY_ID,
  LINEUP_RESULTS_ID,
  LINEUP_STATUS_ID,
  LineupFilters,
  SHOWN_PLACEHOLDER,
  type FilterEntry,
  type LineupFiltersProps,
} from '../../islands/LineupFilters.tsx';
import { LineupHeader } from './LineupHeader.tsx';
import type { LineupContent, LineupEntry, LineupGroup, LineupPageData, LineupPerformance, PosterTier } from './lineup-data.ts';
import { festivalDayDate } from './festival-days.ts';

/**
 * The line-up pages that list performances (SPEC 2.1, 2.4): the overview (poster and A–Z), the
 * artists A–Z, the programme by stage, a day's schedule and the search. Each has the same filters:
 * a GET form that works without JavaScript, hydrated as the lineup-filters island.
 */
export function LineupPage({ data }: { data: LineupPageData }) {
  const { t, format } = useSite();
  const showing = useShowingLabel(data);
  const { lineup, view } = data;
  return (
    <article className="lineup-page" style={{ '--accent': lineup.colourAccent } as object}>
      <EventNavigation navigation={data.navigation} />
      <LineupHeader lineup={lineup} current={view === 'day' ? 'stages' : view} />
      {view === 'overview' && data.poster.length ? <Poster data={data} /> : null}
      <section className="section lineup-listing" aria-labelledby="lineup-listing-title">
        <div className="section__heading">
          <h2 id="lineup-listing-title" className="section__title">
            {view === 'day' && data.day ? t('lineup:day.title', { day: dayLabel(lineup, data.day, format) }) : t(`lineup:listing.${view}`)}
          </h2>
        </div>
        {/* The daily schedules, from the programme and from each other. */}
        {(view === 'day' || view === 'stages') && lineup.days.length ? <DayTabs lineup={lineup} current={data.day ?? ''} /> : null}
        <Filters data={data} />
        {data.rejected.length ? (
          <div className="form-error lineup-listing__notice">
            <ul>
              {data.rejected.map((name) => (
                <li key={name}>{t(`lineup:filters.rejected.${name}`)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p id={LINEUP_STATUS_ID} className="lineup-listing__status" role="status">
          {showing.replace(SHOWN_PLACEHOLDER, String(data.visible))}
        </p>
        <Results data={data} />
        <div id={LINEUP_EMPTY_ID} className="empty-state lineup-listing__empty" hidden={data.visible > 0}>
          <p>{t('lineup:filters.empty')}</p>
        </div>
      </section>
    </article>
  );
}

/**
 * The listed performances. The overview's compact A–Z shows nothing of the visitor (no "my schedule"
 * toggles), so it is rendered once per content answer, language and filters (SharedMarkup); the
 * other layouts carry each visitor's toggles and are rendered per page.
 */
function Results({ data }: { data: LineupPageData }) {
  const props = {
    id: LINEUP_RESULTS_ID,
    className: `lineup-results lineup-results--${data.layout}`,
    ...useArtistTracking(data.lineup),
  };
  const groups = data.groups.map((group) => <Group key={group.id} group={group} data={data} />);
  if (data.layout !== 'compact') return <div {...props}>{groups}</div>;
  return (
    <SharedMarkup source={data.content} name={`lineup-results ${data.view} ${JSON.stringify(data.filters)}`} as="div" props={props}>
      {groups}
    </SharedMarkup>
  );
}

function useShowingLabel(data: LineupPageData) {
  const { t } = useSite();
  const total = data.groups.reduce((count, group) => count + group.entries.length, 0);
  return t('lineup:filters.showing', { count: total, shown: SHOWN_PLACEHOLDER });
}

export const dayLabel = (lineup: LineupContent, day: string, format: { longDate(value: Date): string }) =>
  lineup.days.some((item) => item.date === day) ? format.longDate(festivalDayDate(day)) : day;

/** The filters island: the choices this page offers and the entries it lists, compact. */
function Filters({ data }: { data: LineupPageData }) {
  const { t, urls, format } = useSite();
  const showing = useShowingLabel(data);
  const { lineup, view } = data;
  const action =
    view === 'day'
      ? urls.route('lineupStagesDay', { slug: lineup.eventSlug, day: data.day! })
      : urls.route(ROUTE_OF_VIEW[view], { slug: lineup.eventSlug });
  const entries: FilterEntry[] = data.groups.flatMap((group) =>
    group.entries.map((entry): FilterEntry => {
      const { facets } = entry;
      return [entry.key, facets.day, facets.stage, facets.categories, facets.letters.join(''), facets.text];
    }),
  );
  const props: LineupFiltersProps = {
    action,
    filters: data.filters,
    days:
      view === 'day' || lineup.hideTiming || lineup.days.length < 2
        ? null
        : lineup.days.map((day) => ({ value: day.date, label: format.longDate(festivalDayDate(day.date)) })),
    stages:
      lineup.hideStages || view === 'stages' || view === 'day'
        ? null
        : lineup.stages.map((stage) => ({ value: stage.id, label: stage.title })),
    categories: lineup.categories.map((category) => ({ value: category.value, label: category.label })),
    // Only what the island reads: the content's own fields (its type name) would travel in every page.
    letters: lineup.letters.map(({ label, value }) => ({ label, value })),
    entries,
    labels: {
      form: t('lineup:filters.label'),
      day: t('lineup:filters.day'),
      stage: t('lineup:filters.stage'),
      category: t('lineup:filters.category'),
      any: t('lineup:filters.any'),
      letter: t('lineup:filters.letter'),
      allLetters: t('lineup:filters.allLetters'),
      search: t('lineup:filters.search'),
      searchHint: t('lineup:filters.searchHint'),
      apply: t('lineup:filters.apply'),
      clear: t('lineup:filters.clear'),
      showing,
    },
    ...(view === 'search' ? { autoFocusSearch: true } : {}),
  };
  return <Island name="lineup-filters" component={LineupFilters} props={props} />;
}

const ROUTE_OF_VIEW = {
  overview: 'lineup',
  artists: 'lineupArtists',
  stages: 'lineupStages',
  search: 'lineupSearch',
} as const;

function DayTabs({ lineup, current }: { lineup: LineupContent; current: string }) {
  const { t, urls, format } = useSite();
  return (
    <nav className="lineup-days" aria-label={t('lineup:day.choose')}>
      <ul className="lineup-days__list">
        {lineup.days.map((day) => (
          <li key={day.date}>
            <a
              className="lineup-days__day"
              href={urls.route('lineupStagesDay', { slug: lineup.eventSlug, day: day.date })}
              aria-current={day.date === current ? 'page' : undefined}
            >
              <span className="lineup-days__number">{t('lineup:day.number', { number: day.number })}</span>
              <span className="lineup-days__date">{format.longDate(festivalDayDate(day.date))}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const LIST_CLASS = { cards: 'lineup-cards', compact: 'lineup-cards lineup-cards--compact', rows: 'lineup-rows' } as const;

function Group({ group, data }: { group: LineupGroup; data: LineupPageData }) {
  const { t, format } = useSite();
  const allHidden = group.entries.every((entry) => entry.hidden);
  const headingId = `${group.id}-title`;
  return (
    <section className="lineup-group" data-lineup-group="" hidden={allHidden} aria-labelledby={group.title ? headingId : undefined}>
      {group.title ? (
        <h3
          id={headingId}
          className="lineup-group__title"
          style={group.accent ? ({ '--stage-colour': group.accent } as object) : undefined}
        >
          {group.title}
        </h3>
      ) : null}
      {group.days ? (
        group.days.map((day) => (
          // A plain block, not a landmark: every stage has the same days, and regions need unique names.
          <div key={day.date} className="lineup-group__day" data-lineup-group="" hidden={day.entries.every((entry) => entry.hidden)}>
            <h4 className="lineup-group__day-title">
              {t('lineup:day.number', { number: day.number })} · {format.longDate(festivalDayDate(day.date))}
            </h4>
            <Entries entries={day.entries} data={data} />
          </div>
        ))
      ) : (
        <Entries entries={group.entries} data={data} />
      )}
    </section>
  );
}

function Entries({ entries, data }: { entries: LineupEntry[]; data: LineupPageData }) {
  const { lineup } = data;
  return (
    <ul className={LIST_CLASS[data.layout]}>
      {entries.map((entry) => {
        const performance = lineup.performances.find((item) => item.id === entry.performanceId)!;
        return data.layout !== 'rows' ? (
          <PerformanceCard
            key={entry.key}
            entry={entry}
            performance={performance}
            lineup={lineup}
            withImage={data.layout === 'cards'}
            // The overview's A–Z is an index under the poster: marking is offered where sets are
            // listed in full (artists, stages, days, search, timetable, the set's page). A toggle on
            // each of its hundred-odd names cost a third of the page's bytes and render time.
            withToggle={data.layout !== 'compact'}
          />
        ) : (
          <PerformanceRow key={entry.key} entry={entry} performance={performance} lineup={lineup} />
        );
      })}
    </ul>
  );
}

/**
 * What every "catch artist" link of a list shares (SPEC 9.4), said once on the list: the event,
 * and the link's address and text as its `link_url` and `artist_name` (decision 0054: on a hundred
 * links, three attributes each were a fifth of the page).
 */
function useArtistTracking(lineup: LineupContent) {
  return useTrack().links('catch_artist_clicked', { event: lineup.eventSlug }, { link_url: 'href', artist_name: 'text' });
}

/**
 * A link to a performance page, tracked as "catch artist" with the artist's name: the link's text,
 * unless it reads otherwise (a set's own title), when the name is the link's own property.
 */
function usePerformanceLink(lineup: LineupContent, performance: LineupPerformance, artistName: string, textIsTheName: boolean) {
  const { urls } = useSite();
  const track = useTrack();
  const href = urls.route('performance', { eventSlug: lineup.eventSlug, performanceSlug: performance.slug });
  return { href, ...track.inList(textIsTheName ? {} : { artist_name: artistName }) };
}

function PerformanceCard({
  entry,
  performance,
  lineup,
  withImage,
  withToggle,
}: {
  entry: LineupEntry;
  performance: LineupPerformance;
  lineup: LineupContent;
  withImage: boolean;
  withToggle: boolean;
}) {
  const performer = performance.performers.find((item) => item.id === entry.performerId) ?? performance.performers[0];
  const name = performer?.name ?? performance.title;
  // The link reads the name alone unless it shows the set's own title or the headliner badge.
  const link = usePerformanceLink(lineup, performance, name, performance.title === name && !(withImage && performance.headliner));
  const image = performer?.cover ?? performance.cover;
  return (
    <li id={entry.key} className="lineup-card" data-lineup-entry="" hidden={entry.hidden}>
      <a className="lineup-card__link" {...link}>
        {withImage ? (
          <span className="lineup-card__media">
            {image ? (
              <ResponsiveImage
                className="lineup-card__image"
                asset={image}
                alt=""
                sizes="(min-width: 80em) 18rem, (min-width: 40em) 30vw, 50vw"
              />
            ) : null}
            {performance.headliner ? <HeadlinerBadge /> : null}
          </span>
        ) : null}
        <span className="lineup-card__name">{name}</span>
        {performance.title !== name ? <span className="lineup-card__set">{performance.title}</span> : null}
      </a>
      <PerformanceMeta performance={performance} lineup={lineup} showDay />
      {withToggle ? <Toggle entry={entry} performance={performance} lineup={lineup} /> : null}
    </li>
  );
}

function HeadlinerBadge() {
  const { t } = useSite();
  return <span className="lineup-card__badge">{t('lineup:headliner')}</span>;
}

/** A row of a schedule (a stage's day, a day's stage): the time, the set, its styles. */
function PerformanceRow({ entry, performance, lineup }: { entry: LineupEntry; performance: LineupPerformance; lineup: LineupContent }) {
  const { format } = useSite();
  const artists = format.list(performance.performers.map((performer) => performer.name)) || performance.title;
  const link = usePerformanceLink(lineup, performance, artists, artists === performance.title);
  return (
    <li id={entry.key} className="lineup-row" data-lineup-entry="" hidden={entry.hidden}>
      {lineup.hideTiming ? null : (
        <p className="lineup-row__time">
          <time dateTime={performance.startDatetime}>{format.time(performance.startDatetime)}</time>
          <span aria-hidden="true">–</span>
          <time dateTime={performance.endDatetime}>{format.time(performance.endDatetime)}</time>
        </p>
      )}
      <div className="lineup-row__main">
        <a className="lineup-row__title" {...link}>
          {performance.title}
        </a>
        <PerformanceMeta performance={performance} lineup={lineup} showDay={false} showTime={false} showStage={false} />
      </div>
      <Toggle entry={entry} performance={performance} lineup={lineup} />
    </li>
  );
}

/**
 * Day, time, stage and categories, as far as the line-up shows them (SPEC 3.2). Printed once per
 * listed set, so its parts carry no class their place in the line does not already give them.
 */
export function PerformanceMeta({
  performance,
  lineup,
  showDay,
  showTime = true,
  showStage = true,
}: {
  performance: LineupPerformance;
  lineup: Pick<LineupContent, 'hideTiming' | 'hideStages' | 'stages' | 'categories' | 'days'>;
  showDay: boolean;
  showTime?: boolean;
  showStage?: boolean;
}) {
  const { format, t } = useSite();
  const stage = showStage && !lineup.hideStages ? lineup.stages.find((item) => item.id === performance.stageId) : undefined;
  const day = lineup.days.find((item) => item.date === performance.day);
  const categories = lineup.categories.filter((category) => performance.categories.includes(category.value));
  return (
    <p className="performance-meta">
      {!lineup.hideTiming && showDay && day ? <span>{t('lineup:day.number', { number: day.number })}</span> : null}
      {!lineup.hideTiming && showTime ? <time dateTime={performance.startDatetime}>{format.time(performance.startDatetime)}</time> : null}
      {stage ? (
        <span
          className="performance-meta__stage"
          style={stage.titleColour ? ({ '--stage-colour': stage.titleColour } as object) : undefined}
        >
          {stage.title}
        </span>
      ) : null}
      {categories.map((category) => (
        <span key={category.value} className="performance-meta__category" style={{ '--category-colour': category.colour } as object}>
          {category.label}
        </span>
      ))}
    </p>
  );
}

/** "My schedule" needs times, and an event still ahead. */
export const schedulable = (lineup: Pick<LineupContent, 'hideTiming' | 'ended'>) => !lineup.hideTiming && !lineup.ended;

function Toggle({ entry, performance, lineup }: { entry: LineupEntry; performance: LineupPerformance; lineup: LineupContent }) {
  if (!schedulable(lineup)) return null;
  return (
    <MyScheduleToggle
      eventSlug={lineup.eventSlug}
      performanceSlug={performance.slug}
      marked={lineup.marked.includes(performance.id)}
      title={performance.title}
      id={`toggle-${entry.key}`}
      returnAnchor={entry.key}
    />
  );
}

/**
 * The poster (SPEC 2.4): names only, in three sizes, the headliners first in billing order, as a
 * festival poster reads. Each name opens the performance.
 */
function Poster({ data }: { data: LineupPageData }) {
  const { lineup } = data;
  return (
    <SharedMarkup
      source={data.content}
      name="lineup-poster"
      as="section"
      props={{ className: 'section lineup-poster', 'aria-labelledby': 'lineup-poster-title', ...useArtistTracking(lineup) }}
    >
      <PosterTiers lineup={lineup} tiers={data.poster} />
    </SharedMarkup>
  );
}

function PosterTiers({ lineup, tiers }: { lineup: LineupContent; tiers: PosterTier[] }) {
  const { t, urls } = useSite();
  return (
    <>
      <h2 id="lineup-poster-title" className="visually-hidden">
        {t('lineup:poster.title')}
      </h2>
      {tiers.map((tier) => (
        <ul key={tier.size} className={`lineup-poster__tier lineup-poster__tier--${tier.size}`}>
          {tier.entries.map(({ performer, performanceSlug }) => {
            const href = urls.route('performance', { eventSlug: lineup.eventSlug, performanceSlug });
            return (
              <li key={performer.id} className="lineup-poster__name">
                <a href={href}>{performer.name}</a>
              </li>
            );
          })}
        </ul>
      ))}
    </>
  );
}
