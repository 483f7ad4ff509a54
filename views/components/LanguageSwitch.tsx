import { useSite } from '../site-context.tsx';
import { Icon } from './Icon.tsx';
import { useTrack } from './tracking.ts';

/** Links to the same page in the other language (SPEC 9.1), tracked as language_switched (SPEC 9.4). */
export function LanguageSwitch() {
  const { locale, urls, t } = useSite();
  const track = useTrack();
  const target = locale === 'en' ? 'ar' : 'en';
  return (
    <a
      className="language-switch"
      href={urls.current(target)}
      hrefLang={target}
      lang={target}
      {...track('language_switched', { old_language_code: locale, new_language_code: target })}
    >
      <Icon name="globe" />
      {t(`language.switchTo.${target}`)}
    </a>
  );
}
