import { createFormatter } from '#views/format.ts';
import { festivalDayDate } from '#views/pages/lineup/festival-days.ts';
import { LineupPage } from '#views/pages/lineup/LineupPage.tsx';
import { perContentAnswer } from '#views/per-content-answer.ts';
import type { LineupPageData, LineupView } from '#views/pages/lineup/lineup-data.ts';
import { NO_FILTERS, readFilters } from '#views/pages/lineup/lineup-filters.ts';
import { notFound, page, redirect, type PageContext, type PageModule } from '../../page.ts';
import { LINEUP_QUERY, shapeLineup, type LoadedLineup } from './lineup-content.ts';
import { listingOf, posterOf } from './lineup-listing.ts';
import { readSchedule } from './my-schedule.ts';

/**
 * The line-up of an event and the visitor's schedule, in parallel: one content query, and the user
 * service only for a signed-in visitor. Null when the event or its line-up does not exist.
 */
export async function loadLineup(context: PageContext, slug: string): Promise<LoadedLineup | null> {
  const [answer, marked] = await Promise.all([
    context.services.content.query(LINEUP_QUERY, { locale: context.locale, slug }),
    readSchedule(context),
  ]);
  return shapeLineup(answer, marked);
}

/** The head and analytics description every line-up page shares (SPEC 9.4 page type and module names). */
export function lineupHead(context: PageContext, loaded: LoadedLineup, submodule: string, title?: string) {
  const { lineup, seo } = loaded;
  const lineupTitle = seo.title ?? lineup.title;
  return {
    head: {
      title: title ? context.t('lineup:head.titled', { title, lineup: lineupTitle }) : lineupTitle,
      description: seo.description ?? context.t('lineup:head.description', { event: lineup.eventTitle }),
      image: seo.image?.url,
      // SPEC 6: an unlisted event's pages stay out of search engines.
      noIndex: seo.noIndex || loaded.unlisted,
    },
    analytics: {
      page_type: 'lineup',
      module_name: 'lineup',
      submodule_name: submodule,
      category: lineup.eventSlug,
      category_name: lineup.eventTitle,
    },
  };
}

/**
 * A line-up page that lists performances (views/pages/lineup/LineupPage.tsx), with the filters of
 * the query string. Pages the line-up's settings rule out (SPEC 3.2) send the visitor to the
 * line-up instead: stages when it hides stages, a day's schedule when it hides timing.
 */
export function lineupListingPage(view: LineupView): PageModule<LineupPageData> {
  return {
    async load(context) {
      const { params, req, locale, urls, t } = context;
      const loaded = await loadLineup(context, params.slug!);
      if (!loaded) return notFound();
      const { lineup } = loaded;
      const lineupUrl = urls.route('lineup', { slug: lineup.eventSlug });
      if ((view === 'stages' || view === 'day') && lineup.hideStages) return redirect(lineupUrl);
      let day: string | undefined;
      if (view === 'day') {
        if (lineup.hideTiming) return redirect(urls.route('lineupStages', { slug: lineup.eventSlug }));
        day = params.day!;
        if (!lineup.days.some((item) => item.date === day)) return notFound();
      }
      const { filters, rejected } = readFilters(req.query as Record<string, unknown>, {
        days: view === 'day' ? [] : lineup.days.map((item) => item.date),
        stages: view === 'stages' || view === 'day' ? [] : lineup.stages.map((stage) => stage.id),
        categories: lineup.categories.map((category) => category.value),
        letters: lineup.letters.map((letter) => letter.value),
      });
      // Nothing in a listing or a poster is the visitor's (their marks are not read): worked out once per content answer.
      const variant = `${view}|${locale}|${day ?? ''}|${JSON.stringify(filters)}`;
      const { groups, visible } = perContentAnswer(loaded.content, `lineup-listing|${variant}`, () =>
        listingOf(view, lineup, filters, locale, day),
      );
      const { head, analytics } = lineupHead(
        context,
        loaded,
        view,
        view === 'overview'
          ? undefined
          : t(`lineup:head.${view}`, { day: day ? createFormatter(locale).longDate(festivalDayDate(day)) : '' }),
      );
      return page(
        {
          content: loaded.content,
          navigation: loaded.navigation,
          lineup,
          view,
          ...(day ? { day } : {}),
          filters: filters ?? NO_FILTERS,
          rejected,
          poster: view === 'overview' ? perContentAnswer(loaded.content, `lineup-poster|${locale}`, () => posterOf(lineup, locale)) : [],
          layout: view === 'stages' || view === 'day' ? 'rows' : view === 'overview' ? 'compact' : 'cards',
          groups,
          visible,
        },
        head,
        analytics,
      );
    },
    View: LineupPage,
  };
}
