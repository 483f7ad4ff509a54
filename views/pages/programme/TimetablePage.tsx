import type { ReactNode } from 'react';
import { EventNavigation, type EventNavigationContent } from '../../components/EventNavigation.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Timetable, TimetableDays, type TimetableColumn, type TimetableDayLink, type TimetableEntry } from '../../components/Timetable.tsx';

export interface TimetablePageData<Entry extends TimetableEntry = TimetableEntry> {
  navigation: EventNavigationContent;
  title: string;
  subtitle?: string | null;
  days: TimetableDayLink[];
  day: { date: string; heading: string; columns: (TimetableColumn & { entries: Entry[] })[] };
}

/**
 * A timetable page (line-up, day or night programme): the event's navigation, a title, the days as
 * tabs and the chosen day. `above` takes a programme's own tabs; `renderEntryAction` an entry's action.
 */
export function TimetablePage<Entry extends TimetableEntry>({
  data,
  above,
  renderEntryAction,
}: {
  data: TimetablePageData<Entry>;
  above?: ReactNode;
  renderEntryAction?: (entry: Entry) => ReactNode;
}) {
  const accent = data.navigation.event.config.colourAccent;
  return (
    <article className="timetable-page" style={{ '--accent': accent } as object}>
      <EventNavigation navigation={data.navigation} />
      <PageHero header={{ title: data.title, subtitle: data.subtitle ?? null }} accent={accent} />
      {above}
      <div className="section timetable-page__body">
        {data.days.length > 1 ? <TimetableDays days={data.days} current={data.day.date} /> : null}
        <Timetable day={data.day.date} heading={data.day.heading} columns={data.day.columns} renderEntryAction={renderEntryAction} />
      </div>
    </article>
  );
}

/** The line-up's timetable: performances link to their pages. */
export function LineupTimetablePage({ data }: { data: TimetablePageData }) {
  return <TimetablePage data={data} />;
}
