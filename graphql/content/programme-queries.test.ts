import { databaseBackends } from '#test/support/backends.ts';
import {
  eventRecord,
  performanceRecord,
  performerRecord,
  reference,
  simpleRecord,
  type RecordFile,
  contentServiceFor,
} from './test-support/content-fixture.ts';

/**
 * The programme queries (SPEC 7.1: day and night programme lists, timetables, speakers, brands and
 * artists by event id) also answer by the event's slug, so a page asks in one round trip.
 */
const RECORDS: RecordFile[] = [
  eventRecord('forum', { start: '2027-03-09T06:00:00Z', end: '2027-03-10T21:00:00Z' }),
  eventRecord('party', { start: '2027-04-01T15:00:00Z', end: '2027-04-01T22:00:00Z', lineup: 'lineup-party' }),
  simpleRecord('lineup-party', 'lineup', { event: reference('event-party') }),
  simpleRecord('stage-hall', 'stage', { event: reference('event-forum'), sortOrder: 2 }, { en: { title: 'Hall' }, ar: { title: 'القاعة' } }),
  simpleRecord('stage-lab', 'stage', { event: reference('event-forum'), sortOrder: 1 }, { en: { title: 'Lab' }, ar: { title: 'المختبر' } }),
  simpleRecord('speaker-reem', 'speaker', {}, { slug: 'reem', en: { name: 'Reem' }, ar: { name: 'ريم' } }),
  simpleRecord('brand-mawja', 'brand', {}, { slug: 'mawja', en: { name: 'Mawja' }, ar: { name: 'موجة' } }),
  performerRecord('kaaf'),
  ...[
    ['keynote', 'stage-hall', '2027-03-09T07:00:00Z', '2027-03-09T08:00:00Z'],
    ['workshop', 'stage-lab', '2027-03-09T07:30:00Z', '2027-03-09T09:00:00Z'],
    ['panel', 'stage-hall', '2027-03-10T07:00:00Z', '2027-03-10T08:00:00Z'],
  ].map(([name, stage, start, end]) =>
    simpleRecord(
      `day-${name}`,
      'daySession',
      {
        event: reference('event-forum'),
        stage: reference(stage!),
        startDatetime: start,
        endDatetime: end,
        format: name === 'keynote' ? 'talk' : name,
        speakers: [reference('speaker-reem')],
        brands: name === 'panel' ? [reference('brand-mawja')] : [],
      },
      { en: { name }, ar: { name } },
    ),
  ),
  // A set running past midnight in Riyadh still belongs to the night it starts.
  simpleRecord(
    'night-kaaf',
    'nightSession',
    {
      event: reference('event-forum'),
      stage: reference('stage-hall'),
      artists: [reference('performer-kaaf')],
      startDatetime: '2027-03-09T20:30:00Z',
      endDatetime: '2027-03-09T22:00:00Z',
      category: 'late-night',
    },
    { en: { name: 'Kaaf' }, ar: { name: 'كاف' } },
  ),
  // One that starts at 01:30 on the 10th in Riyadh closes the night of the 9th (the festival day).
  simpleRecord(
    'night-fajr',
    'nightSession',
    {
      event: reference('event-forum'),
      stage: reference('stage-hall'),
      artists: [reference('performer-kaaf')],
      startDatetime: '2027-03-09T22:30:00Z',
      endDatetime: '2027-03-09T23:30:00Z',
      category: 'late-night',
    },
    { en: { name: 'Fajr' }, ar: { name: 'فجر' } },
  ),
  performanceRecord('kaaf', { event: 'event-party', performers: ['performer-kaaf'], start: '2027-04-01T18:00:00Z', end: '2027-04-01T19:00:00Z' }),
];

describe.each(databaseBackends)('programme queries on $name', (backend) => {
  const service = contentServiceFor(backend, RECORDS);

  async function data(query: string) {
    const response = await service.content.query({ query });
    if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
    return response.body.data;
  }

  test('lists answer the same by event slug as by event id', async () => {
    const byId = await data(`{
      dayPrograms(locale: en, eventId: "event-forum") { id }
      nightPrograms(locale: en, eventId: "event-forum") { id }
      speakers(locale: en, eventId: "event-forum") { slug }
      brands(locale: en, eventId: "event-forum") { slug }
      experienceArtists(locale: en, eventId: "event-forum") { slug }
    }`);
    const bySlug = await data(`{
      dayPrograms(locale: en, eventSlug: "forum") { id }
      nightPrograms(locale: en, eventSlug: "forum") { id }
      speakers(locale: en, eventSlug: "forum") { slug }
      brands(locale: en, eventSlug: "forum") { slug }
      experienceArtists(locale: en, eventSlug: "forum") { slug }
    }`);
    expect(bySlug).toEqual(byId);
    expect(bySlug.dayPrograms.map((session: { id: string }) => session.id)).toEqual(['day-keynote', 'day-workshop', 'day-panel']);
    expect(bySlug.speakers).toEqual([{ slug: 'reem' }]);
    expect(bySlug.brands).toEqual([{ slug: 'mawja' }]);
    expect(bySlug.experienceArtists).toEqual([{ slug: 'kaaf' }]);
  });

  test('an unknown event, or none named, has empty lists', async () => {
    const { unknown, none, timetable } = await data(`{
      unknown: dayPrograms(locale: en, eventSlug: "no-such-event") { id }
      none: nightPrograms(locale: en) { id }
      timetable(locale: en, eventSlug: "no-such-event", kind: lineup) { date }
    }`);
    expect([unknown, none, timetable]).toEqual([[], [], []]);
  });

  test('the timetable by slug: festival days in Riyadh, stages in running order, sets after midnight on the night before', async () => {
    const { day, night, lineup } = await data(`{
      day: timetable(locale: ar, eventSlug: "forum", kind: day) { date number stages { stage { title } dayPrograms { id } } }
      night: timetable(locale: en, eventSlug: "forum", kind: night) { date stages { nightPrograms { id endDatetime } } }
      lineup: timetable(locale: en, eventSlug: "party", kind: lineup) { date stages { performances { slug } } }
    }`);
    expect(day).toEqual([
      {
        date: '2027-03-09',
        number: 1,
        stages: [
          { stage: { title: 'المختبر' }, dayPrograms: [{ id: 'day-workshop' }] },
          { stage: { title: 'القاعة' }, dayPrograms: [{ id: 'day-keynote' }] },
        ],
      },
      { date: '2027-03-10', number: 2, stages: [{ stage: { title: 'القاعة' }, dayPrograms: [{ id: 'day-panel' }] }] },
    ]);
    expect(night).toEqual([
      {
        date: '2027-03-09',
        stages: [
          {
            nightPrograms: [
              { id: 'night-kaaf', endDatetime: '2027-03-09T22:00:00Z' },
              { id: 'night-fajr', endDatetime: '2027-03-09T23:30:00Z' },
            ],
          },
        ],
      },
    ]);
    expect(lineup).toEqual([{ date: '2027-04-01', stages: [{ performances: [{ slug: 'kaaf' }] }] }]);
  });
});
