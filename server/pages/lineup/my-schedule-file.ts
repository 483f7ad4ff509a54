import { calendarFile } from '../../calendar/calendar-file.ts';
import { file, notFound, type PageModule } from '../../page.ts';
import { loadLineup } from './lineup-listing-page.ts';

/**
 * /events/{slug}/lineup/my-schedule.ics: the visitor's marked performances as one iCalendar file.
 * Each entry's UID is the performance's, so importing the file again updates rather than doubles.
 */
const myScheduleFile: PageModule<null> = {
  async load(context) {
    const { urls, t } = context;
    const loaded = await loadLineup(context, context.params.slug!);
    if (!loaded || loaded.lineup.hideTiming) return notFound();
    const { lineup } = loaded;
    const stageTitle = (id: string | null) => lineup.stages.find((stage) => stage.id === id)?.title;
    const entries = lineup.performances
      .filter((performance) => lineup.marked.includes(performance.id))
      .sort((a, b) => a.startDatetime.localeCompare(b.startDatetime))
      .map((performance) => ({
        uid: `performance-${lineup.eventSlug}-${performance.slug}@nabd`,
        title: `${performance.title} · ${lineup.eventTitle}`,
        start: performance.startDatetime,
        end: performance.endDatetime,
        location: [stageTitle(performance.stageId), lineup.eventTitle].filter(Boolean).join(', '),
        url: urls.absolute(urls.route('performance', { eventSlug: lineup.eventSlug, performanceSlug: performance.slug })),
      }));
    const body = calendarFile(t('lineup:mySchedule.fileName', { event: lineup.eventTitle }), entries);
    return file(`${lineup.eventSlug}-my-schedule.ics`, 'text/calendar', body);
  },
  // Never rendered: the loader always answers with the file or not-found.
  View: () => null,
};

export default myScheduleFile;
