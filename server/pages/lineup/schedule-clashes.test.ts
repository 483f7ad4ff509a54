import type { LineupContent, LineupPerformance } from '#views/pages/lineup/lineup-data.ts';
import { overlaps, scheduleByDay } from './schedule-clashes.ts';

const set = (slug: string, day: string, start: string, end: string): LineupPerformance => ({
  id: `performance-${slug}`,
  slug,
  title: slug,
  startDatetime: `${start}Z`,
  endDatetime: `${end}Z`,
  day,
  performanceType: 'live',
  featured: false,
  headliner: false,
  stageId: null,
  categories: [],
  performers: [],
});

describe('clashes in my schedule', () => {
  test('two sets clash when they overlap; back to back they do not', () => {
    const a = set('a', '2026-12-10', '2026-12-10T18:00:00', '2026-12-10T19:00:00');
    expect(overlaps(a, set('b', '2026-12-10', '2026-12-10T18:30:00', '2026-12-10T20:00:00'))).toBe(true);
    expect(overlaps(a, set('c', '2026-12-10', '2026-12-10T19:00:00', '2026-12-10T20:00:00'))).toBe(false);
    expect(overlaps(a, set('d', '2026-12-10', '2026-12-10T17:00:00', '2026-12-10T21:00:00'))).toBe(true);
  });

  test('the schedule lists the marked sets by festival day in start order, each with what it clashes with', () => {
    const performances = [
      set('late', '2026-12-10', '2026-12-10T22:30:00', '2026-12-11T00:00:00'),
      set('early', '2026-12-10', '2026-12-10T15:00:00', '2026-12-10T16:00:00'),
      set('overlapping', '2026-12-10', '2026-12-10T23:00:00', '2026-12-11T00:30:00'),
      set('next-day', '2026-12-11', '2026-12-11T15:00:00', '2026-12-11T16:00:00'),
      set('unmarked', '2026-12-10', '2026-12-10T15:30:00', '2026-12-10T16:30:00'),
    ];
    const lineup = {
      days: [
        { date: '2026-12-10', number: 1 },
        { date: '2026-12-11', number: 2 },
        { date: '2026-12-12', number: 3 },
      ],
      performances,
      marked: ['performance-late', 'performance-early', 'performance-overlapping', 'performance-next-day'],
    } as unknown as LineupContent;
    expect(
      scheduleByDay(lineup).map((day) => ({
        date: day.date,
        sets: day.performances.map((item) => [item.performance.slug, item.clashesWith]),
      })),
    ).toEqual([
      {
        date: '2026-12-10',
        sets: [
          ['early', []],
          ['late', ['overlapping']],
          ['overlapping', ['late']],
        ],
      },
      { date: '2026-12-11', sets: [['next-day', []]] },
    ]);
  });
});
