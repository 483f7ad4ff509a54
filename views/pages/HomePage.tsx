import type { ReactNode } from 'react';
import type { Asset, ContentPageFields, EventCardContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { PageBlocks } from '../blocks/PageBlocks.tsx';
import { GridCard } from '../blocks/ContentGridBlock.tsx';
import type { GridItemContent, PageBlockContent } from '../blocks/types.ts';
import { EventCard } from '../components/EventCard.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { RichText } from '../components/RichText.tsx';
import { SharedMarkup } from '../components/SharedMarkup.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { useTrack } from '../components/tracking.ts';

export interface InstagramPostContent {
  id: string;
  caption?: string | null;
  mediaType: string;
  url: string;
  author?: string | null;
  publishedAt: string;
  thumbnail?: Asset | null;
}

type ArticleCardContent = Extract<GridItemContent, { __typename: 'Article' }>;

export interface HomePageData {
  homePage: ContentPageFields & { blocks: PageBlockContent[] };
  /** Upcoming events the editors feature, soonest first. */
  featuredEvents: { items: EventCardContent[] };
  latestArticles: { items: ArticleCardContent[] };
  instagramPosts: InstagramPostContent[];
}

/**
 * The home page (decision 0019): the hero, the featured events, then the blocks the editors compose
 * (countdown, upcoming events, highlights, numbers...), the latest from the XP Feed and Instagram.
 */
export function HomePage({ data }: { data: HomePageData }) {
  const home = data.homePage;
  return (
    <>
      {home.header ? <PageHero header={home.header} /> : <h1 className="visually-hidden">{home.title}</h1>}
      <Pillars />
      <FeaturedEvents events={data.featuredEvents.items} />
      <PageBlocks blocks={home.blocks} />
      <LatestArticles articles={data.latestArticles.items} />
      <InstagramPosts posts={data.instagramPosts} />
      {home.body?.length ? (
        <section className="section section--narrow">
          <RichText document={home.body} className="lead" />
        </section>
      ) : null}
    </>
  );
}

/** A home section: labelled by its title, reported once seen (section_viewed, SPEC 9.4). */
function HomeSection({
  id,
  title,
  more,
  className,
  children,
}: {
  id: string;
  title: string;
  more?: { href: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  const track = useTrack();
  return (
    <section
      className={['section', 'home-section', className].filter(Boolean).join(' ')}
      aria-labelledby={id}
      {...track.onView('section_viewed', { section_name: title })}
    >
      <div className="section__heading">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {more ? (
          <a className="section__more" href={more.href}>
            {more.label}
            <Icon name="arrow" />
          </a>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function FeaturedEvents({ events }: { events: EventCardContent[] }) {
  const { t, urls } = useSite();
  if (events.length === 0) return null;
  return (
    <HomeSection
      id="home-featured"
      title={t('home.featured.title')}
      more={{ href: urls.route('events'), label: t('home.allEvents') }}
      className="home-featured"
    >
      <ul className="home-featured__list">
        {events.map((event) => (
          <li key={event.slug}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

function LatestArticles({ articles }: { articles: ArticleCardContent[] }) {
  const { t, urls } = useSite();
  if (articles.length === 0) return null;
  const title = t('home.articles.title');
  return (
    <HomeSection
      id="home-articles"
      title={title}
      more={{ href: urls.route('xpFeed'), label: t('home.articles.more') }}
      className="home-articles"
    >
      {/* Content alone, the same for every visitor: rendered once per content answer. */}
      <SharedMarkup source={articles} name="home-articles" as="ul" props={{ className: 'content-grid' }}>
        {articles.map((article) => (
          <li key={article.slug}>
            <GridCard item={article} section={title} />
          </li>
        ))}
      </SharedMarkup>
    </HomeSection>
  );
}

/** Instagram posts as a grid of thumbnails, each opening the post on Instagram (SPEC 3.2). */
function InstagramPosts({ posts }: { posts: InstagramPostContent[] }) {
  const { t } = useSite();
  const track = useTrack();
  if (posts.length === 0) return null;
  const title = t('home.instagram.title');
  return (
    <HomeSection id="home-instagram" title={title} className="home-instagram">
      <SharedMarkup source={posts} name="home-instagram" as="ul" props={{ className: 'instagram-grid' }}>
        {posts.map((post) => {
          const label = post.caption || t('home.instagram.post');
          return (
            <li key={post.id} className="instagram-grid__item">
              <SmartLink
                className="instagram-grid__link"
                href={post.url}
                {...track('social_media_post_clicked', { social_platform: 'instagram', link_url: post.url, section_name: title })}
              >
                {post.thumbnail ? (
                  <ResponsiveImage
                    className="instagram-grid__image"
                    asset={post.thumbnail}
                    alt=""
                    sizes="(min-width: 64em) 16rem, (min-width: 40em) 25vw, 50vw"
                  />
                ) : null}
                <span className="instagram-grid__caption">{label}</span>
                {post.mediaType === 'VIDEO' ? <span className="instagram-grid__badge">{t('home.instagram.video')}</span> : null}
              </SmartLink>
            </li>
          );
        })}
      </SharedMarkup>
    </HomeSection>
  );
}

const PILLARS = ['festivals', 'concerts', 'radio', 'records', 'culture'] as const;

/** What Nabd does, as a strip sliding under the hero; the copies are for the loop and hidden from assistive technology. */
function Pillars() {
  const { t } = useSite();
  const items = PILLARS.map((pillar) => (
    <li key={pillar} className="marquee__item">
      {t(`home.pillars.${pillar}`)}
    </li>
  ));
  return (
    <div className="marquee">
      <div className="marquee__track">
        <ul className="marquee__list" aria-label={t('home.pillars.label')}>
          {items}
        </ul>
        {[1, 2, 3].map((copy) => (
          <ul key={copy} className="marquee__list" aria-hidden="true">
            {items}
          </ul>
        ))}
      </div>
    </div>
  );
}
