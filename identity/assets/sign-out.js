// Presses the sign-out button for visitors with JavaScript when the provider marked it: only for a
// request that proved it came from the site they signed in to (decision 0040). Without JavaScript,
// or without that proof, the same button is there to press (identity/views/sign-out-page.tsx).
document.querySelector('[data-auto-submit]')?.click();
