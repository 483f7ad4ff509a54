import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { useSite } from '../../site-context.tsx';
import type { ArticleCardContent } from './feed-content.ts';

interface ArticleCardProps {
  article: ArticleCardContent;
  /** What a click on the card reports (useTrack attributes), when it reports something else than a plain link. */
  tracking?: Record<string, string>;
}

/**
 * An article in a list (SPEC 2.4 blog feed): cover, category, title, summary, date and author, the
 * whole card one link. Drawn with the content grid's card so editors' grids and the feed match.
 */
export function ArticleCard({ article, tracking }: ArticleCardProps) {
  const { urls, format, t } = useSite();
  const href = urls.route('xpFeedArticle', { category: article.category.slug, article: article.slug });
  return (
    <article className="grid-card article-card">
      <a className="grid-card__link" href={href} {...tracking}>
        <div className="grid-card__media article-card__media">
          {article.cover ? (
            <ResponsiveImage
              className="grid-card__image"
              asset={article.cover}
              alt=""
              sizes="(min-width: 75em) 22rem, (min-width: 40em) 45vw, 92vw"
            />
          ) : null}
        </div>
        <div className="grid-card__body">
          <p className="grid-card__kicker label">{article.category.title}</p>
          <h3 className="grid-card__title article-card__title">{article.title}</h3>
          {article.summary ? <p className="article-card__summary">{article.summary}</p> : null}
          <p className="grid-card__meta">
            <time dateTime={article.firstPublishedAt}>{format.date(article.firstPublishedAt)}</time>
            {article.author ? (
              <>
                <span aria-hidden="true"> · </span>
                {t('feed:article.by', { author: article.author.name })}
              </>
            ) : null}
          </p>
        </div>
      </a>
    </article>
  );
}
