import { PerformancePage, type PerformancePageData } from '#views/pages/lineup/PerformancePage.tsx';
import { myScheduleAction } from '../../forms/my-schedule.ts';
import { MY_SCHEDULE_INTENT } from '#views/components/MyScheduleToggle.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { navigationForStatus } from '../events/ended-events.ts';
import { readSchedule } from './my-schedule.ts';
import { PERFORMANCE_QUERY } from './performance-fields.ts';

/**
 * SPEC 2.1 /events/{eventSlug}/lineup/{performanceSlug}: one performance with its time (Riyadh),
 * stage, styles, performers and description, as far as the line-up's settings show them
 * (SPEC 3.2); "my schedule", a calendar file, and schema.org MusicEvent data. It also handles the
 * "my schedule" toggle posted from any listing of the performance.
 */
const performancePage: PageModule<PerformancePageData> = {
  async load(context) {
    const { services, locale, params, t } = context;
    const [answer, marked] = await Promise.all([
      services.content.query(PERFORMANCE_QUERY, { locale, eventSlug: params.eventSlug!, slug: params.performanceSlug! }),
      readSchedule(context),
    ]);
    const { eventNavigation, event, festivalLineup, performance } = answer;
    if (!eventNavigation || !event || !festivalLineup || !performance) return notFound();
    const { seo } = performance;
    const hideStages = festivalLineup.settingsHideStages;
    const hideTiming = festivalLineup.settingsHideTiming;
    const headlinerIds = new Set(festivalLineup.headliners.map((headliner) => headliner.id));
    return page(
      {
        navigation: navigationForStatus(eventNavigation),
        eventSlug: eventNavigation.event.slug,
        eventTitle: eventNavigation.event.title,
        lineupTitle: festivalLineup.title || eventNavigation.event.title,
        colourAccent: eventNavigation.event.config.colourAccent,
        hideStages,
        hideTiming,
        ended: event.config.ended,
        timeZone: event.config.timezone,
        city: event.config.city,
        venue: event.config.venue ?? null,
        dayNumber: festivalLineup.days.find((day) => day.date === performance.day)?.number ?? null,
        marked: marked.includes(performance.id),
        performance: {
          ...performance,
          headliner: performance.headliner || performance.performers.some((performer) => headlinerIds.has(performer.id)),
          stage: hideStages ? null : (performance.stage ?? null),
        },
      },
      {
        title: t('lineup:head.titled', {
          title: seo.title ?? performance.title,
          lineup: festivalLineup.title || eventNavigation.event.title,
        }),
        description: seo.description ?? performance.description,
        image: seo.image?.url ?? performance.cover?.url,
        noIndex: seo.noIndex || eventNavigation.event.config.unlistedEvent,
      },
      {
        page_type: 'performance',
        module_name: 'lineup',
        submodule_name: 'performance',
        category: eventNavigation.event.slug,
        category_name: eventNavigation.event.title,
      },
    );
  },
  View: PerformancePage,
  actions: { [MY_SCHEDULE_INTENT]: myScheduleAction },
};

export default performancePage;
