import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { RichText } from '../../components/RichText.tsx';
import { useTrack } from '../../components/tracking.ts';
import { useSite } from '../../site-context.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import type { ArticleCardContent, FeedPageData } from './feed-content.ts';

/** The list "load more" appends the next page's cards to (server/pages/feed/feed-listing.ts `fragments`). */
export const FEED_ARTICLES_ID = 'feed-articles';
/** The paging controls under the list, replaced by each "load more" answer. */
const FEED_MORE_ID = 'feed-more';

/** SPEC 2.1 /xp-feed and /xp-feed/{category}: chips for the categories, then the articles newest first. */
export function FeedPage({ data }: { data: FeedPageData }) {
  const { t } = useSite();
  const { page, category, list } = data;
  const firstPage = list.current === 1;
  const header = category
    ? { title: category.title, subtitle: category.description ?? null, cover: page.header?.cover ?? null }
    : (page.header ?? { title: page.title });
  return (
    <div className="feed-page">
      <PageHero header={header} compact={Boolean(category) || !firstPage}>
        {category ? <p className="hero__kicker label">{page.title}</p> : null}
      </PageHero>
      {!category && firstPage && page.body?.length ? (
        <div className="section section--narrow feed-page__intro">
          <RichText document={page.body} />
        </div>
      ) : null}
      <section className="section feed" aria-labelledby="feed-title">
        <div className="section__heading">
          <h2 id="feed-title" className="section__title">
            {category ? t('feed:list.inCategory', { category: category.title }) : t('feed:list.latest')}
          </h2>
          {/* Only past the first page: after "load more" the list holds several pages at once. */}
          {list.current > 1 ? (
            <p className="feed__page label">{t('feed:list.pageOf', { current: list.current, pages: list.pages })}</p>
          ) : null}
        </div>
        <CategoryChips data={data} />
        {list.articles.length ? (
          <ul id={FEED_ARTICLES_ID} className="content-grid feed__articles">
            <ArticleItems articles={list.articles} />
          </ul>
        ) : (
          <p className="feed__empty">{t('feed:list.empty')}</p>
        )}
        <FeedMore data={data} />
      </section>
      {!category && firstPage ? <PageBlocks blocks={page.blocks} /> : null}
    </div>
  );
}

/**
 * What "load more" receives (decision 0009): the next page's cards, appended to the list, and the
 * paging controls in their new state, swapped out of band.
 */
export function FeedArticlesFragment({ data }: { data: FeedPageData }) {
  return (
    <>
      <ArticleItems articles={data.list.articles} />
      <FeedMore data={data} outOfBand />
    </>
  );
}

function ArticleItems({ articles }: { articles: ArticleCardContent[] }) {
  return articles.map((article) => (
    <li key={article.slug}>
      <ArticleCard article={article} />
    </li>
  ));
}

/** SPEC 2.4: the categories as chips, "all" first; the one shown is marked current. */
function CategoryChips({ data }: { data: FeedPageData }) {
  const { t, urls } = useSite();
  const current = data.category?.slug;
  const chips = [
    { key: '', label: t('feed:chips.all'), href: urls.route('xpFeed') },
    ...data.categories.map((category) => ({
      key: category.slug,
      label: category.title,
      href: urls.route('xpFeedCategory', { category: category.slug }),
    })),
  ];
  return (
    <nav className="feed-chips" aria-label={t('feed:chips.label')}>
      <ul className="chips">
        {chips.map((chip) => (
          <li key={chip.key}>
            <a className="chip-link" href={chip.href} aria-current={chip.key === (current ?? '') ? 'page' : undefined}>
              {chip.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The paging under the list. Without JavaScript: a link to the next page and, past the first, one
 * back. With client/enhancements/load-more.ts the next-page link loads the next cards into the list
 * instead (and puts their page in the address bar), moves focus to the first new card and, when
 * the request fails, says so (SPEC 8) and offers to try again.
 */
function FeedMore({ data, outOfBand = false }: { data: FeedPageData; outOfBand?: boolean }) {
  const { t, urls, assets } = useSite();
  const track = useTrack();
  assets.use('load-more');
  const { current, pages } = data.list;
  const base = data.category ? urls.route('xpFeedCategory', { category: data.category.slug }) : urls.route('xpFeed');
  const pageUrl = (number: number) => (number === 1 ? base : `${base}?page=${number}`);
  const paging = (type: string, number: number) =>
    track('pagination_clicked', {
      pagination_name: data.category ? `xp-feed-${data.category.slug}` : 'xp-feed',
      pagination_type: type,
      next_page: number,
    });
  return (
    <div id={FEED_MORE_ID} className="feed-more" {...(outOfBand ? { 'data-swap-oob': 'outer' } : {})}>
      <p className="feed-more__failure" role="alert" data-message={t('feed:more.failed')} />
      <div className="feed-more__controls">
        {current > 1 ? (
          <a
            className="button button--ghost feed-more__previous"
            href={pageUrl(current - 1)}
            rel="prev"
            {...paging('previous_page', current - 1)}
          >
            {t('feed:more.previous')}
          </a>
        ) : null}
        {current < pages ? (
          <a
            className="button button--primary feed-more__next"
            href={pageUrl(current + 1)}
            rel="next"
            data-load-more=""
            data-target={FEED_ARTICLES_ID}
            data-retry-label={t('feed:more.retry')}
            {...paging('next_page', current + 1)}
          >
            {t('feed:more.load')}
          </a>
        ) : null}
      </div>
    </div>
  );
}
