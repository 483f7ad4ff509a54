import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ClientEntry } from '#views/site-context.tsx';

/** Hydrates every island of one kind on the page with the props the server rendered it with. */
export function hydrateIslands<Props extends object>(name: ClientEntry, Component: ComponentType<Props>) {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(element.dataset.props ?? '{}') as Props;
    hydrateRoot(element, <Component {...props} />);
  }
}
