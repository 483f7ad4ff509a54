import { useEffect, useRef, useState, type FormEvent } from 'react';
import { filterQuery, matchesFilters, type EntryFacets, type LineupFilters as Filters } from '../pages/lineup/lineup-filters.ts';

type Option = { value: string; label: string };

/** One listed entry, compact: [element id, day, stage, categories, letters, search text]. */
export type FilterEntry = [key: string, day: string, stage: string, categories: string[], letters: string, text: string];

export interface LineupFiltersProps {
  /** The page the form is sent to (its own URL, without a query). */
  action: string;
  filters: Filters;
  /** Controls the page offers: the daily schedule has no day choice, a line-up that hides stages no stage. */
  days: Option[] | null;
  stages: Option[] | null;
  categories: Option[];
  letters: Option[];
  entries: FilterEntry[];
  labels: {
    form: string;
    day: string;
    stage: string;
    category: string;
    any: string;
    letter: string;
    allLetters: string;
    search: string;
    searchHint: string;
    apply: string;
    clear: string;
    /** "Showing __SHOWN__ of 120 performances": the page's total, with a place for the number shown. */
    showing: string;
  };
  /** Give the search box focus on arrival (the search page). */
  autoFocusSearch?: boolean;
}

export const SHOWN_PLACEHOLDER = '__SHOWN__';

/** The ids of the page's elements the island updates (rendered by views/pages/lineup/LineupPage.tsx). */
export const LINEUP_RESULTS_ID = 'lineup-results';
export const LINEUP_STATUS_ID = 'lineup-status';
export const LINEUP_EMPTY_ID = 'lineup-empty';

const facetsOf = ([, day, stage, categories, letters, text]: FilterEntry): EntryFacets => ({
  day,
  stage,
  categories,
  letters: [...letters],
  text,
});

/**
 * The line-up filters (SPEC 2.4, 3.1). Rendered on the server as a plain GET form: without
 * JavaScript its button reloads the page with the filters in the URL. Hydrated, every change
 * filters the entries already on the page (the server rendered them all, the filtered-out ones
 * hidden), updates the count and keeps the URL in step with history.replaceState, so a reload or a
 * shared link shows the same list.
 */
export function LineupFilters(props: LineupFiltersProps) {
  const { labels } = props;
  const [filters, setFilters] = useState<Filters>(props.filters);
  const hydrated = useRef(false);

  useEffect(() => {
    if (!hydrated.current) {
      hydrated.current = true;
      return;
    }
    applyToPage(props, filters);
  }, [filters, props]);

  const change = (name: keyof Filters, value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    // The list is already filtered: the submit button is only needed without JavaScript.
    event.preventDefault();
    applyToPage(props, filters);
  };

  return (
    <form className="lineup-filters" method="get" action={props.action} role="search" aria-label={labels.form} onSubmit={submit}>
      <div className="lineup-filters__row">
        <div className="field lineup-filters__search">
          <label className="field__label" htmlFor="lineup-q">
            {labels.search}
          </label>
          <input
            className="field__input"
            id="lineup-q"
            name="q"
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            value={filters.q}
            placeholder={labels.searchHint}
            autoFocus={props.autoFocusSearch}
            onChange={(event) => change('q', event.target.value)}
          />
        </div>
        {props.days ? (
          <Select name="day" label={labels.day} any={labels.any} options={props.days} value={filters.day} onChange={change} />
        ) : null}
        {props.stages ? (
          <Select name="stage" label={labels.stage} any={labels.any} options={props.stages} value={filters.stage} onChange={change} />
        ) : null}
        {props.categories.length ? (
          <Select
            name="category"
            label={labels.category}
            any={labels.any}
            options={props.categories}
            value={filters.category}
            onChange={change}
          />
        ) : null}
      </div>
      <fieldset className="lineup-letters">
        <legend className="lineup-letters__legend">{labels.letter}</legend>
        <div className="lineup-letters__list">
          {[{ value: '', label: labels.allLetters }, ...props.letters].map((letter) => (
            <label key={letter.value || 'all'} className="lineup-letters__letter">
              <input
                type="radio"
                name="letter"
                value={letter.value}
                checked={filters.letter === letter.value}
                onChange={() => change('letter', letter.value)}
              />
              <span>{letter.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="lineup-filters__actions">
        <button type="submit" className="button button--primary">
          {labels.apply}
        </button>
        <a className="button button--ghost" href={props.action} onClick={clearInstead(setFilters)}>
          {labels.clear}
        </a>
      </div>
    </form>
  );
}

/** "Clear" is a link to the unfiltered page; hydrated, it clears in place. */
const clearInstead = (setFilters: (filters: Filters) => void) => (event: { preventDefault(): void }) => {
  event.preventDefault();
  setFilters({ day: '', stage: '', category: '', letter: '', q: '' });
};

function Select(props: {
  name: 'day' | 'stage' | 'category';
  label: string;
  any: string;
  options: Option[];
  value: string;
  onChange: (name: 'day' | 'stage' | 'category', value: string) => void;
}) {
  const id = `lineup-${props.name}`;
  return (
    <div className="field lineup-filters__field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        className="field__input field__select"
        id={id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(props.name, event.target.value)}
      >
        <option value="">{props.any}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Shows the entries that match, hides the rest and the groups left empty, and keeps the URL in step. */
export function applyToPage(props: LineupFiltersProps, filters: Filters) {
  let shown = 0;
  for (const entry of props.entries) {
    const element = document.getElementById(entry[0]);
    const match = matchesFilters(facetsOf(entry), filters);
    if (match) shown += 1;
    if (element) element.hidden = !match;
  }
  for (const group of document.querySelectorAll<HTMLElement>(`#${LINEUP_RESULTS_ID} [data-lineup-group]`)) {
    group.hidden = !group.querySelector('[data-lineup-entry]:not([hidden])');
  }
  const empty = document.getElementById(LINEUP_EMPTY_ID);
  if (empty) empty.hidden = shown > 0;
  const status = document.getElementById(LINEUP_STATUS_ID);
  if (status) status.textContent = props.labels.showing.replace(SHOWN_PLACEHOLDER, String(shown));
  history.replaceState(history.state, '', `${location.pathname}${filterQuery(filters)}${location.hash}`);
}
