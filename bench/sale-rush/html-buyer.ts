import { readFileSync } from 'node:fs';
import { Browser, fieldValue, type Page } from '../../test/support/browser.ts';
import { decoded } from '../../test/support/html.ts';

/*
 * One buyer through the shop's pages as a browser without JavaScript goes: every page fetched,
 * every form posted with the fields (and the CSRF token, when the page carries one) read from the
 * page, redirects followed, the sandbox's hosted card page paid with the success card, the
 * confirmation read (refreshed as its <meta refresh> asks while the tickets are issued) and one
 * ticket's PDF downloaded. Plain HTTP (fetch), no browser: what `npm run bench:sale-rush -- --flow
 * html` runs by the thousand and test/sale-rush-html.test.ts by the dozen.
 */

/** The requests a buyer makes, in order: the rows of the benchmark's table. */
export const PAGE_STEPS = [
  'tickets page',
  'add to cart',
  'cart',
  'guest checkout',
  'e-mail step',
  'details step',
  'billing step',
  'payment step',
  'sandbox card page',
  'card payment',
  'confirmation',
  'ticket PDF',
] as const;

export type PageStep = (typeof PAGE_STEPS)[number];

export type PageBuyerOutcome =
  | { kind: 'PAID'; tickets: number; orderId: string; timings: [PageStep, number][]; confirmationRefreshes: number }
  | { kind: 'REFUSED'; tickets: number; at: PageStep; reason: string; timings: [PageStep, number][] }
  | { kind: 'FAILED'; at: PageStep; reason: string; timings: [PageStep, number][] };

export interface PageBuyerOptions {
  /** The site's public origin (BASE_URL): where its pages, the sandbox and the PDF links point. */
  origin: string;
  /** How requests are sent: global fetch over the network, or a test site's in-process fetch. */
  fetch?: typeof globalThis.fetch;
  /** `nabd-festival-2026`: the event whose tickets page the buyer opens. */
  eventSlug: string;
  /** The ticket the buyer adds (its card on the tickets page). */
  ticketId: string;
  tickets: number;
  /** Makes the buyer's e-mail address their own. */
  index: number;
  /** Per request; a buyer who waits longer has not had a clear answer. */
  timeoutMs?: number;
  /** How long the buyer keeps reading a confirmation that says the tickets are on their way. */
  confirmationPatienceMs?: number;
}

/** The shop's words for "no more tickets": a page that says them is a clear refusal, not a failure. */
const shopTexts = JSON.parse(readFileSync(new URL('../../locales/en/shop.json', import.meta.url), 'utf8'));
const shopErrors = shopTexts.errors as Record<string, string>;
const shopTickets = shopTexts.tickets as Record<string, string>;
const REFUSALS: [string, string][] = [
  [shopErrors.outOfStock!, 'out of stock'],
  [shopErrors.insufficientStock!, 'not enough left'],
];

export class StepFailed extends Error {
  override name = 'StepFailed';
}

