/**
 * The arithmetic of a timetable (views/components/Timetable.tsx): where each entry of one festival
 * day sits on a time axis measured in minutes from that day's midnight in Riyadh (UTC+3 all year,
 * SPEC 9.1), so that a set ending at 01:00 the next night runs to minute 1500 instead of wrapping
 * round. Entries that overlap on one stage share its width in lanes.
 */

/** Riyadh keeps UTC+3 all year. */
const RIYADH_OFFSET = '+03:00';
const MINUTE = 60_000;
/** A very short (or badly entered) slot still gets room for its title. */
export const MIN_ENTRY_MINUTES = 15;

export interface TimedEntry {
  startDatetime: string;
  endDatetime: string;
}

export interface PlacedEntry<Entry extends TimedEntry> {
  entry: Entry;
  /** Minutes from the axis start. */
  start: number;
  /** Minutes from the axis start to the end of its box (at least MIN_ENTRY_MINUTES after start). */
  end: number;
  /** Its lane among entries it overlaps, from 0, and how many lanes that group needs. */
  lane: number;
  lanes: number;
}

export interface TimetableAxis {
  /** Minutes from the day's midnight in Riyadh: whole hours around the day's first start and last end. */
  start: number;
  end: number;
  /** Every full hour on the axis, minutes from the axis start, with the instant for its label. */
  hours: { offset: number; instant: string }[];
}

export interface TimetableLayout<Entry extends TimedEntry> {
  axis: TimetableAxis;
  /** The columns in the order given, each with its entries placed in start order. */
  columns: PlacedEntry<Entry>[][];
}

/** The instant a festival day (YYYY-MM-DD) begins in Riyadh. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00${RIYADH_OFFSET}`);

/** Minutes from the day's midnight in Riyadh; past midnight counts on (1500 is 01:00 the next night). */
export const minutesIntoDay = (day: string, instant: string): number => Math.round((Date.parse(instant) - dayStart(day)) / MINUTE);

/**
 * Places the entries of one day's columns (stages) on a shared axis. Within a column, entries
 * that overlap form a group whose members each get a lane; entries overlapping nothing take the
 * whole width.
 */
export function layoutTimetable<Entry extends TimedEntry>(day: string, columns: Entry[][]): TimetableLayout<Entry> {
  const spans = columns.map((entries) =>
    entries
      .map((entry) => {
        const start = minutesIntoDay(day, entry.startDatetime);
        const end = Math.max(minutesIntoDay(day, entry.endDatetime), start + MIN_ENTRY_MINUTES);
        return { entry, start, end };
      })
      .sort((a, b) => a.start - b.start || b.end - a.end),
  );
  const all = spans.flat();
  const axisStart = all.length ? Math.floor(Math.min(...all.map((span) => span.start)) / 60) * 60 : 0;
  const axisEnd = all.length ? Math.ceil(Math.max(...all.map((span) => span.end)) / 60) * 60 : 60;
  const hours: TimetableAxis['hours'] = [];
  for (let minute = axisStart; minute <= axisEnd; minute += 60) {
    hours.push({ offset: minute - axisStart, instant: new Date(dayStart(day) + minute * MINUTE).toISOString() });
  }
  return {
    axis: { start: axisStart, end: axisEnd, hours },
    columns: spans.map((column) =>
      inLanes(column).map((placed) => ({ ...placed, start: placed.start - axisStart, end: placed.end - axisStart })),
    ),
  };
}

/** Greedy lanes over entries sorted by start: each takes the first lane free by its start. */
function inLanes<Entry extends TimedEntry>(spans: { entry: Entry; start: number; end: number }[]): PlacedEntry<Entry>[] {
  const placed: PlacedEntry<Entry>[] = [];
  let group: PlacedEntry<Entry>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => {
    for (const member of group) member.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const span of spans) {
    if (span.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= span.start);
    if (lane < 0) lane = laneEnds.push(span.end) - 1;
    else laneEnds[lane] = span.end;
    const entry: PlacedEntry<Entry> = { ...span, lane, lanes: 1 };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, span.end);
  }
  closeGroup();
  return placed;
}
