import { EventNavigation, type EventNavigationContent } from '../../components/EventNavigation.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Timetable, TimetableDays, type TimetableColumn, type TimetableDayLink, type TimetableEntry } from '../../components/Timetable.tsx';
import { ProgrammeFrame, type Edition } from './ProgrammeFrame.tsx';
import type { ReactNode } from 'react';
import { MyScheduleToggle } from '../../components/MyScheduleToggle.tsx';

export interface TimetableDayData<Entry extends TimetableEntry = TimetableEntry> {
  days: TimetableDayLink[];
  day: { date: string; heading: string; columns: (TimetableColumn & { entries: Entry[] })[] };
}

export interface TimetablePageData<Entry extends TimetableEntry = TimetableEntry> extends TimetableDayData<Entry> {
  navigation: EventNavigationContent;
  title: string;
  subtitle?: string | null;
}

/** The days as tabs (when there are several) and the chosen day's timetable. */
export function TimetableDayView<Entry extends TimetableEntry>({
  data,
  renderEntryAction,
}: {
  data: TimetableDayData<Entry>;
  renderEntryAction?: (entry: Entry) => ReactNode;
}) {
  return (
    <>
      {data.days.length > 1 ? <TimetableDays days={data.days} current={data.day.date} /> : null}
      <Timetable day={data.day.date} heading={data.day.heading} columns={data.day.columns} renderEntryAction={renderEntryAction} />
    </>
  );
}

/** A performance in the line-up's timetable: its slug, for what an entry's action needs. */
export interface LineupTimetableEntry extends TimetableEntry {
  performanceSlug: string;
}

export interface LineupTimetablePageData extends TimetablePageData<LineupTimetableEntry> {
  eventSlug: string;
  /** The performances in the visitor's schedule (docs/decisions/0010-my-schedule.md). */
  markedPerformanceIds: string[];
}

/**
 * SPEC 2.1 /events/{slug}/lineup/timetable(/{day}): the event's navigation, a title, the days and
 * the chosen day. Performances link to their pages, and each can be added to the visitor's schedule.
 */
export function LineupTimetablePage({ data }: { data: LineupTimetablePageData }) {
  const accent = data.navigation.event.config.colourAccent;
  const marked = new Set(data.markedPerformanceIds);
  const renderEntryAction = (entry: LineupTimetableEntry) => (
    <MyScheduleToggle
      eventSlug={data.eventSlug}
      performanceSlug={entry.performanceSlug}
      marked={marked.has(entry.id)}
      title={entry.title}
      id={`schedule-${entry.performanceSlug}`}
      returnAnchor={`schedule-${entry.performanceSlug}`}
    />
  );
  return (
    <article className="timetable-page" style={{ '--accent': accent } as object}>
      <EventNavigation navigation={data.navigation} />
      <PageHero header={{ title: data.title, subtitle: data.subtitle ?? null }} accent={accent} />
      <div className="section timetable-page__body">
        <TimetableDayView data={data} renderEntryAction={renderEntryAction} />
      </div>
    </article>
  );
}

export interface ProgrammeTimetablePageData extends TimetableDayData {
  navigation: EventNavigationContent;
  edition: Edition;
}

/** SPEC 2.1 .../program/day/timetable(/{day}) and .../program/nite/timetable(/{day}). */
export function ProgrammeTimetablePage({ data }: { data: ProgrammeTimetablePageData }) {
  return (
    <ProgrammeFrame navigation={data.navigation} edition={data.edition} current="timetable">
      <TimetableDayView data={data} />
    </ProgrammeFrame>
  );
}
