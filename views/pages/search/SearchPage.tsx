import type { SearchCategory, SearchRequest } from '#server/pages/search/search-request.ts';
import type { Asset, ContentPageFields } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { searchResultHref, type SearchListingLink } from './search-result-links.ts';

export interface SearchResult extends SearchListingLink {
  id: string;
  title: string;
  publishedAt?: string | null;
  startDatetime?: string | null;
  endDatetime?: string | null;
  seo: { description?: string | null; image?: Asset | null };
}

export interface SearchPageData {
  page: ContentPageFields;
  request: SearchRequest;
  /** Results in the chosen category (all of them without one). */
  total: number;
  pages: number;
  /** Matches per chip, in the chips' order, whatever chip is chosen. */
  counts: { category: SearchCategory; count: number }[];
  /** Longer queries are refused with a message. */
  maxQueryLength: number;
  results: SearchResult[];
  /** Upcoming events, offered when there is nothing (or nothing found) to show. */
  suggestions: { title: string; slug: string }[];
}

/** The region refreshed in place for a chip, a page link or a new query (server/pages/search/search-page.ts `fragments`). */
export const SEARCH_RESULTS_ID = 'search-results';
const STATUS_ID = 'search-status';

/**
 * SPEC 2.4 search with category chips. A GET form and plain links, so it all works without
 * JavaScript; with client/enhancements/results-in-place.ts the form, the chips and the page links
 * fetch only the results and keep the URL in step, while the number of results is announced from a
 * live region outside them.
 */
