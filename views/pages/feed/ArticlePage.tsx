import { Icon, type IconName } from '../../components/Icon.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { RichText } from '../../components/RichText.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';
import { useTrack } from '../../components/tracking.ts';
import { useSite } from '../../site-context.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import { articleStructuredData } from './article-structured-data.ts';
import type { ArticleContent } from './feed-content.ts';

export interface ArticlePageData {
  article: ArticleContent;
  /** The blog overview's title, for the way back. */
  feedTitle: string;
}

/** SPEC 2.1 /xp-feed/{category}/{article}. */
export function ArticlePage({ data }: { data: ArticlePageData }) {
  const { t, urls, format, locale } = useSite();
  const { article } = data;
  const categoryUrl = urls.route('xpFeedCategory', { category: article.category.slug });
  const url = urls.absolute(urls.route('xpFeedArticle', { category: article.category.slug, article: article.slug }));
  // Shown only when it says something the publication date does not.
  const updated = article.updatedAt && article.updatedAt > article.firstPublishedAt ? article.updatedAt : null;
  return (
    <article className="article-page">
      <PageHero header={{ title: article.title, subtitle: article.summary ?? null, cover: article.cover ?? null }}>
        <p className="hero__kicker label">
          <a className="article-page__category" href={categoryUrl}>
            {article.category.title}
          </a>
        </p>
        <div className="article-byline">
          {article.author?.photo ? (
            <ResponsiveImage className="article-byline__photo" asset={article.author.photo} alt="" sizes="3rem" />
          ) : null}
          <div className="article-byline__text">
            {article.author ? <p className="article-byline__author">{t('feed:article.by', { author: article.author.name })}</p> : null}
            <p className="article-byline__dates label">
              <span>
                {t('feed:article.published')} <time dateTime={article.firstPublishedAt}>{format.dateTime(article.firstPublishedAt)}</time>
              </span>
              {updated ? (
                <span>
                  {t('feed:article.updated')} <time dateTime={updated}>{format.dateTime(updated)}</time>
                </span>
              ) : null}
            </p>
          </div>
        </div>
      </PageHero>
      <div className="section section--narrow article-page__body">
        <RichText document={article.body} />
        <RichText document={article.body2} />
        <ShareLinks title={article.title} url={url} />
      </div>
      <MoreInCategory article={article} categoryUrl={categoryUrl} />
      <StructuredData
        data={articleStructuredData({
          headline: article.title,
          description: article.summary,
          url,
          image: article.cover ? urls.absolute(article.cover.url) : null,
          datePublished: article.firstPublishedAt,
          dateModified: article.updatedAt ?? article.firstPublishedAt,
          dateCreated: article.createdAt,
          section: article.category.title,
          author: article.author
            ? { name: article.author.name, image: article.author.photo ? urls.absolute(article.author.photo.url) : null }
            : null,
          publisher: { name: t('brand.name'), url: urls.absolute(urls.route('home')), logo: urls.absolute('/favicon.svg') },
          language: locale,
        })}
      />
    </article>
  );
}

interface ShareNetwork {
  platform: string;
  icon: IconName;
  href: (url: string, title: string) => string;
}

/** Where an article can be shared: each network's own share page, so nothing of theirs loads here. */
const SHARE_NETWORKS: ShareNetwork[] = [
  { platform: 'twitter', icon: 'twitter', href: (url, title) => `https://x.com/intent/tweet?${new URLSearchParams({ url, text: title })}` },
  {
    platform: 'facebook',
    icon: 'facebook',
    href: (url) => `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`,
  },
  { platform: 'whatsapp', icon: 'whatsapp', href: (url, title) => `https://wa.me/?${new URLSearchParams({ text: `${title} ${url}` })}` },
  {
    platform: 'linkedin',
    icon: 'linkedin',
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`,
  },
  // mailto wants %20 for spaces, not the `+` of form encoding.
  { platform: 'email', icon: 'mail', href: (url, title) => `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}` },
];

/** Share links that work without JavaScript, each a social_shared event (SPEC 9.4). */
function ShareLinks({ title, url }: { title: string; url: string }) {
  const { t } = useSite();
  const track = useTrack();
  return (
    <aside className="article-share" aria-labelledby="article-share-title">
      <h2 id="article-share-title" className="label article-share__title">
        {t('feed:share.title')}
      </h2>
      <ul className="socials">
        {SHARE_NETWORKS.map((network) => {
          const href = network.href(url, title);
          const label = t(`feed:share.on.${network.platform}`);
          return (
            <li key={network.platform}>
              <SmartLink
                className="socials__link"
                href={href}
                // The label names the link, so it also says what SmartLink's hidden text would.
                aria-label={href.startsWith('http') ? `${label} (${t('link.opensInNewTab')})` : label}
                {...track('social_shared', { social_platform: network.platform, link_url: url })}
              >
                <Icon name={network.icon} />
              </SmartLink>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

/** SPEC 3.2: more of the article's category, each a more_in_category_clicked (SPEC 9.4). */
function MoreInCategory({ article, categoryUrl }: { article: ArticleContent; categoryUrl: string }) {
  const { t, urls } = useSite();
  const track = useTrack();
  if (!article.moreInCategory.length) return null;
  return (
    <section className="section section--muted article-more" aria-labelledby="article-more-title">
      <div className="section__heading">
        <h2 id="article-more-title" className="section__title">
          {t('feed:article.moreIn', { category: article.category.title })}
        </h2>
        <a className="section__more" href={categoryUrl}>
          {t('feed:article.allIn', { category: article.category.title })}
          <Icon name="arrow" />
        </a>
      </div>
      <ul className="content-grid">
        {article.moreInCategory.map((more) => (
          <li key={more.slug}>
            <ArticleCard
              article={more}
              tracking={track('more_in_category_clicked', {
                link_label: more.title,
                link_url: urls.route('xpFeedArticle', { category: more.category.slug, article: more.slug }),
              })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
