import type { ContentPageFields } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { useTrack } from '../../components/tracking.ts';
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
  const { t } = useSite();
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
        <Pagination current={data.current} pages={data.pages} />
      </section>
    </div>
  );
}

/** SPEC 9.3: one boundary page, no sibling pages; plain links, so paging needs no JavaScript. */
function Pagination({ current, pages }: { current: number; pages: number }) {
  const { t, urls } = useSite();
  const track = useTrack();
  if (pages <= 1) return null;
  const href = (number: number) => (number === 1 ? urls.route('recordsReleases') : `${urls.route('recordsReleases')}?page=${number}`);
  const shown = [...new Set([1, current, pages])].sort((a, b) => a - b);
  const tracked = (number: number, type: string) =>
    track('pagination_clicked', { pagination_name: 'releases', pagination_type: type, next_page: number });
  return (
    <nav className="pagination" aria-label={t('music:releases.pagination')}>
      {current > 1 ? (
        <a className="pagination__step" href={href(current - 1)} rel="prev" {...tracked(current - 1, 'previous')}>
          {t('music:releases.previous')}
        </a>
      ) : null}
      <ol className="pagination__pages">
        {shown.map((number, index) => (
          <li key={number}>
            {index > 0 && number - shown[index - 1]! > 1 ? (
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            ) : null}
            {number === current ? (
              <span className="pagination__page" aria-current="page">
                <span className="visually-hidden">{t('music:releases.page')} </span>
                {number}
              </span>
            ) : (
              <a className="pagination__page" href={href(number)} {...tracked(number, 'number')}>
                <span className="visually-hidden">{t('music:releases.page')} </span>
                {number}
              </a>
            )}
          </li>
        ))}
      </ol>
      {current < pages ? (
        <a className="pagination__step" href={href(current + 1)} rel="next" {...tracked(current + 1, 'next')}>
          {t('music:releases.next')}
        </a>
      ) : null}
    </nav>
  );
}
