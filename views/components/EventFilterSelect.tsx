import { useSite } from '../site-context.tsx';

export type EventFilterName = 'month' | 'city' | 'type';
export type EventFilterOption = { value: string; label: string };

/**
 * One filter of an event list (the calendar, the events overview): a labelled select whose first
 * choice, sent empty, means "all". `idPrefix` keeps ids unique per page.
 */
export function EventFilterSelect({
  name,
  options,
  value,
  idPrefix,
}: {
  name: EventFilterName;
  options: EventFilterOption[];
  value: string;
  idPrefix: string;
}) {
  const { t } = useSite();
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field calendar-filters__field">
      <label className="field__label" htmlFor={id}>
        {t(`events:calendar.${name}.label`)}
      </label>
      <select className="field__input field__select" id={id} name={name} defaultValue={value}>
        <option value="">{t(`events:calendar.${name}.all`)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
