import { useSite } from '../../site-context.tsx';
import { EventNavigation, type EventNavigationContent } from '../../components/EventNavigation.tsx';
import { Icon } from '../../components/Icon.tsx';
import { MyScheduleToggle } from '../../components/MyScheduleToggle.tsx';
import { LineupHeader } from './LineupHeader.tsx';
import { PerformanceMeta, schedulable } from './LineupPage.tsx';
import type { LineupContent, LineupPerformance } from './lineup-data.ts';
import { festivalDayDate } from './festival-days.ts';

export interface MySchedulePageData {
  navigation: EventNavigationContent;
  lineup: LineupContent;
  days: { date: string; number: number; performances: { performance: LineupPerformance; clashesWith: string[] }[] }[];
  signedIn: boolean;
}

/**
 * "My schedule": the visitor's marked performances day by day, clashes (overlapping sets) called
 * out in words and colour, a calendar file of them all, and where the marks are kept.
 */
export function MySchedulePage({ data }: { data: MySchedulePageData }) {
  const { t, urls, format } = useSite();
  const { lineup } = data;
  const count = data.days.reduce((total, day) => total + day.performances.length, 0);
  const clashes = data.days.reduce((total, day) => total + day.performances.filter((item) => item.clashesWith.length).length, 0);
  const titleOf = (slug: string) => lineup.performances.find((performance) => performance.slug === slug)?.title ?? slug;
  return (
    <article className="lineup-page my-schedule" style={{ '--accent': lineup.colourAccent } as object}>
      <EventNavigation navigation={data.navigation} />
      <LineupHeader lineup={lineup} current="mySchedule" />
      <section className="section my-schedule__body" aria-labelledby="my-schedule-title">
        <div className="section__heading">
          <h2 id="my-schedule-title" className="section__title">
            {t('lineup:mySchedule.title')}
          </h2>
        </div>
        <p className="my-schedule__where">
          {data.signedIn ? (
            t('lineup:mySchedule.keptAccount')
          ) : (
            <>
              {t('lineup:mySchedule.keptBrowser')}{' '}
              <a
                className="link"
                href={`${urls.route('accountLogin')}?returnTo=${encodeURIComponent(urls.route('lineupMySchedule', { slug: lineup.eventSlug }))}`}
              >
                {t('lineup:mySchedule.signIn')}
              </a>
            </>
          )}
        </p>
        {count ? (
          <>
            <div className="my-schedule__summary">
              <p>
                {t('lineup:mySchedule.count', { count })}
                {clashes ? (
                  <>
                    {' · '}
                    <strong className="my-schedule__clash-count">{t('lineup:mySchedule.clashCount', { count: clashes })}</strong>
                  </>
                ) : null}
              </p>
              <a
                className="button button--ghost"
                href={urls.route('lineupMyScheduleFile', { slug: lineup.eventSlug })}
                download={`${lineup.eventSlug}-my-schedule.ics`}
                type="text/calendar"
              >
                <Icon name="calendar" />
                {t('lineup:mySchedule.download')}
              </a>
            </div>
            {data.days.map((day) => (
              <section key={day.date} className="my-schedule__day" aria-labelledby={`day-${day.date}`}>
                <h3 id={`day-${day.date}`} className="lineup-group__title">
                  {t('lineup:day.number', { number: day.number })} · {format.longDate(festivalDayDate(day.date))}
                </h3>
                <ol className="lineup-rows">
                  {day.performances.map(({ performance, clashesWith }) => (
                    <li
                      key={performance.id}
                      id={`scheduled-${performance.slug}`}
                      className={clashesWith.length ? 'lineup-row lineup-row--clash' : 'lineup-row'}
                    >
                      <p className="lineup-row__time">
                        <time dateTime={performance.startDatetime}>{format.time(performance.startDatetime)}</time>
                        <span aria-hidden="true">–</span>
                        <time dateTime={performance.endDatetime}>{format.time(performance.endDatetime)}</time>
                      </p>
                      <div className="lineup-row__main">
                        <a
                          className="lineup-row__title"
                          href={urls.route('performance', { eventSlug: lineup.eventSlug, performanceSlug: performance.slug })}
                        >
                          {performance.title}
                        </a>
                        <PerformanceMeta performance={performance} lineup={lineup} showDay={false} showTime={false} />
                        {clashesWith.length ? (
                          <p className="lineup-row__clash">
                            <strong>{t('lineup:mySchedule.clash')}</strong>{' '}
                            {t('lineup:mySchedule.clashesWith', { titles: format.list(clashesWith.map(titleOf)) })}
                          </p>
                        ) : null}
                      </div>
                      {schedulable(lineup) ? (
                        <MyScheduleToggle
                          eventSlug={lineup.eventSlug}
                          performanceSlug={performance.slug}
                          marked
                          title={performance.title}
                          id={`toggle-scheduled-${performance.slug}`}
                        />
                      ) : null}
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </>
        ) : (
          <div className="empty-state my-schedule__empty">
            <p>{t('lineup:mySchedule.empty')}</p>
            <a className="button button--primary" href={urls.route('lineup', { slug: lineup.eventSlug })}>
              {t('lineup:mySchedule.browse')}
            </a>
          </div>
        )}
      </section>
    </article>
  );
}
