import { useSite } from '../site-context.tsx';
import { Icon } from './Icon.tsx';

/** Links to the same page in the other language (SPEC 9.1). */
export function LanguageSwitch() {
  const { locale, urls, t } = useSite();
  const target = locale === 'en' ? 'ar' : 'en';
  return (
    <a className="language-switch" href={urls.current(target)} hrefLang={target} lang={target} data-track-language={`${locale}:${target}`}>
      <Icon name="globe" />
      {t(`language.switchTo.${target}`)}
    </a>
  );
}
