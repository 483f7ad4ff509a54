import { MySchedulePage, type MySchedulePageData } from '#views/pages/lineup/MySchedulePage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { lineupHead, loadLineup } from './lineup-listing-page.ts';
import { scheduleByDay } from './schedule-clashes.ts';

/**
 * /events/{slug}/lineup/my-schedule (beyond SPEC 2.1, docs/decisions/0010-my-schedule.md): the
 * performances the visitor marked, day by day in start order, with the sets that overlap marked as
 * clashes. A line-up without times (SPEC 3.2 settingsHideTiming) has no schedule to plan: 404.
 */
const myScheduleOwnPage: PageModule<MySchedulePageData> = {
  async load(context) {
    const loaded = await loadLineup(context, context.params.slug!);
    if (!loaded || loaded.lineup.hideTiming) return notFound();
    const { lineup } = loaded;
    const { head, analytics } = lineupHead(context, loaded, 'my-schedule', context.t('lineup:head.mySchedule'));
    return page(
      {
        navigation: loaded.navigation,
        lineup,
        days: scheduleByDay(lineup),
        signedIn: Boolean(context.viewer),
      },
      // A personal page: nothing for search engines.
      { ...head, noIndex: true },
      analytics,
    );
  },
  View: MySchedulePage,
};

export default myScheduleOwnPage;
