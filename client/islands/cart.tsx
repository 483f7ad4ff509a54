import { CART_FRAGMENT_ID, CartLines, showCartInHeader } from '#views/islands/CartLines.tsx';
import { hydrateIslands } from '../hydrate-islands.tsx';

hydrateIslands('cart', CartLines);

// htmx replaces the whole cart (coupon, remove): the island that comes with it is hydrated anew,
// and the shop's header takes the new cart's size and total (an emptied cart has no island).
document.addEventListener('htmx:afterSettle', () => {
  hydrateIslands('cart', CartLines);
  showCartInHeader(document.getElementById(CART_FRAGMENT_ID)?.dataset.headerSummary);
});
