import { useSite } from '../site-context.tsx';

/**
 * SPEC 1, 2.4: the preview banner. In the flow of the page above everything else, so it covers
 * nothing, and in the brand's warning colours, so an editor never mistakes drafts for the live site.
 */
export function PreviewBanner() {
  const { t, urls, locale, preview } = useSite();
  if (!preview) return null;
  const exit = `${urls.route('exitPreview')}?redirect=${encodeURIComponent(urls.current(locale))}`;
  return (
    <aside className="preview-banner" aria-label={t('preview.region')}>
      <p className="preview-banner__text">
        <strong className="preview-banner__label">{t('preview.label')}</strong> {t('preview.banner')}
      </p>
      <a className="preview-banner__exit" href={exit}>
        {t('preview.exit')}
      </a>
    </aside>
  );
}
