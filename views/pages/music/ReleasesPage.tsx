import type { ContentPageFields } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { ReleaseGrid, type ReleaseCardContent } from './RecordsCards.tsx';

export interface ReleasesPageData {
  page: ContentPageFields;
  /** Newest first, one page of them. */
  releases: ReleaseCardContent[];
  total: number;
  /** 1-based. */
  current: number;
  pages: number;
}

/** SPEC 2.1 /records/releases. */
export function ReleasesPage({ data }: { data: ReleasesPageData }) {
  const { t, urls } = useSite();
  const { page } = data;
  return (
    <div className="records-page">
      <PageHero header={page.header ?? { title: page.title }} />
      <section className="section" aria-labelledby="releases-title">
        <div className="section__heading">
          <h2 id="releases-title" className="section__title">
            {t('music:releases.count', { count: data.total })}
          </h2>
          {data.pages > 1 ? (
            <p className="releases__page">{t('music:releases.pageOf', { current: data.current, pages: data.pages })}</p>
          ) : null}
        </div>
        <ReleaseGrid releases={data.releases} />
        <Pagination
          current={data.current}
          pages={data.pages}
          href={(number) => (number === 1 ? urls.route('recordsReleases') : `${urls.route('recordsReleases')}?page=${number}`)}
          name="releases"
          labels={{
            navigation: t('music:releases.pagination'),
            previous: t('music:releases.previous'),
            next: t('music:releases.next'),
            page: t('music:releases.page'),
          }}
        />
      </section>
    </div>
  );
}