/** One buyer from the tickets page to a downloaded PDF, with how long each request took. */
export async function buyThroughPages(options: PageBuyerOptions): Promise<PageBuyerOutcome> {
  const { origin, eventSlug, ticketId, tickets } = options;
  const send = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // What a browser sends with every navigation from the site's own pages (Fetch Metadata).
  const browser = new Browser((input, init) =>
    send(input, {
      ...init,
      headers: withHeaders(init?.headers, { 'sec-fetch-site': 'same-origin', 'accept-language': 'en' }),
      signal: AbortSignal.timeout(timeoutMs),
    }),
  );
  const timings: [PageStep, number][] = [];
  let step: PageStep = 'tickets page';
  const timed = async (name: PageStep, request: () => Promise<Page>, expected: number[]): Promise<Page> => {
    step = name;
    const started = performance.now();
    const page = await request();
    timings.push([name, performance.now() - started]);
    if (!expected.includes(page.status)) {
      const said = alertOf(page.html);
      throw new StepFailed(`HTTP ${page.status}${page.location ? ` to ${page.location}` : ''}${said ? `: "${said}"` : ''}`);
    }
    return page;
  };
  const at = (path: string) => new URL(path, origin).href;
  const shop = `/events/${eventSlug}/tickets`;

  try {
    const ticketsPage = await timed('tickets page', () => browser.get(at(shop)), [200]);
    if (!ticketsPage.html.includes(`name="ticketId" value="${ticketId}"`)) {
      // Sold out before the buyer came: its card says it is not on sale and has no form.
      if (ticketsPage.html.includes(`id="ticket-${ticketId}"`) && decoded(ticketsPage.html).includes(shopTickets.notOnSale!)) {
        return { kind: 'REFUSED', tickets, at: 'tickets page', reason: 'not on sale (sold out)', timings };
      }
      throw new StepFailed(`${ticketId} is not on the tickets page`);
    }

    const added = await timed(
      'add to cart',
      () =>
        browser.post(at(shop), { _csrf: fieldValue(ticketsPage.html, '_csrf') ?? '', intent: 'add', ticketId, quantity: String(tickets) }),
      [303, 422],
    );
    if (added.status === 422) return refused(added, 'add to cart', tickets, timings);
    const cart = await timed('cart', () => browser.get(at(added.location!)), [200]);
    if (!cart.html.includes(`${shop}/login`)) throw new StepFailed('the cart offers no checkout');

    const chosen = await timed(
      'guest checkout',
      async () => {
        const login = await browser.get(at(`${shop}/login`));
        if (login.status !== 200) return login;
        return browser.post(at(`${shop}/login`), { _csrf: fieldValue(login.html, '_csrf') ?? '', intent: 'guest' });
      },
      [303],
    );
    const checkout = at(chosen.location!);
    const answer = async (name: PageStep, intent: string, fields: Record<string, string>): Promise<Page> => {
      // Each step: the page with its form, then the form posted back, which redirects to the next.
      const form = await timed(name, () => browser.get(checkout), [200]);
      if (!form.html.includes(`name="intent" value="${intent}"`)) throw new StepFailed(`the checkout did not ask for ${intent}`);
      return timed(name, () => browser.post(checkout, { _csrf: fieldValue(form.html, '_csrf') ?? '', intent, ...fields }), [303, 422]);
    };
    const email = `buyer-${options.index}@example.com`;
    await answer('e-mail step', 'checkout-email', { email, confirmEmail: email });
    await answer('details step', 'checkout-details', {
      firstName: 'Lina',
      lastName: `Buyer ${options.index}`,
      phoneNumber: '+966501234567',
    });
    await answer('billing step', 'checkout-billing', { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' });
    const placed = await answer('payment step', 'checkout-finalize', { paymentMethod: 'CREDIT_CARD', acceptTerms: 'on' });
    if (placed.status === 422) return refused(placed, 'payment step', tickets, timings);
    // Sold out since the cart was made: checkout sends the buyer back to the cart, which says why.
    if (new URL(at(placed.location!)).pathname.endsWith(`${shop}/cart`)) {
      return refused(await timed('cart', () => browser.get(at(placed.location!)), [200]), 'payment step', tickets, timings);
    }

    const paymentPage = at(placed.location!);
    if (!new URL(paymentPage).pathname.startsWith('/sandbox/payments/')) throw new StepFailed(`sent to ${paymentPage}, not the card page`);
    const cardForm = await timed('sandbox card page', () => browser.get(paymentPage), [200]);
    if (!cardForm.html.includes('name="cardNumber"')) throw new StepFailed('the card page has no card form');
    const back = await timed(
      'card payment',
      () => browser.post(paymentPage, { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
      [303],
    );

    const confirmation = at(back.location!);
    const orderId = new URL(confirmation).searchParams.get('orderId') ?? '';
    const patience = performance.now() + (options.confirmationPatienceMs ?? 60_000);
    let refreshes = 0;
    let page = await timed('confirmation', () => browser.get(confirmation), [200]);
    // Paid but not yet issued: the page says so and refreshes itself, as a browser without JavaScript does.
    while (!page.html.includes('&amp;ticket=')) {
      const seconds = Number(/<meta http-equiv="refresh" content="(\d+)/.exec(page.html)?.[1]);
      if (!Number.isFinite(seconds) || performance.now() > patience) throw new StepFailed('the confirmation shows no ticket to download');
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      refreshes += 1;
      page = await timed('confirmation', () => browser.get(confirmation), [200]);
    }
    const download = /href="([^"]*&amp;ticket=[^"]+)"/.exec(page.html)![1]!.replaceAll('&amp;', '&');
    const pdf = await timed(
      'ticket PDF',
      async () => {
        const signed = await browser.get(at(download));
        return signed.status === 303 ? browser.get(at(signed.location!)) : signed;
      },
      [200],
    );
    if (!pdf.headers.get('content-type')?.includes('application/pdf'))
      throw new StepFailed(`the ticket is ${pdf.headers.get('content-type')}`);
    return { kind: 'PAID', tickets, orderId, timings, confirmationRefreshes: refreshes };
  } catch (error) {
    const reason = error instanceof StepFailed ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
    return { kind: 'FAILED', at: step, reason, timings };
  }
}

/** A 422 is a refusal when the page says why in words the shop uses for stock; otherwise a failure. */
function refused(page: Page, at: PageStep, tickets: number, timings: [PageStep, number][]): PageBuyerOutcome {
  const text = decoded(page.html);
  const reason = REFUSALS.find(([words]) => text.includes(words))?.[1];
  if (!reason) throw new StepFailed(`HTTP ${page.status} without a stock refusal: "${alertOf(page.html) ?? 'no message'}"`);
  return { kind: 'REFUSED', tickets, at, reason, timings };
}

/** The first message the page shows the visitor (an alert or a notice), as text. */
function alertOf(html: string): string | undefined {
  const message = /<[a-z]+[^>]*role="(?:alert|status)"[^>]*>([\s\S]*?)<\/(?:p|div|span)>/.exec(html)?.[1];
  return message === undefined
    ? undefined
    : decoded(message.replace(/<[^>]+>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 160);
}

function withHeaders(headers: HeadersInit | undefined, extra: Record<string, string>): Headers {
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(extra)) merged.set(name, value);
  return merged;
}
