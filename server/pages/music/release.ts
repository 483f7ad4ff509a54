import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { ReleasePage, type ReleasePageData } from '#views/pages/music/ReleasePage.tsx';
import { notFound, page, type PageModule } from '../../page.ts';
import { ASSET_FIELDS, headFromSeo, SEO_FIELDS } from '../content-fragments.ts';

type ReleaseQuery = { release: ReleasePageData['release'] | null };

const RELEASE_QUERY: TypedDocumentNode<ReleaseQuery, { locale: Locale; slug: string }> = gql`
  query ReleasePage($locale: Locale!, $slug: String!) {
    release(locale: $locale, slug: $slug) {
      slug
      title
      description
      releaseType
      releasedAt
      listenUrl
      artwork {
        ...AssetFields
      }
      background {
        ...AssetFields
      }
      artists {
        slug
        name
        cover {
          ...AssetFields
        }
      }
      audioSections {
        id
        title
        externalAudio
      }
      seo {
        ...SeoFields
      }
    }
  }
  ${ASSET_FIELDS}
  ${SEO_FIELDS}
`;

/** SPEC 2.1 /records/releases/{slug}: the release, where to listen, its artists and its tracks. */
const releasePage: PageModule<ReleasePageData> = {
  async load({ services, locale, params }) {
    const { release } = await services.content.query(RELEASE_QUERY, { locale, slug: params.slug! });
    if (!release) return notFound();
    return page(
      { release },
      headFromSeo(release.seo, { title: release.title, description: release.description, image: release.artwork?.url }),
      { page_type: 'records', module_name: 'records', submodule_name: 'release', category: release.slug, category_name: release.title },
    );
  },
  View: ReleasePage,
};

export default releasePage;
