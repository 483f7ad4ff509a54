import type { LineupContent, LineupPerformance } from '#views/pages/lineup/lineup-data.ts';

export interface ScheduledPerformance {
  performance: LineupPerformance;
  /** Slugs of the other marked performances whose times overlap this one. */
  clashesWith: string[];
}

/** Two sets clash when one starts before the other ends (back-to-back sets do not). */
export const overlaps = (
  a: Pick<LineupPerformance, 'startDatetime' | 'endDatetime'>,
  b: Pick<LineupPerformance, 'startDatetime' | 'endDatetime'>,
) => Date.parse(a.startDatetime) < Date.parse(b.endDatetime) && Date.parse(b.startDatetime) < Date.parse(a.endDatetime);

/** The marked performances by festival day, in start order, each with what it clashes with. */
export function scheduleByDay(lineup: LineupContent): { date: string; number: number; performances: ScheduledPerformance[] }[] {
  const marked = lineup.performances
    .filter((performance) => lineup.marked.includes(performance.id))
    .sort((a, b) => a.startDatetime.localeCompare(b.startDatetime) || a.slug.localeCompare(b.slug));
  return lineup.days
    .map((day) => {
      const onDay = marked.filter((performance) => performance.day === day.date);
      return {
        date: day.date,
        number: day.number,
        performances: onDay.map((performance) => ({
          performance,
          clashesWith: onDay.filter((other) => other !== performance && overlaps(performance, other)).map((other) => other.slug),
        })),
      };
    })
    .filter((day) => day.performances.length > 0);
}
