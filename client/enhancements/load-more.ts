/**
 * "Load more" on the XP feed (views/pages/feed/FeedPage.tsx). htmx fetches the next page's cards
 * into the list; this script does what htmx does not:
 * - reports the control as `load_more` (without htmx it is a plain link to the next page);
 * - moves keyboard focus to the first new card, since the control that had it is replaced;
 * - SPEC 8 "load more articles failed, with retry": on a network error or a failed answer, says
 *   so in the visitor's language (the server wrote the message into `data-message`) and turns the
 *   control into "try again", which asks once more. htmx's inline `hx-on` handlers would need
 *   `unsafe-eval` in the content security policy; plain event listeners do not.
 */

const CONTROL = '[data-load-more]';

interface AwaitedCards {
  list: HTMLElement;
  count: number;
}
let awaitingCards: AwaitedCards | null = null;

/** The load-more control that made the request an htmx event is about, if any. */
const controlOf = (event: Event): HTMLElement | null => {
  const detail = (event as CustomEvent<{ elt?: Element; requestConfig?: { elt?: Element } }>).detail;
  const element = detail?.requestConfig?.elt ?? detail?.elt ?? (event.target as Element | null);
  return element instanceof HTMLElement && element.matches(CONTROL) ? element : null;
};

const failureOf = (control: HTMLElement) => control.closest('.feed-more')?.querySelector<HTMLElement>('.feed-more__failure') ?? null;

function markAsLoadMore(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>(CONTROL).forEach((control) => control.setAttribute('data-track-pagination_type', 'load_more'));
}

markAsLoadMore(document);
document.addEventListener('htmx:load', (event) => {
  const element = event.target;
  if (element instanceof Element) markAsLoadMore(element.parentNode ?? element);
});

document.addEventListener('htmx:beforeRequest', (event) => {
  const control = controlOf(event);
  if (!control) return;
  const list = document.querySelector<HTMLElement>(control.getAttribute('hx-target') ?? '');
  awaitingCards = list ? { list, count: list.children.length } : null;
  const failure = failureOf(control);
  if (failure) failure.textContent = '';
  control.setAttribute('aria-busy', 'true');
});

document.addEventListener('htmx:afterSettle', () => {
  if (!awaitingCards || awaitingCards.list.children.length <= awaitingCards.count) return;
  const first = awaitingCards.list.children[awaitingCards.count]?.querySelector<HTMLElement>('a[href]');
  awaitingCards = null;
  first?.focus();
});

// The site tells htmx to swap 503 answers in, since its forms answer 503 with their message (0003);
// the next cards are not a form, and a failed answer must never land among them.
document.addEventListener('htmx:beforeSwap', (event) => {
  const detail = (event as CustomEvent<{ xhr: XMLHttpRequest; shouldSwap: boolean; isError: boolean }>).detail;
  if (controlOf(event) && detail.xhr.status >= 400) {
    detail.shouldSwap = false;
    detail.isError = true;
  }
});

function failed(event: Event): void {
  const control = controlOf(event);
  if (!control) return;
  awaitingCards = null;
  control.removeAttribute('aria-busy');
  const failure = failureOf(control);
  if (failure) failure.textContent = failure.dataset.message ?? '';
  if (control.dataset.retryLabel) control.textContent = control.dataset.retryLabel;
}

document.addEventListener('htmx:responseError', failed);
document.addEventListener('htmx:sendError', failed);
