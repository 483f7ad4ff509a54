import { useSite } from '../site-context.tsx';

/**
 * Decision 0036: a production site whose payments are tests (the sandbox on a staging site, or
 * Moyasar's test keys) says so on every page, first thing, so that nobody takes it for the shop.
 */
export function TestModeBanner() {
  const { t, testMode } = useSite();
  if (!testMode) return null;
  return (
    <aside className="test-mode-banner" aria-label={t('testMode.region')}>
      <p className="test-mode-banner__text">
        <strong className="test-mode-banner__label">{t('testMode.label')}</strong> {t('testMode.banner')}
      </p>
    </aside>
  );
}
