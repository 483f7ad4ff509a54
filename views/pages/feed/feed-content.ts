import type { PageBlockContent } from '../../blocks/types.ts';
import type { Asset, ContentPageFields, RichTextNode, SeoContent } from '../../content.ts';

/** An article as its card shows it (server/pages/feed/feed-fields.ts `ARTICLE_CARD_FIELDS`). */
export interface ArticleCardContent {
  slug: string;
  title: string;
  summary?: string | null;
  firstPublishedAt: string;
  category: { slug: string; title: string };
  author?: { name: string } | null;
  cover?: Asset | null;
}

export interface ArticleCategoryContent {
  slug: string;
  title: string;
  description?: string | null;
}

/** One page of a list of articles, newest first, and where it sits among the others. */
export interface ArticlePage {
  articles: ArticleCardContent[];
  total: number;
  /** 1-based. */
  current: number;
  pages: number;
}

/** The XP feed's overview or one of its categories: the same screen, with or without a category. */
export interface FeedPageData {
  /** The blog overview page (SPEC 3.2): hero and introduction. */
  page: ContentPageFields & { blocks: PageBlockContent[] };
  categories: ArticleCategoryContent[];
  /** Absent on the overview. */
  category: (ArticleCategoryContent & { seo: SeoContent }) | null;
  list: ArticlePage;
}

export interface ArticleContent extends ArticleCardContent {
  id: string;
  createdAt: string;
  updatedAt?: string | null;
  category: ArticleCategoryContent;
  author?: { id: string; name: string; photo?: Asset | null } | null;
  body?: RichTextNode[] | null;
  body2?: RichTextNode[] | null;
  seo: SeoContent;
  moreInCategory: ArticleCardContent[];
}
