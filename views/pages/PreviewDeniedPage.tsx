import { useSite } from '../site-context.tsx';

/** SPEC 1, 6: a preview link with a wrong or missing secret (401), in the visitor's language. */
export function PreviewDeniedPage() {
  const { t, urls } = useSite();
  return (
    <section className="status-page">
      <p className="status-page__code" aria-hidden="true">
        401
      </p>
      <h1 className="status-page__title">{t('errors:preview.denied.title')}</h1>
      <p className="status-page__text">{t('errors:preview.denied.text')}</p>
      <ul className="status-page__links">
        <li>
          <a className="button button--primary" href={urls.route('home')}>
            {t('errors:home')}
          </a>
        </li>
      </ul>
    </section>
  );
}
