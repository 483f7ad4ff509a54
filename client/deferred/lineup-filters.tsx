import { hydrateRoot } from 'react-dom/client';
import { propsOfIsland } from '#views/components/island-props.ts';
import { applyToPage, LineupFilters, type LineupFiltersProps } from '#views/islands/LineupFilters.tsx';
import type { LineupFilters as Filters } from '#views/pages/lineup/lineup-filters.ts';

/**
 * Hydrates the line-up filters (loaded by client/islands/lineup-filters.tsx on first reach). A
 * choice made while React was on its way is taken as the island's starting state and applied, so
 * nothing the visitor did before hydration is lost.
 */
export function hydrateLineupFilters(selector: string): void {
  for (const element of document.querySelectorAll<HTMLElement>(`${selector}:not([data-hydrated])`)) {
    element.dataset.hydrated = '';
    const props = propsOfIsland<LineupFiltersProps>(element);
    if (!props) continue;
    const form = element.querySelector('form');
    const chosen = form ? choicesIn(form, props.filters) : props.filters;
    hydrateRoot(element, <LineupFilters {...props} filters={chosen} />);
    if (Object.entries(chosen).some(([name, value]) => props.filters[name as keyof Filters] !== value)) applyToPage(props, chosen);
  }
}

/** The form's values as they stand, for the filters it has; the others as the server rendered them. */
function choicesIn(form: HTMLFormElement, rendered: Filters): Filters {
  const data = new FormData(form);
  const value = (name: keyof Filters) => (form.elements.namedItem(name) ? String(data.get(name) ?? '') : rendered[name]);
  return { day: value('day'), stage: value('stage'), category: value('category'), letter: value('letter'), q: value('q') };
}
