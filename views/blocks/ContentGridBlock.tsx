import type { ReactNode } from 'react';
import type { Asset } from '../content.ts';
import { EventCard } from '../components/EventCard.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { useTrack } from '../components/tracking.ts';
import { useSite } from '../site-context.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { ContentGridBlockContent, GridItemContent } from './types.ts';

/** What editors picked to show together: events, articles, artists, releases and pages, each as a card. */
export function ContentGridBlock({ block }: { block: ContentGridBlockContent }) {
  if (!block.items.length) return null;
  const section = block.title ?? block.id;
  return (
    <BlockSection id={block.id} name="block-content-grid" title={block.title}>
      <ul className="content-grid">
        {block.items.map((item) => (
          <li key={`${item.__typename}-${item.slug}`}>
            {item.__typename === 'EventCard' ? <EventCard event={item} /> : <GridCard item={item} section={section} />}
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

/** Page types whose URL comes from the route table under another name than their page type. */
const PAGE_ENTITY_TYPES: Record<string, string> = { aboutCustom: 'aboutCustomPage', customEvent: 'eventCustomPage' };

/** One card of a grid: an article, artist, release or page, with its picture, kicker and title (the home's latest articles too). */
export function GridCard({ item, section }: { item: Exclude<GridItemContent, { __typename: 'EventCard' }>; section: string }) {
  const { urls, format, t } = useSite();
  const track = useTrack();
  let href: string | undefined;
  let title: string;
  let kicker: ReactNode;
  let meta: ReactNode = null;
  let picture: Asset | null | undefined;
  switch (item.__typename) {
    case 'Article':
      href = urls.route('xpFeedArticle', { category: item.category.slug, article: item.slug });
      title = item.title;
      kicker = item.category.title;
      meta = <time dateTime={item.firstPublishedAt}>{format.date(item.firstPublishedAt)}</time>;
      picture = item.cover;
      break;
    case 'Performer':
      href = urls.route('performer', { performerSlug: item.slug });
      title = item.name;
      kicker = t('blocks:grid.performer');
      picture = item.cover;
      break;
    case 'Release':
      href = urls.route('recordsRelease', { slug: item.slug });
      title = item.title;
      kicker = t(`blocks:grid.release.${item.releaseType}`, { defaultValue: item.releaseType });
      meta = format.list(item.artists.map((artist) => artist.name));
      picture = item.artwork;
      break;
    case 'Page':
      href = urls.link({
        page: [{ entityType: PAGE_ENTITY_TYPES[item.pageType] ?? item.pageType, slug: item.slug, collection: item.collection ?? null }],
      });
      title = item.title;
      kicker = t('blocks:grid.page');
      meta = item.header?.subtitle;
      picture = item.header?.cover;
      break;
  }
  const body = (
    <>
      <div className={`grid-card__media grid-card__media--${item.__typename.toLowerCase()}`}>
        {picture ? (
          <ResponsiveImage
            className="grid-card__image"
            asset={picture}
            alt=""
            sizes="(min-width: 75em) 22rem, (min-width: 40em) 45vw, 92vw"
          />
        ) : null}
      </div>
      <div className="grid-card__body">
        <p className="grid-card__kicker">{kicker}</p>
        <h3 className="grid-card__title">{title}</h3>
        {meta ? <p className="grid-card__meta">{meta}</p> : null}
      </div>
    </>
  );
  return (
    <article className="grid-card">
      {href ? (
        <a className="grid-card__link" href={href} {...track('link_clicked', { link_label: title, link_url: href, section_name: section })}>
          {body}
        </a>
      ) : (
        <div className="grid-card__link">{body}</div>
      )}
    </article>
  );
}
