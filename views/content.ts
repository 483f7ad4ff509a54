/** Content as the views receive it from the content service (SPEC 3.1, 3.2). */

export interface Asset {
  url: string;
  /** Base of the responsive variants: append `?w=<width>`. */
  responsiveUrl?: string | null;
  alt?: string | null;
  width?: number | null;
  height?: number | null;
  blurDataUrl?: string | null;
}

export interface PageReference {
  entityType: string;
  slug?: string | null;
  collection?: string | null;
}

export interface NavigationLink {
  id: string;
  title: string;
  isExternal: boolean;
  url?: string | null;
  page: PageReference[];
}

export interface Menu {
  id: string;
  kind: 'item' | 'menu' | 'events' | 'lineup';
  title: string;
  link?: NavigationLink | null;
  items: NavigationLink[];
  currentEvents: EventCardContent[];
  pastEvents: EventCardContent[];
}

export interface SocialLink {
  network: string;
  url: string;
}

export interface FooterPartner {
  id: string;
  name: string;
  url?: string | null;
  logo?: Asset | null;
}

export interface RadioStation {
  id: string;
  name: string;
  streamUrl: string;
}

/** SPEC 3.1: the banner across the top of the site; `live` says it is active and within its dates. */
export interface HighlightBannerContent {
  id: string;
  title: string;
  backgroundColor: string;
  live: boolean;
  visibility: 'all' | 'home' | 'events' | string;
  isExternal: boolean;
  url?: string | null;
  page: PageReference[];
}

/** Everything the Default layout shows around a page (SPEC 2.5). */
export interface LayoutContent {
  stations: RadioStation[];
  highlightBanner?: HighlightBannerContent | null;
  navigation: { menus: Menu[] };
  footer: { sections: Menu[]; socials: { links: SocialLink[] }; partners: FooterPartner[] };
  globalConfig: { siteTitleSuffix: string; privacyLink?: NavigationLink | null; legalLink?: NavigationLink | null };
}

export type RichTextNode =
  | { type: 'paragraph'; children: RichTextInline[] }
  | { type: 'heading'; level: 2 | 3 | 4; children: RichTextInline[] }
  | { type: 'list'; ordered?: boolean; items: RichTextInline[][] }
  | { type: 'quote'; children: RichTextInline[]; cite?: string | null }
  /** An embedded picture; the content service adds its `asset` (size, variants, placeholder). */
  | { type: 'image'; image: string; alt?: string | null; caption?: string | null; asset?: Asset | null }
  /** An embedded video: shown as its poster linking to where it plays (no third-party player). */
  | { type: 'video'; url: string; title?: string | null; poster?: string | null; posterAsset?: Asset | null };

export type RichTextInline =
  | { text: string; bold?: boolean; italic?: boolean }
  | { type: 'link'; url: string; children: { text: string; bold?: boolean; italic?: boolean }[] };

export interface PageHeader {
  title: string;
  subtitle?: string | null;
  cover?: Asset | null;
  callToAction?: NavigationLink | null;
}

/** The fields every page record has (the `ContentPage` interface of the content service). */
export interface ContentPageFields {
  title: string;
  slug: string;
  pageType: string;
  moduleName: string;
  submoduleName?: string | null;
  seo: SeoContent;
  header?: PageHeader | null;
  body?: RichTextNode[] | null;
}

/** Where an event's sale stands, from the shop's catalogue (decision 0053). */
export interface EventSale {
  status: 'ON_SALE' | 'SELLING_FAST' | 'ON_SALE_SOON' | 'SOLD_OUT' | 'SALE_ENDED';
  /** The lowest price of an admission ticket on sale now. */
  fromPrice: { amount: string; currency: string } | null;
}

export interface EventCardContent {
  title: string;
  slug: string;
  /** Added by the page's loader for events sold here (server/commerce/event-sales.ts). */
  sale?: EventSale;
  config: {
    startDatetime: string;
    endDatetime: string;
    city: string;
    colourAccent: string;
    eventType: string;
    description?: string | null;
    enableTickets: boolean;
    ticketsExternalId?: string | null;
    cover?: Asset | null;
  };
}

/** A record's SEO fields (SPEC 7.1: every page query returns its SEO tags). */
export interface SeoContent {
  title?: string | null;
  description?: string | null;
  noIndex: boolean;
  image?: { url: string; width?: number | null; height?: number | null } | null;
}
