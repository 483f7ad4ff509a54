import type { RouteId } from '#server/route-table.ts';
import { useSite } from '../../site-context.tsx';
import { useTrack } from '../../components/tracking.ts';
import type { LineupContent } from './lineup-data.ts';
import { festivalDayDate } from './festival-days.ts';

export type LineupTab = 'overview' | 'artists' | 'stages' | 'timetable' | 'search' | 'mySchedule' | 'performance';

/**
 * The top of every line-up page: its title, the festival's dates, and the line-up's own tabs.
 * Tabs the line-up's settings rule out (SPEC 3.2) are not offered: stages when it hides them, the
 * timetable when it hides that, "my schedule" without times or once the event is over.
 */
export function LineupHeader({ lineup, current }: { lineup: LineupContent; current: LineupTab }) {
  const { t, urls, format } = useSite();
  const track = useTrack();
  const tabs: { id: LineupTab; route: RouteId }[] = [
    { id: 'overview', route: 'lineup' },
    { id: 'artists', route: 'lineupArtists' },
    ...(lineup.hideStages ? [] : [{ id: 'stages' as const, route: 'lineupStages' as const }]),
    ...(lineup.hideTimetable ? [] : [{ id: 'timetable' as const, route: 'lineupTimetable' as const }]),
    { id: 'search', route: 'lineupSearch' },
    ...(lineup.hideTiming || lineup.ended ? [] : [{ id: 'mySchedule' as const, route: 'lineupMySchedule' as const }]),
  ];
  const first = lineup.days[0];
  const last = lineup.days[lineup.days.length - 1];
  return (
    <header className="lineup-header">
      <div className="lineup-header__inner">
        <p className="lineup-header__event">{lineup.eventTitle}</p>
        <h1 className="lineup-header__title">{lineup.title}</h1>
        {first && last ? (
          <p className="lineup-header__dates">
            {format.dateRange(festivalDayDate(first.date), festivalDayDate(last.date))} · {t('lineup:days', { count: lineup.days.length })}
          </p>
        ) : null}
      </div>
      <nav className="lineup-tabs" aria-label={t('lineup:tabs.label')}>
        <ul className="lineup-tabs__list">
          {tabs.map((tab) => {
            const href = urls.route(tab.route, { slug: lineup.eventSlug });
            const label = t(`lineup:tabs.${tab.id}`);
            return (
              <li key={tab.id}>
                <a
                  className="lineup-tabs__tab"
                  href={href}
                  aria-current={tab.id === current ? 'page' : undefined}
                  {...track('link_clicked', { link_label: label, link_url: href, section_name: 'lineup-tabs' })}
                >
                  {label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
