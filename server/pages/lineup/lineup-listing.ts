import { collatorFor, type Locale } from '#views/format.ts';
import type {
  LineupContent,
  LineupEntry,
  LineupGroup,
  LineupPerformance,
  LineupPerformer,
  LineupView,
  PosterTier,
} from '#views/pages/lineup/lineup-data.ts';
import { letterOf, matchesFilters, type LineupFilters } from '#views/pages/lineup/lineup-filters.ts';
import { facetsOf } from './lineup-content.ts';

/**
 * How each line-up page lists the line-up. Every entry is listed; those the filters leave out are
 * marked hidden (the island shows them again without a request).
 *
 * - overview, artists, search: A–Z by performer, one entry per performer of each performance (a b2b
 *   set is found under both names), grouped by letter (search: one list);
 * - stages: the programme, each stage's performances in start order;
 * - day: the daily schedule, the day's performances stage by stage.
 */
export function listingOf(view: LineupView, lineup: LineupContent, filters: LineupFilters, locale: Locale, day?: string) {
  const byName = (a: LineupPerformer, b: LineupPerformer) => collatorFor(locale).compare(a.name, b.name);
  const letterValues = lineup.letters.map((letter) => letter.value);
  const entry = (performance: LineupPerformance, performer?: LineupPerformer): LineupEntry => {
    const facets = facetsOf(performance, lineup, performer ? [performer] : performance.performers);
    return {
      key: performer ? `${performance.slug}--${performer.slug}` : performance.slug,
      performanceId: performance.id,
      ...(performer ? { performerId: performer.id } : {}),
      facets,
      hidden: !matchesFilters(facets, filters),
    };
  };

  let groups: LineupGroup[];
  if (view === 'stages' || view === 'day') {
    const inOrder = [...lineup.performances]
      .filter((performance) => view !== 'day' || performance.day === day)
      .sort((a, b) =>
        lineup.hideTiming
          ? collatorFor(locale).compare(a.title, b.title)
          : a.startDatetime.localeCompare(b.startDatetime) || a.slug.localeCompare(b.slug),
      );
    groups = lineup.stages.map((stage) => {
      const entries = inOrder.filter((performance) => performance.stageId === stage.id).map((performance) => entry(performance));
      // A stage's programme reads day by day; a day's schedule is one day already.
      const days =
        view === 'stages' && !lineup.hideTiming
          ? lineup.days
              .map((day) => ({ ...day, entries: entries.filter((item) => item.facets.day === day.date) }))
              .filter((day) => day.entries.length > 0)
          : undefined;
      return { id: `stage-${stage.id}`, title: stage.title, accent: stage.titleColour ?? null, entries, ...(days ? { days } : {}) };
    });
  } else {
    const entries = lineup.performances
      .flatMap((performance) => performance.performers.map((performer) => ({ performance, performer })))
      .sort((a, b) => byName(a.performer, b.performer) || a.performance.startDatetime.localeCompare(b.performance.startDatetime));
    if (view === 'search') {
      groups = [{ id: 'results', title: '', entries: entries.map(({ performance, performer }) => entry(performance, performer)) }];
    } else {
      // Each name's letter worked out once, not once per letter of the alphabet.
      const byLetter = Map.groupBy(entries, ({ performer }) => letterOf(performer.name, letterValues));
      groups = lineup.letters.map((letter) => ({
        id: `letter-${letter.value === '#' ? 'other' : letter.value}`,
        title: letter.label,
        entries: (byLetter.get(letter.value) ?? []).map(({ performance, performer }) => entry(performance, performer)),
      }));
    }
  }
  groups = groups.filter((group) => group.entries.length > 0);
  const visible = groups.reduce((count, group) => count + group.entries.filter((item) => !item.hidden).length, 0);
  return { groups, visible };
}

/**
 * The poster (SPEC 2.4): the headliners big, in the line-up's billing order (SPEC 3.2), then the
 * featured acts, then everyone else, each performer once, A–Z within a size.
 */
export function posterOf(lineup: LineupContent, locale: Locale): PosterTier[] {
  const seen = new Set<string>();
  const appearances: { performer: LineupPerformer; performance: LineupPerformance }[] = [];
  for (const performance of [...lineup.performances].sort((a, b) => a.startDatetime.localeCompare(b.startDatetime))) {
    for (const performer of performance.performers) {
      if (seen.has(performer.id)) continue;
      seen.add(performer.id);
      appearances.push({ performer, performance });
    }
  }
  const billing = new Map(lineup.headlinerOrder.map((id, index) => [id, index]));
  const rank = (id: string) => billing.get(id) ?? Number.MAX_SAFE_INTEGER;
  const byName = (a: { performer: LineupPerformer }, b: { performer: LineupPerformer }) =>
    collatorFor(locale).compare(a.performer.name, b.performer.name);
  const isHeadliner = (item: (typeof appearances)[number]) => billing.has(item.performer.id) || item.performance.headliner;
  const headliners = appearances.filter(isHeadliner).sort((a, b) => rank(a.performer.id) - rank(b.performer.id) || byName(a, b));
  const featured = appearances.filter((item) => !isHeadliner(item) && item.performance.featured).sort(byName);
  const regular = appearances.filter((item) => !isHeadliner(item) && !item.performance.featured).sort(byName);
  const tier = (size: PosterTier['size'], items: typeof appearances): PosterTier => ({
    size,
    entries: items.map(({ performer, performance }) => ({ performer, performanceSlug: performance.slug })),
  });
  return [tier('headliner', headliners), tier('featured', featured), tier('regular', regular)].filter((item) => item.entries.length);
}
