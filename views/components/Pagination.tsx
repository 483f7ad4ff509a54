import { useTrack } from './tracking.ts';

export interface PaginationLabels {
  /** Names the navigation landmark: "Pages of releases". */
  navigation: string;
  previous: string;
  next: string;
  /** Read before each number: "Page". */
  page: string;
}

interface PaginationProps {
  /** 1-based. */
  current: number;
  pages: number;
  href(page: number): string;
  /** What analytics calls this list (`pagination_name`, SPEC 9.4). */
  name: string;
  labels: PaginationLabels;
}

/**
 * SPEC 9.3 pagination theme: one boundary page, no sibling pages, so "1 … 4 [5] 6 … 12" shows as
 * "1 … [5] … 12", with previous and next. Plain links, so paging needs no JavaScript; each click is
 * tracked as `pagination_clicked`.
 */
export function Pagination({ current, pages, href, name, labels }: PaginationProps) {
  const track = useTrack();
  if (pages <= 1) return null;
  const shown = [...new Set([1, current, pages])].filter((page) => page >= 1 && page <= pages).sort((a, b) => a - b);
  const tracked = (page: number, type: string) =>
    track('pagination_clicked', { pagination_name: name, pagination_type: type, next_page: page });
  return (
    <nav className="pagination" aria-label={labels.navigation}>
      {current > 1 ? (
        <a className="pagination__step" href={href(Math.min(current - 1, pages))} rel="prev" {...tracked(current - 1, 'previous')}>
          {labels.previous}
        </a>
      ) : null}
      <ol className="pagination__pages">
        {shown.map((page, index) => (
          <li key={page}>
            {index > 0 && page - shown[index - 1]! > 1 ? (
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            ) : null}
            {page === current ? (
              <span className="pagination__page" aria-current="page">
                <span className="visually-hidden">{labels.page} </span>
                {page}
              </span>
            ) : (
              <a className="pagination__page" href={href(page)} {...tracked(page, 'number')}>
                <span className="visually-hidden">{labels.page} </span>
                {page}
              </a>
            )}
          </li>
        ))}
      </ol>
      {current < pages ? (
        <a className="pagination__step" href={href(current + 1)} rel="next" {...tracked(current + 1, 'next')}>
          {labels.next}
        </a>
      ) : null}
    </nav>
  );
}
