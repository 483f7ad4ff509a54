import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { PodcastPage, type PodcastPageData } from '#views/pages/music/PodcastPage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { ASSET_FIELDS, headFromSeo, SEO_FIELDS } from '../content-fragments.ts';

type PodcastQuery = { podcast: PodcastPageData['podcast'] | null };

const PODCAST_QUERY: TypedDocumentNode<PodcastQuery, { locale: Locale; slug: string }> = gql`
  query PodcastPage($locale: Locale!, $slug: String!) {
    podcast(locale: $locale, slug: $slug) {
      slug
      title
      description
      categories
      cover {
        ...AssetFields
      }
      episodes {
        id
        title
        description
        audio
        publishedAt
        duration
      }
      seo {
        ...SeoFields
      }
    }
  }
  ${ASSET_FIELDS}
  ${SEO_FIELDS}
`;

/** SPEC 2.1 /radio/podcasts/{slug}: the podcast and its episodes, newest first, each playable. */
const podcastPage: PageModule<PodcastPageData> = {
  async load({ services, locale, params }) {
    const { podcast } = await services.content.query(PODCAST_QUERY, { locale, slug: params.slug! });
    if (!podcast) return notFound();
    return page(
      { podcast },
      headFromSeo(podcast.seo, { title: podcast.title, description: podcast.description, image: podcast.cover?.url }),
      { page_type: 'radio', module_name: 'radio', submodule_name: 'podcast', category: podcast.slug, category_name: podcast.title },
    );
  },
  View: PodcastPage,
};

export default podcastPage;
