// Presses the sign-out button for visitors with JavaScript, so signing out takes no extra click.
// Without JavaScript the same button is simply there to press (identity/views/sign-out-page.tsx).
document.querySelector('[data-auto-submit]')?.click();
