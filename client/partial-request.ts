/**
 * Asks the server for one part of a page and puts it in place: what the search results, the event
 * calendar and the XP feed's "load more" share (client/enhancements/results-in-place.ts,
 * load-more.ts). It speaks the server's partial-request protocol (decision 0009): a GET with
 * `HX-Request: true` and `HX-Target: <id>` is answered with the fragment that fills that element
 * (`requestedFragment` in server/site-renderer.tsx). Top-level elements of the answer marked
 * `data-swap-oob` go elsewhere, to the element of the page with their id: `inner` takes their
 * content, `outer` replaces it whole. Every element that received content is announced with a
 * bubbling `content:added` event, so other scripts (notifications) can look at what arrived.
 */

/** The attribute that sends an element of an answer out of band, and how. */
const OUT_OF_BAND = 'data-swap-oob';

const announce = (element: Element) => element.dispatchEvent(new CustomEvent('content:added', { bubbles: true }));

/**
 * Fetches the part of `url` that fills `target`, lets `place` put it in the page, then applies its
 * out-of-band parts. Throws on a network error, a redirect (its page may have no such part), a
 * non-2xx answer or an abort, and then changes nothing.
 */
export async function loadPart(
  url: string,
  target: HTMLElement,
  place: (part: DocumentFragment) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch(url, { headers: { 'HX-Request': 'true', 'HX-Target': target.id }, credentials: 'same-origin', signal });
  if (!response.ok || response.redirected) throw new Error(`Answered ${response.status}`);
  // A template keeps the answer's comments, which React needs to hydrate what arrives (React
  // separates adjacent texts with them); its content is inert until placed.
  const template = document.createElement('template');
  template.innerHTML = await response.text();
  if (signal?.aborted) throw new Error('Superseded');
  const part = template.content;
  const outOfBand = [...part.children].filter((element) => element.hasAttribute(OUT_OF_BAND));
  outOfBand.forEach((element) => element.remove());
  place(part);
  announce(target);
  for (const element of outOfBand) {
    const existing = element.id && document.getElementById(element.id);
    if (!existing) continue;
    const outer = element.getAttribute(OUT_OF_BAND) === 'outer';
    element.removeAttribute(OUT_OF_BAND);
    if (outer) existing.replaceWith(element);
    else existing.replaceChildren(...element.childNodes);
    announce(outer ? element : existing);
  }
}

/**
 * Whether a click on a link of ours may be taken over: a plain click of the main button, on a link
 * to this site for this tab. A modifier (new tab or window, download) or a middle click is the
 * browser's, and so is a click another script has already handled.
 */
export const isPlainClick = (event: MouseEvent, link: HTMLAnchorElement): boolean =>
  !(event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) &&
  !link.target &&
  !link.hasAttribute('download') &&
  link.origin === location.origin;
