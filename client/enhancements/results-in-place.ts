import { isPlainClick, loadPart } from '../partial-request.ts';

/**
 * Results that change in place: the search page (its form, category chips and page links) and the
 * event calendar (its filters). Without JavaScript they are a GET form and plain links; with this
 * script they fetch only the results (client/partial-request.ts) and keep the address in step:
 * - a GET form marked `data-results="<id>"` sends what the browser would submit to its action and
 *   puts the answer in the element with that id; with `data-results-on-change` a changed field
 *   sends it too. Focus stays where it was;
 * - links inside `data-results-links="<id>"` (chips, pages) do the same with their address, and
 *   bring the results' top into view when it has scrolled away above;
 * - while an answer is awaited the results, and a submitted form, are `aria-busy`; a newer request
 *   supersedes an older one, whose answer is then ignored;
 * - when anything fails the browser goes to the address the plain way, so the visitor still gets
 *   the page.
 */

let pending: AbortController | undefined;
let busy: Element[] = [];
/** The address the content on screen belongs to. */
let shown = location.pathname + location.search;

function markBusy(elements: Element[]): void {
  busy.forEach((element) => element.removeAttribute('aria-busy'));
  (busy = elements).forEach((element) => element.setAttribute('aria-busy', 'true'));
}

async function showResults(url: URL, target: HTMLElement, alsoBusy: Element[], scroll = false): Promise<void> {
  pending?.abort();
  const request = (pending = new AbortController());
  markBusy([target, ...alsoBusy]);
  const focusedLink = target.contains(document.activeElement) ? document.activeElement?.getAttribute('href') : null;
  try {
    await loadPart(url.href, target, (part) => target.replaceChildren(part), request.signal);
    if (url.href !== location.href) history.pushState(null, '', url);
    shown = url.pathname + url.search;
    // A link that had the focus (a chip) has it again among the new results.
    if (focusedLink) target.querySelector<HTMLElement>(`a[href="${CSS.escape(focusedLink)}"]`)?.focus({ preventScroll: true });
    if (scroll) {
      const headerRoom = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      if (target.getBoundingClientRect().top < headerRoom) target.scrollIntoView();
    }
  } catch {
    if (!request.signal.aborted) location.assign(url);
  } finally {
    if (pending === request) markBusy([]);
  }
}

function submitted(form: HTMLFormElement, submitter: HTMLElement | null, alsoBusy: Element[]): void {
  const target = document.getElementById(form.dataset.results!);
  if (!target) return form.submit();
  const url = new URL(form.action);
  url.search = new URLSearchParams(new FormData(form, submitter) as unknown as Record<string, string>).toString();
  void showResults(url, target, alsoBusy);
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('form[data-results]') || event.defaultPrevented) return;
  event.preventDefault();
  submitted(form, event.submitter, [form]);
});

document.addEventListener('change', (event) => {
  const form = (event.target as HTMLInputElement).form;
  if (form?.matches('form[data-results][data-results-on-change]')) submitted(form, null, []);
});

document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[href]');
  const target = document.getElementById(link?.closest<HTMLElement>('[data-results-links]')?.dataset.resultsLinks ?? '');
  if (!link || !target || !isPlainClick(event, link)) return;
  event.preventDefault();
  void showResults(new URL(link.href), target, [], true);
});

// Back and forward between the entries pushed above stay in this document, and the browser brings
// back only the address: the page is loaded again for it, so the address and what it shows always
// agree (a move to an anchor of the same page changes neither path nor query and is left alone).
addEventListener('popstate', () => {
  if (location.pathname + location.search !== shown) location.reload();
});
