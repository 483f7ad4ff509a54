/**
 * Small forms that answer in place: the footer's newsletter sign-up and the "my schedule" toggles
 * (`<form data-form-swap>`). Each is a plain POST form that works without JavaScript; with this
 * script its submission is sent in the background and the form is replaced by the one the server
 * answers with (its new state, or its messages). It speaks the server's partial-request protocol
 * (`HX-Request`, `HX-Redirect`, server/page-router.ts), so pages that need nothing else of htmx
 * need not load its 19 KB.
 */

const FORM = 'form[data-form-swap]';

/** The answers that carry the form with its messages: a refusal (422), a limit (429), a failure (503). */
const carriesTheForm = (status: number) => (status >= 200 && status < 300) || status === 422 || status === 429 || status === 503;

async function submitInPlace(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const buttons = [...form.querySelectorAll('button')];
  const focusedId = form.contains(document.activeElement) ? document.activeElement?.id : undefined;
  buttons.forEach((button) => (button.disabled = true));
  form.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form, submitter) as unknown as Record<string, string>),
      headers: { 'HX-Request': 'true' },
      credentials: 'same-origin',
    });
    const redirect = response.headers.get('HX-Redirect');
    if (redirect) return window.location.assign(redirect);
    if (response.status === 204) return;
    if (!carriesTheForm(response.status)) throw new Error(`Answered ${response.status}`);
    const template = document.createElement('template');
    template.innerHTML = await response.text();
    const replacement = template.content.querySelector<HTMLFormElement>(FORM);
    if (!replacement) throw new Error('The answer holds no form');
    form.replaceWith(replacement);
    // The control the visitor used keeps the focus when the new form has it (the toggle's button).
    if (focusedId) document.getElementById(focusedId)?.focus();
  } catch {
    // Whatever went wrong, the page's own answer is still there: the form posts as it would without us.
    buttons.forEach((button) => (button.disabled = false));
    form.submit();
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches(FORM) || event.defaultPrevented) return;
  event.preventDefault();
  void submitInPlace(form, event.submitter);
});
