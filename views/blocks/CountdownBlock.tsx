import { useSite } from '../site-context.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { CountdownBlockContent } from './types.ts';

const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

/** Whole days, hours, minutes and seconds in a number of seconds. */
export function remainingParts(seconds: number): Record<(typeof UNITS)[number][0], number> {
  let rest = Math.max(0, Math.floor(seconds));
  const parts = {} as Record<(typeof UNITS)[number][0], number>;
  for (const [unit, size] of UNITS) {
    parts[unit] = Math.floor(rest / size);
    rest -= parts[unit] * size;
  }
  return parts;
}

/**
 * A countdown to a moment (SPEC 3.2). The server writes the moment in Riyadh time and what is left
 * of it when the page is rendered, so it reads right without JavaScript;
 * client/enhancements/countdown.ts then ticks it every second and shows the ended state at zero.
 * The ticking digits are not a live region: nobody wants to hear every second.
 */
export function CountdownBlock({ block }: { block: CountdownBlockContent }) {
  const { format, t, assets, locale } = useSite();
  assets.use('countdown');
  const end = new Date(block.endDatetime);
  if (Number.isNaN(end.getTime())) return null;
  // Rendered per request, so "now" is the moment the visitor asked for the page.
  const seconds = Math.floor((end.getTime() - Date.now()) / 1000);
  const ended = seconds <= 0;
  const parts = remainingParts(seconds);
  return (
    <BlockSection id={block.id} name="block-countdown" title={block.title} trackView>
      <div className="countdown" data-countdown={block.endDatetime} data-ended={ended ? '' : undefined}>
        <p className="countdown__date">
          <time dateTime={block.endDatetime}>{t('blocks:countdown.startsAt', { date: format.longDate(end), time: format.time(end) })}</time>
        </p>
        <p className="countdown__ended" hidden={!ended}>
          {t('blocks:countdown.ended')}
        </p>
        <time
          className="countdown__clock"
          dateTime={`P${parts.days}DT${parts.hours}H${parts.minutes}M${parts.seconds}S`}
          aria-live="off"
          hidden={ended}
        >
          <span className="visually-hidden">{t('blocks:countdown.remaining')}: </span>
          {UNITS.map(([unit]) => (
            <span key={unit} className={`countdown__unit countdown__unit--${unit}`}>
              <span className="countdown__value" data-unit={unit}>
                {String(parts[unit]).padStart(2, '0')}
              </span>{' '}
              <span className="countdown__label" data-unit-label={unit} data-labels={unitLabels(t, locale, unit)}>
                {t(`blocks:countdown.${unit}`, { count: parts[unit] })}
              </span>
            </span>
          ))}
        </time>
      </div>
    </BlockSection>
  );
}

/**
 * The unit's name in each plural form of the visitor's language (English has two, Arabic six), for
 * the ticking script to pick with `Intl.PluralRules` as the numbers change. The same for every
 * countdown in a language and dear to make (plural rules and six lookups), so made once per
 * language and unit: the site's translations are fixed for the life of the process.
 */
const unitLabelsMade = new Map<string, string>();

function unitLabels(t: ReturnType<typeof useSite>['t'], locale: string, unit: string): string {
  const key = `${locale} ${unit}`;
  let made = unitLabelsMade.get(key);
  if (made === undefined) {
    const rules = new Intl.PluralRules(locale);
    const labels: Record<string, string> = {};
    for (const count of [0, 1, 2, 3, 11, 100]) labels[rules.select(count)] ??= t(`blocks:countdown.${unit}`, { count });
    made = JSON.stringify(labels);
    unitLabelsMade.set(key, made);
  }
  return made;
}
