import { useSite } from '../site-context.tsx';

export interface ErrorPageData {
  /**
   * 500 for failures, 503 while something the page needs is unavailable, 403 for a form whose
   * security token expired, 400 for a malformed request, 413 for one larger than we accept (a body,
   * or too many fields), 415 for a body in an encoding or character set we do not read.
   */
  status: 400 | 403 | 413 | 415 | 500 | 503;
  retryUrl: string;
  requestId: string;
  /** Development only: what went wrong, for the developer looking at the page. */
  detail?: string | undefined;
}

/** The section of `errors.json` each status is explained by. */
export const ERROR_TEXTS = {
  400: 'badRequest',
  403: 'formExpired',
  413: 'tooLarge',
  415: 'unreadable',
  500: 'generic',
  503: 'unavailable',
} as const;

/**
 * SPEC 2.4, 8: the generic error with "try again". It needs nothing from any service, since a
 * failing service is the likely reason it is shown.
 */
export function ErrorPage({ data }: { data: ErrorPageData }) {
  const { t, urls } = useSite();
  const key = ERROR_TEXTS[data.status];
  return (
    <section className="status-page">
      <p className="status-page__code" aria-hidden="true">
        {data.status}
      </p>
      <h1 className="status-page__title">{t(`errors:${key}.title`)}</h1>
      <p className="status-page__text">{t(`errors:${key}.text`)}</p>
      <ul className="status-page__links">
        <li>
          <a className="button button--primary" href={data.retryUrl}>
            {t('errors:tryAgain')}
          </a>
        </li>
        <li>
          <a className="button button--ghost" href={urls.route('home')}>
            {t('errors:home')}
          </a>
        </li>
      </ul>
      <p className="status-page__reference">{t('errors:reference', { id: data.requestId })}</p>
      {data.detail ? <pre className="status-page__detail">{data.detail}</pre> : null}
    </section>
  );
}
