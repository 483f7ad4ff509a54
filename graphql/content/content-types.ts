/** The shapes of the fields stored for each content type (see content/ for examples). */

export interface PageReference {
  entityType: string;
  slug?: string;
  collection?: string;
}

export interface AssetFields {
  id: string;
  url: string;
  mimeType: string;
  alt?: string;
  title?: string;
  width?: number;
  height?: number;
}

export interface NavigationItemFields {
  id: string;
  title: string;
  url?: string;
  page?: PageReference[];
}

export type MenuKind = 'item' | 'menu' | 'events' | 'lineup';

export interface MenuFields {
  id: string;
  kind: MenuKind;
  title: string;
  link?: NavigationItemFields;
  items?: NavigationItemFields[];
}

export interface NavigationFields {
  menus: MenuFields[];
}

export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'instagram',
  'snapchat',
  'tiktok',
  'youtube',
  'soundcloud',
  'spotify',
  'anghami',
  'linkedin',
  'mixcloud',
  'website',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export type SocialsFields = { order?: SocialNetwork[] } & Partial<Record<SocialNetwork, string>>;

export interface FooterFields {
  sections: MenuFields[];
  socials: SocialsFields;
  partners: { id: string; name: string; url?: string; logo?: AssetFields }[];
}

export interface GlobalConfigFields {
  siteTitleSuffix: string;
  privacyLink?: NavigationItemFields;
  legalLink?: NavigationItemFields;
}

export interface SeoFields {
  title?: string;
  description?: string;
  image?: AssetFields;
  noIndex?: boolean;
}

export interface PageHeaderFields {
  title: string;
  subtitle?: string;
  cover?: AssetFields;
  callToAction?: NavigationItemFields;
}

export interface PageFields {
  title: string;
  seo?: SeoFields;
  pageType: string;
  moduleName: string;
  submoduleName?: string;
  header?: PageHeaderFields;
  body?: unknown[];
}

export interface NotFoundPageFields {
  title: string;
  description: string;
  links: NavigationItemFields[];
}

export interface EventConfigFields {
  id?: string;
  startDatetime: string;
  endDatetime: string;
  timezone: string;
  colourAccent: string;
  city: string;
  logo?: AssetFields;
  cover?: AssetFields;
  enableTickets?: boolean;
  ticketsExternalId?: string;
  eventType: string;
  eventStyle?: string;
  unlistedEvent?: boolean;
  description?: string;
}

export interface EventFields extends Omit<PageFields, 'pageType' | 'moduleName'> {
  pageType?: string;
  moduleName?: string;
  config: EventConfigFields;
}

export interface RadioStationFields {
  name: string;
  streamUrl: string;
}
