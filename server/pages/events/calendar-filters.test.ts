import { applicableFilters, calendarOptions, groupByMonth, readCalendarFilters, riyadhMonth } from './calendar-filters.ts';

const event = (start: string, end: string, cityKey = 'riyadh', eventType = 'festival') => ({
  startDatetime: start,
  endDatetime: end,
  city: cityKey === 'riyadh' ? 'Riyadh' : 'Jeddah',
  cityKey,
  eventType,
});

describe('the calendar filters', () => {
  test('keep well-formed values, refuse the others with what was sent, and treat empty as "all"', () => {
    expect(readCalendarFilters({ month: '2026-12', city: 'riyadh', type: '' })).toEqual({
      filters: { month: '2026-12', city: 'riyadh' },
      rejected: [],
    });
    expect(readCalendarFilters({ month: '2026-13', city: '<script>', type: ['a', 'b'] }).rejected).toEqual([
      { name: 'month', value: '2026-13' },
      { name: 'city', value: '<script>' },
      { name: 'type', value: 'a, b' },
    ]);
    expect(readCalendarFilters({ city: 'x'.repeat(500) }).rejected[0]!.value).toHaveLength(41);
    expect(readCalendarFilters({ month: { $gt: '' } }).rejected).toEqual([{ name: 'month', value: '…' }]);
  });

  test('offer every month an event runs in, Riyadh time, in order, and each city and type once', () => {
    const options = calendarOptions([
      // Ends at 01:00 on 1 January in Riyadh: December and January.
      event('2026-12-31T17:00:00Z', '2026-12-31T22:00:00Z'),
      event('2027-02-18T14:00:00Z', '2027-04-02T20:00:00Z', 'jeddah', 'concert'),
      event('2026-12-10T12:00:00Z', '2026-12-12T20:59:00Z'),
    ]);
    expect(options.months).toEqual(['2026-12', '2027-01', '2027-02', '2027-03', '2027-04']);
    expect(options.cities).toEqual([
      { value: 'riyadh', label: 'Riyadh' },
      { value: 'jeddah', label: 'Jeddah' },
    ]);
    expect(options.types).toEqual(['festival', 'concert']);
  });

  test('refuse well-formed values that no upcoming event has', () => {
    const options = calendarOptions([event('2026-12-10T12:00:00Z', '2026-12-12T20:59:00Z')]);
    expect(applicableFilters({ month: '2026-12', city: 'london', type: 'festival' }, options)).toEqual({
      applied: { month: '2026-12', type: 'festival' },
      rejected: [{ name: 'city', value: 'london' }],
    });
  });

  test('group events under the month they start in, or all under the month chosen', () => {
    const december = { slug: 'a', config: { startDatetime: '2026-11-30T21:30:00Z' } }; // 00:30 on 1 December in Riyadh
    const january = { slug: 'b', config: { startDatetime: '2027-01-22T13:30:00Z' } };
    expect(groupByMonth([december, january])).toEqual([
      { month: '2026-12', events: [december] },
      { month: '2027-01', events: [january] },
    ]);
    expect(groupByMonth([december, january], '2027-01')).toEqual([{ month: '2027-01', events: [december, january] }]);
    expect(riyadhMonth('2026-11-30T20:59:59Z')).toBe('2026-11');
  });
});
