import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { propsOfIsland } from '#views/components/island-props.ts';
import type { ClientEntry } from '#views/site-context.tsx';

/** Hydrates every island of one kind on the page, not yet hydrated, with the props the server rendered it with. */
export function hydrateIslands<Props extends object>(name: ClientEntry, Component: ComponentType<Props>) {
  // Islands that arrive later (an htmx swap) are hydrated by a second call; the others only once.
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]:not([data-hydrated])`)) {
    element.dataset.hydrated = '';
    const props = propsOfIsland<Props>(element) ?? ({} as Props);
    hydrateRoot(element, <Component {...props} />);
  }
}
