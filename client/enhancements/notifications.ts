/**
 * SPEC 9.3 notifications: a form's success message (views/components/SuccessMessage.tsx), inline
 * without JavaScript, becomes a notification in a corner: at most 3 at once, each gone after
 * 5 seconds unless the pointer or the keyboard is on it, and dismissable. One polite live region
 * announces them. Messages brought in later join the same stack: the cart's htmx announces them
 * with `htmx:load`, the site's own partial requests (client/partial-request.ts) with `content:added`.
 */
const MAX_SHOWN = 3;
const SHOWN_MS = 5000;

const stack = document.createElement('div');
stack.className = 'notifications';
stack.setAttribute('role', 'status');
stack.setAttribute('aria-live', 'polite');
document.body.append(stack);

function show(message: HTMLElement) {
  const notification = document.createElement('div');
  notification.className = 'notification';
  const text = document.createElement('p');
  text.className = 'notification__text';
  text.textContent = message.textContent;
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'notification__dismiss';
  dismiss.setAttribute('aria-label', message.dataset.dismissLabel ?? '');
  dismiss.textContent = '×';
  notification.append(text, dismiss);
  // The notification says it now: the inline copy would be read twice, and a notice band left
  // with nothing else in it would be an empty stripe.
  const band = message.parentElement;
  message.remove();
  if (band?.classList.contains('site-notice') && band.childElementCount === 0) band.remove();

  let left = SHOWN_MS;
  let startedAt = Date.now();
  let timer = setTimeout(hide, left);
  let paused = false;
  function hide() {
    clearTimeout(timer);
    notification.remove();
  }
  const pause = () => {
    if (paused) return;
    paused = true;
    clearTimeout(timer);
    left -= Date.now() - startedAt;
  };
  const resume = (stillHere: boolean) => {
    if (!paused || stillHere) return;
    paused = false;
    startedAt = Date.now();
    timer = setTimeout(hide, left);
  };
  notification.addEventListener('mouseenter', pause);
  notification.addEventListener('focusin', pause);
  notification.addEventListener('mouseleave', () => resume(notification.contains(document.activeElement)));
  notification.addEventListener('focusout', (event) =>
    resume(notification.matches(':hover') || notification.contains(event.relatedTarget as Node)),
  );
  dismiss.addEventListener('click', hide);

  stack.append(notification);
  // SPEC 9.3: the oldest gives way.
  while (stack.children.length > MAX_SHOWN) stack.firstElementChild!.remove();
}

const showWithin = (root: Element) => {
  const found = [...root.querySelectorAll<HTMLElement>('[data-notification]')];
  if (root instanceof HTMLElement && root.dataset.notification !== undefined) found.unshift(root);
  found.forEach(show);
};

// A moment after the region exists, so screen readers already watch it when the first one arrives.
setTimeout(() => showWithin(document.body), 100);
for (const added of ['htmx:load', 'content:added']) document.addEventListener(added, (event) => showWithin(event.target as Element));
