import { CartLines } from '#views/islands/CartLines.tsx';
import { hydrateIslands } from '../hydrate-islands.tsx';

hydrateIslands('cart', CartLines);

// htmx replaces the whole cart (coupon, remove): the island that comes with it is hydrated anew.
document.addEventListener('htmx:afterSettle', () => hydrateIslands('cart', CartLines));
