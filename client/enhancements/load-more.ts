import { isPlainClick, loadPart } from '../partial-request.ts';

/**
 * "Load more" on the XP feed (views/pages/feed/FeedPage.tsx). Without JavaScript the control is a
 * link to the next page; with this script a click (or Enter, it is a link) fetches that page's
 * cards alone (client/partial-request.ts) and:
 * - appends them to the list the control names (`data-target`), and takes the paging controls of
 *   the answer, which replace these (out of band);
 * - puts the next page's address in the address bar, replacing this entry, so a reload or a
 *   shared link lands where the visitor is;
 * - moves keyboard focus to the first new card, since the control that had it is replaced;
 * - reports the control as `load_more` (without JavaScript it is a plain link to the next page);
 * - SPEC 8 "load more articles failed, with retry": on a network error or a failed answer, says
 *   so in the visitor's language (the server wrote the message into `data-message`) and turns the
 *   control into "try again", which asks once more. Nothing of a failed answer reaches the list.
 */

const CONTROL = '[data-load-more]';

function markAsLoadMore(): void {
  document.querySelectorAll(CONTROL).forEach((control) => control.setAttribute('data-track-pagination_type', 'load_more'));
}

async function loadMore(control: HTMLAnchorElement, list: HTMLElement): Promise<void> {
  const failure = control.closest('.feed-more')?.querySelector<HTMLElement>('.feed-more__failure');
  if (failure) failure.textContent = '';
  control.setAttribute('aria-busy', 'true');
  const count = list.children.length;
  try {
    await loadPart(control.href, list, (part) => list.append(part));
    history.replaceState(history.state, '', control.href);
    markAsLoadMore();
    list.children[count]?.querySelector<HTMLElement>('a[href]')?.focus();
  } catch {
    if (failure) failure.textContent = failure.dataset.message ?? '';
    if (control.dataset.retryLabel) control.textContent = control.dataset.retryLabel;
  } finally {
    control.removeAttribute('aria-busy');
  }
}

markAsLoadMore();
document.addEventListener('click', (event) => {
  const control = (event.target as Element).closest?.<HTMLAnchorElement>(CONTROL);
  const list = document.getElementById(control?.dataset.target ?? '');
  if (!control || !list || !isPlainClick(event, control)) return;
  event.preventDefault();
  // One request at a time: a second click while the cards are on their way would add them twice.
  if (!control.hasAttribute('aria-busy')) void loadMore(control, list);
});
