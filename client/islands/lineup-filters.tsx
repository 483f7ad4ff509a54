/**
 * The line-up filters island, hydrated when the visitor first reaches for it (decision 0054): its
 * form works as a plain GET form until then, and React (some 60 KB) is fetched only by visitors
 * who filter. Pointing, touching or focusing the form starts the download, ahead of the change.
 */
const ISLAND = '[data-island="lineup-filters"]';
const FIRST_REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

function hydrateOnFirstReach(): void {
  const islands = document.querySelectorAll<HTMLElement>(`${ISLAND}:not([data-hydrated])`);
  if (islands.length === 0) return;
  const start = () => {
    for (const type of FIRST_REACH) document.removeEventListener(type, reach, true);
    void import('../deferred/lineup-filters.tsx').then(({ hydrateLineupFilters }) => hydrateLineupFilters(ISLAND));
  };
  const reach = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(ISLAND)) start();
  };
  for (const type of FIRST_REACH) document.addEventListener(type, reach, { capture: true, passive: true });
  // Arriving with the focus already in the form (the search page's box): at once.
  if (document.activeElement?.closest(ISLAND)) start();
}

hydrateOnFirstReach();
