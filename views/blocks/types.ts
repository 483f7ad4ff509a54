import type { Asset, EventCardContent, NavigationLink, RichTextNode } from '../content.ts';

/** Page blocks (SPEC 3.2) as `PageBlockFields` (server/pages/blocks/page-block-fields.ts) brings them. */

export type CallToActionContent = NavigationLink & { icon?: string | null };

export interface RichTextBlockContent {
  __typename: 'RichTextBlock';
  id: string;
  title?: string | null;
  body?: RichTextNode[] | null;
}

export interface HeaderBlockContent {
  __typename: 'HeaderBlock';
  id: string;
  heading: string;
  subtitle?: string | null;
  cover?: Asset | null;
  callToAction?: CallToActionContent | null;
}

export interface CountdownBlockContent {
  __typename: 'CountdownBlock';
  id: string;
  title?: string | null;
  endDatetime: string;
}

export interface IframeBlockContent {
  __typename: 'IframeBlock';
  id: string;
  /** The frame's title, which names it for assistive technology. */
  label: string;
  url: string;
  height: number;
}

export interface DownloadAppBlockContent {
  __typename: 'DownloadAppBlock';
  id: string;
  title?: string | null;
  text?: string | null;
  appStoreUrl?: string | null;
  googlePlayUrl?: string | null;
}

export interface StatisticsBlockContent {
  __typename: 'StatisticsBlock';
  id: string;
  title?: string | null;
  items: { id: string; value: string; label: string }[];
}

export interface FaqBlockContent {
  __typename: 'FaqBlock';
  id: string;
  title?: string | null;
  category?: string | null;
  items: { id: string; question: string; answer?: RichTextNode[] | null }[];
}

export interface CardsBlockContent {
  __typename: 'CardsBlock';
  id: string;
  title?: string | null;
  items: { id: string; title: string; text?: string | null; image?: Asset | null; link?: CallToActionContent | null }[];
}

export type GridItemContent =
  | ({ __typename: 'EventCard' } & EventCardContent)
  | {
      __typename: 'Article';
      id: string;
      slug: string;
      title: string;
      summary?: string | null;
      firstPublishedAt: string;
      category: { slug: string; title: string };
      cover?: Asset | null;
    }
  | { __typename: 'Performer'; id: string; slug: string; name: string; cover?: Asset | null }
  | {
      __typename: 'Release';
      id: string;
      slug: string;
      title: string;
      releaseType: string;
      releasedAt: string;
      artwork?: Asset | null;
      artists: { id: string; name: string }[];
    }
  | {
      __typename: 'Page';
      id: string;
      slug: string;
      title: string;
      pageType: string;
      collection?: string | null;
      header?: { subtitle?: string | null; cover?: Asset | null } | null;
    };

export interface ContentGridBlockContent {
  __typename: 'ContentGridBlock';
  id: string;
  title?: string | null;
  items: GridItemContent[];
}

export interface CarouselBlockContent {
  __typename: 'CarouselBlock';
  id: string;
  title?: string | null;
  items: { id: string; caption?: string | null; image?: Asset | null; link?: CallToActionContent | null }[];
}

export interface CallToActionBlockContent {
  __typename: 'CallToActionBlock';
  id: string;
  title?: string | null;
  text?: string | null;
  callToAction?: CallToActionContent | null;
}

export interface EventListBlockContent {
  __typename: 'EventListBlock';
  id: string;
  title?: string | null;
  timeframe: 'upcoming' | 'past';
  limit: number;
  events: EventCardContent[];
}

export interface TimelineBlockContent {
  __typename: 'TimelineBlock';
  id: string;
  title?: string | null;
  items: { id: string; year: number; title: string; description?: string | null; media?: Asset | null }[];
}

export type PartnerListItemContent =
  | { __typename: 'Partner'; id: string; name: string; description?: string | null; url?: string | null; logo?: Asset | null }
  | {
      __typename: 'PremiumPartner';
      id: string;
      slug: string;
      name: string;
      description?: string | null;
      url?: string | null;
      chips: string[];
      logo?: Asset | null;
      callToAction?: CallToActionContent | null;
    };

export interface PartnerListBlockContent {
  __typename: 'PartnerListBlock';
  id: string;
  title?: string | null;
  items: PartnerListItemContent[];
}

export type PageBlockContent =
  | RichTextBlockContent
  | HeaderBlockContent
  | CountdownBlockContent
  | IframeBlockContent
  | DownloadAppBlockContent
  | StatisticsBlockContent
  | FaqBlockContent
  | CardsBlockContent
  | ContentGridBlockContent
  | CarouselBlockContent
  | CallToActionBlockContent
  | EventListBlockContent
  | TimelineBlockContent
  | PartnerListBlockContent;
