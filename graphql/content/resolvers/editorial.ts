import { sql, type SQL } from 'drizzle-orm';
import { field, refField, type Entry } from '../entry-store.ts';
import { normalizeForSearch, normalizedSql } from '../search-text.ts';
import type { Locale } from '../tables.ts';
import { image, paging, ref, richText, seoOf, type ContentContext } from './helpers.ts';

interface ArticleArgs {
  locale: Locale;
  first?: number;
  skip?: number;
  filter?: { category?: string | null; authorId?: string | null; search?: string | null } | null;
}

const newestFirst = sql`${field('firstPublishedAt')} desc`;

export const editorialQueries = {
  /** SPEC 7.1: articles newest first, with their count. */
  async articles(_: unknown, args: ArticleArgs, context: ContentContext) {
    const conditions: SQL[] = [sql`true`];
    if (args.filter?.category) {
      const category = await context.store.bySlug('articleCategory', args.locale, args.filter.category);
      if (!category) return { total: 0, items: [] };
      conditions.push(sql`${refField('category')} = ${category.id}`);
    }
    if (args.filter?.authorId) conditions.push(sql`${refField('author')} = ${args.filter.authorId}`);
    if (args.filter?.search) {
      const text = sql`coalesce(${field('title')}, '') || ' ' || coalesce(${field('summary')}, '')`;
      conditions.push(sql`${normalizedSql(text)} like ${`%${normalizeForSearch(args.filter.search)}%`}`);
    }
    return context.store.list('article', args.locale, { where: sql.join(conditions, sql` and `), orderBy: newestFirst, ...paging(args) });
  },
  article: (_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) => context.store.bySlug('article', locale, slug),
  articleCategory: (_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) =>
    context.store.bySlug('articleCategory', locale, slug),
  articleCategories: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) =>
    context.store.all('articleCategory', locale, undefined, sql`e.slug`),
  /** Instagram posts, newest first. */
  instagramPosts: (_: unknown, args: { locale: Locale; first?: number }, context: ContentContext) =>
    context.store
      .list('instagramPost', args.locale, { orderBy: sql`${field('publishedAt')} desc`, ...paging(args, 12) })
      .then((page) => page.items),
  newsletters: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) => context.store.all('newsletter', locale, undefined, sql`e.id`),
};

export const editorialTypes = {
  Article: {
    category: ref('category'),
    author: ref('author'),
    cover: image('cover'),
    body: richText('body'),
    body2: richText('body2'),
    seo: (article: Entry) => seoOf(article, article.__locale),
    moreInCategory: (article: Entry, args: { first?: number }, context: ContentContext) =>
      context.store
        .list('article', article.__locale, {
          where: sql`${refField('category')} = ${(article.category as { ref?: string } | undefined)?.ref ?? ''} and e.id <> ${article.id}`,
          orderBy: newestFirst,
          ...paging(args, 3),
        })
        .then((page) => page.items),
  },
  ArticleCategory: { seo: (category: Entry) => seoOf(category, category.__locale) },
  Author: { photo: image('photo') },
  InstagramPost: { thumbnail: image('thumbnail'), mediaType: (post: Entry) => post.mediaType ?? 'IMAGE' },
  Newsletter: { image: image('image'), analyticsName: (newsletter: Entry) => newsletter.analyticsName ?? newsletter.id },
};
