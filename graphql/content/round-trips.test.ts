import {
  contentFolder,
  eventRecord,
  performanceRecord,
  performerRecord,
  reference,
  simpleRecord,
  startContentService,
  type RecordFile,
} from './test-support/content-fixture.ts';

/** A festival with `size` performances over 3 days and 4 stages, each with its own performer and a category. */
function festival(size: number): RecordFile[] {
  const stages = [1, 2, 3, 4].map((order) => simpleRecord(`stage-${order}`, 'stage', { event: reference('event-big-fest'), sortOrder: order }));
  const categories = ['techno', 'house'].map((value) => simpleRecord(`category-${value}`, 'performanceCategory', { value, colour: '#fff' }, { en: { label: value }, ar: { label: value } }));
  const records: RecordFile[] = [
    eventRecord('big-fest', { start: '2026-12-10T12:00:00Z', end: '2026-12-12T20:59:00Z', lineup: 'lineup-big-fest' }),
    simpleRecord('lineup-big-fest', 'lineup', { event: reference('event-big-fest'), headlinerOrder: [reference('performer-artist-0')] }),
    ...stages,
    ...categories,
  ];
  for (let index = 0; index < size; index += 1) {
    const day = 10 + (index % 3);
    const hour = 12 + (Math.floor(index / 12) % 8);
    records.push(performerRecord(`artist-${index}`));
    const performance = performanceRecord(`set-${index}`, {
      event: 'event-big-fest',
      stage: `stage-${(index % 4) + 1}`,
      performers: [`performer-artist-${index}`],
      start: `2026-12-${day}T${hour}:00:00Z`,
      end: `2026-12-${day}T${hour}:45:00Z`,
    });
    performance.shared!.categories = [reference(index % 2 ? 'category-techno' : 'category-house')];
    records.push(performance);
  }
  return records;
}

const LINEUP_PAGE = `{
  festivalLineup(locale: ar, eventSlug: "big-fest") {
    settingsHideStages
    event { title config { colourAccent cover { url } } }
    headliners { name cover { url blurDataUrl } }
    stages { title }
    days { date }
    categories { label colour }
    items {
      headliner startDatetime
      performer { name slug cover { url width } socials { links { network } } }
      stage { title }
      performance { title categories { label } }
    }
  }
  timetable(locale: ar, eventId: "event-big-fest", kind: lineup) { date stages { stage { title } performances { title performers { name } } } }
}`;

async function roundTripsFor(size: number): Promise<number> {
  const fixture = await contentFolder(festival(size));
  const content = await startContentService(fixture.folder);
  try {
    content.queries.count = 0;
    const response = await content.query({ query: LINEUP_PAGE });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.festivalLineup.items).toHaveLength(size);
    return content.queries.count;
  } finally {
    await content.close();
    await fixture.remove();
  }
}

test('a line-up page costs the same few round trips to the database whatever its size (no N+1)', async () => {
  const small = await roundTripsFor(12);
  const large = await roundTripsFor(90);
  expect(large).toBe(small);
  expect(large).toBeLessThanOrEqual(12);
});
