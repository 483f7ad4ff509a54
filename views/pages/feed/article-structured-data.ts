/**
 * schema.org `NewsArticle` for an article page (https://schema.org/NewsArticle, and what search
 * engines read of it): a plain function of the page's data, rendered by StructuredData.
 */

export interface ArticleStructuredDataInput {
  headline: string;
  description?: string | null | undefined;
  /** Absolute URLs. */
  url: string;
  image?: string | null | undefined;
  datePublished: string;
  dateModified: string;
  dateCreated: string;
  section: string;
  author?: { name: string; image?: string | null | undefined } | null | undefined;
  publisher: { name: string; url: string; logo: string };
  language: string;
}

export function articleStructuredData(input: ArticleStructuredDataInput): Record<string, unknown> {
  const publisher = {
    '@type': 'Organization',
    name: input.publisher.name,
    url: input.publisher.url,
    logo: { '@type': 'ImageObject', url: input.publisher.logo },
  };
  return {
    '@type': 'NewsArticle',
    headline: input.headline,
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: [input.image] } : {}),
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    dateCreated: input.dateCreated,
    articleSection: input.section,
    inLanguage: input.language,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    // An article without an author is signed by the organization.
    author: input.author
      ? { '@type': 'Person', name: input.author.name, ...(input.author.image ? { image: input.author.image } : {}) }
      : publisher,
    publisher,
  };
}
