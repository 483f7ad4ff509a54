import { calendarFile } from '../../calendar/calendar-file.ts';
import { file, notFound, type PageModule } from '../../page.ts';
import { PERFORMANCE_QUERY } from './performance-fields.ts';

/**
 * /events/{eventSlug}/lineup/{performanceSlug}/calendar.ics: one performance for "Add to calendar".
 * Not for a line-up that hides its times (SPEC 3.2): there is no time to put in a calendar.
 */
const performanceCalendarFile: PageModule<null> = {
  async load({ services, locale, params, urls }) {
    const { performance, festivalLineup, event, eventNavigation } = await services.content.query(PERFORMANCE_QUERY, {
      locale,
      eventSlug: params.eventSlug!,
      slug: params.performanceSlug!,
    });
    if (!performance || !festivalLineup || !event || !eventNavigation || festivalLineup.settingsHideTiming) return notFound();
    const stage = festivalLineup.settingsHideStages ? null : performance.stage?.title;
    const eventSlug = eventNavigation.event.slug;
    const body = calendarFile(performance.title, [
      {
        uid: `performance-${eventSlug}-${performance.slug}@nabd`,
        title: `${performance.title} · ${eventNavigation.event.title}`,
        start: performance.startDatetime,
        end: performance.endDatetime,
        location: [stage, event.config.venue?.name, event.config.city].filter(Boolean).join(', '),
        description: performance.description,
        url: urls.absolute(urls.route('performance', { eventSlug, performanceSlug: performance.slug })),
      },
    ]);
    return file(`${eventSlug}-${performance.slug}.ics`, 'text/calendar', body);
  },
  // Never rendered: the loader always answers with the file or not-found.
  View: () => null,
};

export default performanceCalendarFile;
