import { layoutTimetable, MIN_ENTRY_MINUTES, minutesIntoDay } from './timetable-layout.ts';

/** Slots given in Riyadh time (UTC+3) as the content service stores them, in UTC. */
const slot = (id: string, start: string, end: string) => ({ id, startDatetime: start, endDatetime: end });
const DAY = '2026-12-10';

describe('timetable layout', () => {
  test('minutes count from midnight in Riyadh, and on past midnight', () => {
    expect(minutesIntoDay(DAY, '2026-12-09T21:00:00Z')).toBe(0);
    expect(minutesIntoDay(DAY, '2026-12-10T13:00:00Z')).toBe(16 * 60);
    expect(minutesIntoDay(DAY, '2026-12-10T22:00:00Z')).toBe(25 * 60);
  });

  test('the axis spans whole hours around the first start and last end; entries sit on it', () => {
    const layout = layoutTimetable(DAY, [
      [slot('a', '2026-12-10T12:30:00Z', '2026-12-10T13:15:00Z')],
      [slot('b', '2026-12-10T13:45:00Z', '2026-12-10T14:40:00Z')],
    ]);
    expect(layout.axis.start).toBe(15 * 60);
    expect(layout.axis.end).toBe(18 * 60);
    expect(layout.axis.hours.map((hour) => hour.offset)).toEqual([0, 60, 120, 180]);
    expect(layout.axis.hours[0]!.instant).toBe('2026-12-10T12:00:00.000Z');
    const [a] = layout.columns[0]!;
    const [b] = layout.columns[1]!;
    expect(a).toMatchObject({ start: 30, end: 75, lane: 0, lanes: 1 });
    expect(b).toMatchObject({ start: 105, end: 160, lane: 0, lanes: 1 });
  });

  test('a set that runs past midnight ends after minute 1440 and stretches the axis', () => {
    const layout = layoutTimetable(DAY, [[slot('late', '2026-12-10T20:30:00Z', '2026-12-10T22:30:00Z')]]);
    expect(layout.axis.start).toBe(23 * 60);
    expect(layout.axis.end).toBe(26 * 60);
    expect(layout.columns[0]![0]).toMatchObject({ start: 30, end: 150 });
    expect(layout.axis.hours.at(-1)!.instant).toBe('2026-12-10T23:00:00.000Z');
  });

  test('overlapping entries on a stage share it in lanes; the rest keep the whole width', () => {
    const layout = layoutTimetable(DAY, [
      [
        slot('first', '2026-12-10T12:00:00Z', '2026-12-10T13:00:00Z'),
        slot('overlaps-first', '2026-12-10T12:30:00Z', '2026-12-10T13:30:00Z'),
        slot('after-first', '2026-12-10T13:00:00Z', '2026-12-10T13:20:00Z'),
        slot('alone', '2026-12-10T14:00:00Z', '2026-12-10T15:00:00Z'),
      ],
    ]);
    const byId = Object.fromEntries(layout.columns[0]!.map((placed) => [placed.entry.id, placed]));
    expect(byId.first).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId['overlaps-first']).toMatchObject({ lane: 1, lanes: 2 });
    // Starts when the first ends: it reuses the first lane.
    expect(byId['after-first']).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.alone).toMatchObject({ lane: 0, lanes: 1 });
  });

  test('back-to-back entries do not overlap', () => {
    const layout = layoutTimetable(DAY, [
      [slot('one', '2026-12-10T12:00:00Z', '2026-12-10T13:00:00Z'), slot('two', '2026-12-10T13:00:00Z', '2026-12-10T14:00:00Z')],
    ]);
    expect(layout.columns[0]!.map((placed) => placed.lanes)).toEqual([1, 1]);
  });

  test('entries come out in start order whatever order they arrive in', () => {
    const layout = layoutTimetable(DAY, [
      [slot('later', '2026-12-10T15:00:00Z', '2026-12-10T16:00:00Z'), slot('earlier', '2026-12-10T12:00:00Z', '2026-12-10T13:00:00Z')],
    ]);
    expect(layout.columns[0]!.map((placed) => placed.entry.id)).toEqual(['earlier', 'later']);
  });

  test('an entry without length (or ending before it starts) still gets a readable box', () => {
    const layout = layoutTimetable(DAY, [[slot('zero', '2026-12-10T12:00:00Z', '2026-12-10T11:00:00Z')]]);
    const [zero] = layout.columns[0]!;
    expect(zero!.end - zero!.start).toBe(MIN_ENTRY_MINUTES);
  });

  test('an empty day has an hour-long axis and no entries', () => {
    const layout = layoutTimetable(DAY, [[]]);
    expect(layout.axis).toMatchObject({ start: 0, end: 60 });
    expect(layout.columns).toEqual([[]]);
  });
});