export function SearchPage({ data }: { data: SearchPageData }) {
  const { t, urls, assets } = useSite();
  const action = urls.route('search');
  assets.use('results-in-place');
  return (
    <div className="search-page">
      <PageHero header={data.page.header ?? { title: data.page.title }} compact />
      <div className="section search">
        <form
          className="search-form"
          method="get"
          action={action}
          role="search"
          aria-label={t('search:form.name')}
          data-results={SEARCH_RESULTS_ID}
        >
          <div className="field search-form__field">
            <label className="field__label" htmlFor="search-q">
              {t('search:form.label')}
            </label>
            <input
              className="field__input search-form__input"
              id="search-q"
              name="q"
              type="search"
              defaultValue={data.request.typed}
              placeholder={t('search:form.placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              aria-invalid={data.request.tooLong || undefined}
              aria-describedby={data.request.tooLong ? 'search-too-long' : undefined}
            />
          </div>
          <button type="submit" className="button button--primary search-form__submit">
            {t('search:form.submit')}
          </button>
        </form>
        <p id={STATUS_ID} className="search__status" role="status">
          <ResultCount data={data} />
        </p>
        <div id={SEARCH_RESULTS_ID} className="search-results">
          <SearchResults data={data} />
        </div>
      </div>
    </div>
  );
}

/** The results alone, as a partial request gets them, and the new count for the live region (out of band). */
export function SearchResultsFragment({ data }: { data: SearchPageData }) {
  return (
    <>
      <SearchResults data={data} />
      <p id={STATUS_ID} data-swap-oob="inner">
        <ResultCount data={data} />
      </p>
    </>
  );
}

function ResultCount({ data }: { data: SearchPageData }) {
  const { t } = useSite();
  if (!data.request.query) return null;
  return <>{t('search:status', { count: data.total, query: data.request.query })}</>;
}

/** A search URL: the query kept, the category and page given ('' and 1 are left out). */
function useSearchHref() {
  const { urls } = useSite();
  return (query: string, category: SearchCategory | null, page = 1) => {
    const parameters = new URLSearchParams({ q: query });
    if (category) parameters.set('category', category);
    if (page > 1) parameters.set('page', String(page));
    return `${urls.route('search')}?${parameters.toString()}`;
  };
}

function SearchResults({ data }: { data: SearchPageData }) {
  const { t } = useSite();
  const href = useSearchHref();
  const { request } = data;
  return (
    <>
      {request.tooLong || request.unknownCategory ? (
        <div className="form-error search-results__notice">
          <ul>
            {request.tooLong ? <li id="search-too-long">{t('search:tooLong', { max: data.maxQueryLength })}</li> : null}
            {request.unknownCategory ? <li>{t('search:unknownCategory', { value: request.unknownCategory })}</li> : null}
          </ul>
        </div>
      ) : null}
      {request.query ? (
        <>
          <CategoryChips data={data} />
          {data.results.length ? (
            <ol className="search-results__list">
              {data.results.map((result) => (
                <li key={result.id}>
                  <SearchResultCard result={result} />
                </li>
              ))}
            </ol>
          ) : data.total > 0 ? (
            <div className="empty-state search-results__empty">
              <p>{t('search:beyondLastPage')}</p>
              <a className="button button--ghost" href={href(request.query, request.category)}>
                {t('search:firstPage')}
              </a>
            </div>
          ) : (
            <Suggestions data={data} message={t('search:noResults', { query: request.query })} />
          )}
          <div data-results-links={SEARCH_RESULTS_ID}>
            <Pagination
              current={request.page}
              pages={data.pages}
              href={(page) => href(request.query, request.category, page)}
              name="search"
              labels={{
                navigation: t('search:pagination.name'),
                previous: t('search:pagination.previous'),
                next: t('search:pagination.next'),
                page: t('search:pagination.page'),
              }}
            />
          </div>
        </>
      ) : (
        <Suggestions data={data} message={t('search:empty')} />
      )}
    </>
  );
}

/** "All" and one chip per category that has results, each with its count; the chosen one is the current page. */
function CategoryChips({ data }: { data: SearchPageData }) {
  const { t } = useSite();
  const href = useSearchHref();
  const all = data.counts.reduce((sum, { count }) => sum + count, 0);
  if (all === 0) return null;
  const chips: { category: SearchCategory | null; count: number }[] = [
    { category: null, count: all },
    ...data.counts.filter(({ count }) => count > 0),
  ];
  return (
    <nav className="search-chips" aria-label={t('search:categories')} data-results-links={SEARCH_RESULTS_ID}>
      <ul className="chips">
        {chips.map(({ category, count }) => (
          <li key={category ?? 'all'}>
            <a
              className="chip-link"
              href={href(data.request.query, category)}
              aria-current={category === data.request.category ? 'page' : undefined}
            >
              {t(`search:category.${category ?? 'all'}`)}
              <span className="chip-link__count">{count}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchResultCard({ result }: { result: SearchResult }) {
  const { t, urls, format } = useSite();
  const href = searchResultHref(result, urls);
  const date =
    result.startDatetime && result.endDatetime && result.kind !== 'performance'
      ? format.dateRange(result.startDatetime, result.endDatetime)
      : result.startDatetime
        ? format.dateTime(result.startDatetime)
        : result.publishedAt && (result.kind === 'article' || result.kind === 'release')
          ? format.date(result.publishedAt)
          : null;
  return (
    <article className="search-result">
      <div className="search-result__text">
        <p className="search-result__kind">{t(`search:kinds.${result.kind}`)}</p>
        <h2 className="search-result__title">{href ? <a href={href}>{result.title}</a> : result.title}</h2>
        {date ? <p className="search-result__date">{date}</p> : null}
        {result.seo.description ? <p className="search-result__description">{result.seo.description}</p> : null}
      </div>
      {result.seo.image ? (
        <ResponsiveImage className="search-result__image" asset={result.seo.image} sizes="(min-width: 48rem) 10rem, 6rem" alt="" />
      ) : null}
    </article>
  );
}

/** Where to go when there is nothing to show: the next events and the main sections. */
function Suggestions({ data, message }: { data: SearchPageData; message: string }) {
  const { t, urls } = useSite();
  const sections = [
    { label: t('search:sections.events'), href: urls.route('events') },
    { label: t('search:sections.artists'), href: urls.route('recordsArtists') },
    { label: t('search:sections.feed'), href: urls.route('xpFeed') },
    { label: t('search:sections.releases'), href: urls.route('recordsReleases') },
    { label: t('search:sections.travel'), href: urls.route('travelPackages') },
  ];
  return (
    <div className="search-suggestions">
      <p className="search-suggestions__message">{message}</p>
      {data.suggestions.length ? (
        <section aria-labelledby="search-upcoming">
          <h2 id="search-upcoming" className="search-suggestions__title">
            {t('search:upcoming')}
          </h2>
          <ul className="chips">
            {data.suggestions.map((event) => (
              <li key={event.slug}>
                <a className="chip-link" href={urls.route('event', { slug: event.slug })}>
                  {event.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="search-sections">
        <h2 id="search-sections" className="search-suggestions__title">
          {t('search:popular')}
        </h2>
        <ul className="chips">
          {sections.map((section) => (
            <li key={section.href}>
              <a className="chip-link" href={section.href}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
