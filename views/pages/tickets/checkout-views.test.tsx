import { readFileSync } from 'node:fs';
import { createI18n } from '#server/i18n.ts';
import { renderFragment, type SiteValues } from '#server/render/render-document.tsx';
import { createUrlBuilder } from '#server/urls.ts';
import { fromRoot } from '#platform/paths.ts';
import { decoded } from '#test/support/html.ts';
import type { FormState } from '../../site-context.tsx';
import { createFormatter, direction, type Locale } from '../../format.ts';
import { TicketsPage } from '../account/TicketsPage.tsx';
import { AssignPage } from './AssignPage.tsx';
import { CHECKOUT_FORM, CheckoutPage, type CheckoutPageData } from './CheckoutPage.tsx';
import type { CheckoutCart, OrderView } from './commerce-data.ts';
import { ConfirmationPage } from './ConfirmationPage.tsx';

const i18n = await createI18n();
const texts = (locale: Locale) => JSON.parse(readFileSync(fromRoot('locales', locale, 'checkout.json'), 'utf8'));
const validation = (locale: Locale) => JSON.parse(readFileSync(fromRoot('locales', locale, 'validation.json'), 'utf8'));

function render(
  locale: Locale,
  element: React.ReactElement,
  forms: Record<string, FormState> = {},
  path = '/events/nabd-festival-2026/tickets/checkout',
): string {
  const site: SiteValues = {
    locale,
    dir: direction(locale),
    t: i18n.getFixedT(locale),
    format: createFormatter(locale),
    urls: createUrlBuilder({ baseUrl: 'https://nabd.example', locale, currentPath: path }),
    path,
    csrfToken: 'token',
    viewer: null,
    forms,
    embeddedApp: false,
  };
  return decoded(renderFragment(site, element));
}

const money = (amount: string) => ({ amount, currency: 'SAR' });
const name = (en: string, ar: string) => ({ en, ar });

const cart: CheckoutCart = {
  id: 'cart_1',
  customerEmail: null,
  items: [
    {
      id: 'line_1',
      catalogueItemId: 'tkt_ga',
      state: 'AVAILABLE',
      name: name('General admission', 'دخول عام'),
      quantity: 2,
      total: money('1150.00'),
      subItems: [{ id: 'sub_1', name: name('Locker', 'خزانة'), quantity: 1, total: money('50.00') }],
    },
  ],
  ticketQuantity: 2,
  isShippingRequired: false,
  canCheckout: true,
  version: 3,
  subtotalPrice: money('1300.00'),
  totalPrice: money('1200.00'),
  totalPriceExcluding: money('1043.48'),
  vatAmount: money('156.52'),
  cartDiscountPrice: money('100.00'),
};

const event = { slug: 'nabd-festival-2026', title: 'Nabd Festival 2026' };
const details = { firstName: 'Lina', middleName: null, lastName: 'Haddad', phoneNumber: '+966501234567', birthDate: null, gender: null };
const billing = { address1: 'King Fahd Road 1', address2: null, city: 'Riyadh', state: null, postalCode: '12211', countryCode: 'SA' };

const checkoutData = (overrides: Partial<CheckoutPageData>): CheckoutPageData => ({
  event,
  cart,
  step: 'email',
  steps: ['email', 'details', 'billing', 'finalize'],
  answers: {},
  prefill: {},
  paymentMethods: [],
  tabby: null,
  ...overrides,
});

const invalid = (values: Record<string, string>, errors: Record<string, string>): Record<string, FormState> => ({
  [CHECKOUT_FORM]: { status: 'invalid', values, errors },
});

describe.each(['en', 'ar'] as const)('checkout views (%s)', (locale) => {
  const strings = texts(locale);
  const rules = validation(locale);

  test('the e-mail step asks twice and says when they differ, keeping what was typed', () => {
    const html = render(
      locale,
      <CheckoutPage data={checkoutData({})} />,
      invalid({ email: 'lina@example.com', confirmEmail: 'lena@example.com' }, { confirmEmail: 'validation:mustMatch' }),
    );
    expect(html).toContain(strings.email.confirmEmail);
    expect(html).toContain(rules.mustMatch);
    expect(html).toContain('value="lena@example.com"');
    expect(html).toContain('name="intent" value="checkout-email"');
    expect(html).toContain(strings.progress.replace('{{step}}', '1').replace('{{total}}', '4'));
  });

  test('answered steps show their answer and a link to change them; later steps only their names', () => {
    const html = render(locale, <CheckoutPage data={checkoutData({ step: 'billing', answers: { email: 'lina@example.com', details } })} />);
    expect(html).toContain('lina@example.com');
    expect(html).toContain('Lina Haddad');
    expect(html).toContain(`/tickets/checkout?step=details`);
    expect(html).not.toContain('?step=finalize');
    expect(html).toContain('name="address1"');
    expect(html).toContain(strings.steps.finalize);
  });

  test('a signed-in visitor finds their details prefilled', () => {
    const html = render(
      locale,
      <CheckoutPage data={checkoutData({ step: 'details', answers: { email: 'a@b.co' }, prefill: { details } })} />,
    );
    expect(html).toContain('value="Lina"');
    expect(html).toContain('value="+966501234567"');
  });

  test('the last step shows the totals with VAT, the allowed methods with the instalment answer, the terms and "Pay"', () => {
    const answers = { email: 'lina@example.com', details, billing };
    const eligible = render(
      locale,
      <CheckoutPage
        data={checkoutData({
          step: 'finalize',
          answers,
          paymentMethods: ['CREDIT_CARD', 'INSTALMENTS'],
          tabby: { isCustomerEligible: true, rejectionReason: null, instalmentAmount: money('300.00') },
        })}
      />,
    );
    const format = createFormatter(locale);
    for (const amount of ['1300.00', '100.00', '1043.48', '156.52', '1200.00']) expect(eligible).toContain(format.money(amount));
    expect(eligible).toContain(strings.payment.CREDIT_CARD);
    expect(eligible).not.toContain(strings.payment.MOBILE_WALLET);
    expect(eligible).toContain(strings.payment.instalmentsEligible.replace('{{amount}}', format.money('300.00')));
    expect(eligible).toContain('name="acceptTerms"');
    expect(eligible).toContain(strings.finalize.pay.replace('{{amount}}', format.money('1200.00')));
    for (const reason of ['NOT_AVAILABLE', 'ORDER_AMOUNT_TOO_HIGH', 'ORDER_AMOUNT_TOO_LOW'] as const) {
      const refused = render(
        locale,
        <CheckoutPage
          data={checkoutData({
            step: 'finalize',
            answers,
            paymentMethods: ['CREDIT_CARD', 'INSTALMENTS'],
            tabby: { isCustomerEligible: false, rejectionReason: reason, instalmentAmount: null },
          })}
        />,
      );
      expect(refused).toContain(strings.payment.rejection[reason]);
    }
  });

  test('the summary gives each extra a line of its own, with its quantity and amount, under its ticket', () => {
    const page = render(
      locale,
      <CheckoutPage data={checkoutData({ step: 'finalize', answers: { email: 'lina@example.com', details, billing } })} />,
    );
    const format = createFormatter(locale);
    const lines = [...page.matchAll(/<li class="order-summary__line( order-summary__line--extra)?">(.*?)<\/li>/g)].map((match) => ({
      extra: Boolean(match[1]),
      text: match[2]!.replace(/<[^>]+>/g, ''),
    }));
    const quantity = (count: number) => strings.summary.quantity.replace('{{count}}', String(count));
    expect(lines).toEqual([
      { extra: false, text: `${quantity(2)} ${locale === 'en' ? 'General admission' : 'دخول عام'}${format.money('1150.00')}` },
      { extra: true, text: `${quantity(1)} ${locale === 'en' ? 'Locker' : 'خزانة'}${format.money('50.00')}` },
    ]);
  });

  test('the terms left unticked say so on the last step', () => {
    const html = render(
      locale,
      <CheckoutPage
        data={checkoutData({ step: 'finalize', answers: { email: 'a@b.co', details, billing }, paymentMethods: ['CREDIT_CARD'] })}
      />,
      invalid({ paymentMethod: 'CREDIT_CARD' }, { acceptTerms: 'validation:acceptTerms' }),
    );
    expect(html).toContain(rules.acceptTerms);
    expect(html).toContain('aria-invalid="true"');
  });
});

const order = (overrides: Partial<OrderView>): OrderView => ({
  id: 'NB-7K3Q-9X2M',
  eventId: 'evt_nabd_2026',
  state: 'PAID',
  paymentMethod: 'CREDIT_CARD',
  customer: { firstName: 'Lina', lastName: 'Haddad', email: 'lina@example.com' },
  items: cart.items,
  pdfTickets: [
    {
      id: 'pdf_1',
      orderItemId: 'line_1',
      name: name('General admission', 'دخول عام'),
      holder: { firstName: 'Omar', lastName: 'Saleh', email: 'omar@example.com' },
    },
    { id: 'pdf_2', orderItemId: 'line_1', name: name('General admission', 'دخول عام'), holder: null },
  ],
  ticketsIssued: true,
  ticketsAssigned: false,
  completedAt: '2026-11-21T12:00:00Z',
  paymentLink: null,
  paymentFailure: null,
  loyaltyPoints: 0,
  loyaltyBurnState: null,
  loyaltyEarning: null,
  subtotalPrice: cart.subtotalPrice,
  totalPrice: cart.totalPrice,
  totalPriceExcluding: cart.totalPriceExcluding,
  vatAmount: cart.vatAmount,
  cartDiscountPrice: cart.cartDiscountPrice,
  ...overrides,
});

describe.each(['en', 'ar'] as const)('confirmation, assignment and account tickets (%s)', (locale) => {
  const strings = texts(locale);
  const confirm = (data: Partial<Parameters<typeof ConfirmationPage>[0]['data']>) =>
    render(locale, <ConfirmationPage data={{ event, order: order({}), secret: null, notice: null, phoneNumber: null, ...data }} />);

  test('a paid order shows its id, a download link per ticket (with the link secret), assignment and WhatsApp', () => {
    const html = confirm({ secret: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' });
    expect(html).toContain('NB-7K3Q-9X2M');
    expect(html).toContain('?order=NB-7K3Q-9X2M&secret=1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed&ticket=pdf_1');
    expect(html).toContain('&ticket=pdf_2');
    expect(html).toContain('/tickets/assign?order=NB-7K3Q-9X2M&secret=');
    expect(html).toContain(strings.confirmation.whatsappSubmit);
  });

  test('a pending order says the payment is processed and links back to the payment page', () => {
    const html = confirm({
      order: order({ state: 'PENDING_PAYMENT', pdfTickets: [], paymentLink: 'https://nabd.example/sandbox/card/pay_1' }),
    });
    expect(html).toContain(strings.confirmation.processingHeading);
    expect(html).toContain('href="https://nabd.example/sandbox/card/pay_1"');
    expect(html).not.toContain('&ticket=');
  });

  test('a paid order whose tickets are still being issued says so, with its summary and no links yet', () => {
    const html = confirm({ order: order({ pdfTickets: [], ticketsIssued: false }) });
    expect(html).toContain(strings.confirmation.issuingHeading);
    expect(html).toContain(strings.confirmation.issuing);
    expect(html).toContain(strings.confirmation.issuingText.replace('{{email}}', 'lina@example.com'));
    expect(html).not.toContain(strings.confirmation.paidHeading);
    expect(html).not.toContain('&ticket=');
    expect(html).not.toContain('/tickets/assign');
  });

  test.each(['PAYMENT_FAILED', 'EXPIRED', 'CANCELLED'] as const)('a %s order says what happened and offers to try again', (state) => {
    const html = confirm({ order: order({ state, pdfTickets: [] }) });
    expect(html).toContain(strings.confirmation[state]);
    expect(html).toContain(strings.confirmation.tryAgain);
    expect(html).toContain(strings.confirmation.retryNewOrder);
    expect(html).toContain('/tickets/checkout"');
    // Decision 0048: the buyer is still at checkout, not at a confirmation.
    expect(html).toMatch(
      /data-state="current"><span class="shop-steps__link" aria-current="step"><span class="shop-steps__number" aria-hidden="true">3</,
    );
  });

  test.each(['DECLINED', 'INSUFFICIENT_FUNDS', 'AUTHENTICATION_FAILED', null] as const)(
    'a declined payment gives the provider’s reason (%s)',
    (paymentFailure) => {
      const html = confirm({ order: order({ state: 'PAYMENT_FAILED', pdfTickets: [], paymentFailure }) });
      expect(html).toContain(strings.confirmation.declinedHeading);
      expect(html).toContain(strings.confirmation.paymentFailure[paymentFailure ?? 'UNKNOWN']);
    },
  );

  test('SPEC 8 notices: insufficient funds, ticket download failure', () => {
    expect(confirm({ notice: 'insufficientFunds', order: order({ state: 'PENDING_PAYMENT', pdfTickets: [] }) })).toContain(
      strings.confirmation.insufficientFunds,
    );
    expect(confirm({ notice: 'downloadFailed' })).toContain(strings.confirmation.downloadFailed);
  });

  test('assignment has a row per ticket prefilled with its holder', () => {
    const html = render(locale, <AssignPage data={{ event, order: order({}), secret: null }} />);
    expect(html).toContain('name="ticket.0.id" value="pdf_1"');
    expect(html).toContain('name="ticket.0.firstName" value="Omar"');
    expect(html).toContain('name="ticket.1.id" value="pdf_2"');
    expect(html).toContain('name="ticket.1.firstName" value=""');
    expect(render(locale, <AssignPage data={{ event, order: order({ state: 'PENDING_PAYMENT' }), secret: null }} />)).toContain(
      strings.assign.notPaid,
    );
  });

  test('account tickets show the event, the assignment state and the paging', () => {
    const html = render(
      locale,
      <TicketsPage
        data={{
          orders: [{ order: order({}), event: { ...event, startDatetime: '2026-12-10T16:00:00Z', endDatetime: '2026-12-13T23:00:00Z' } }],
          page: 2,
          pages: 3,
          totalCount: 25,
        }}
      />,
      {},
      '/account/tickets',
    );
    expect(html).toContain('Nabd Festival 2026');
    expect(html).toContain(strings.accountTickets.assigned.replace('{{count}}', '1').replace('{{total}}', '2'));
    expect(html).toContain('/events/nabd-festival-2026/tickets/assign?order=NB-7K3Q-9X2M');
    expect(html).toContain(strings.accountTickets.pagination);
    expect(html).toContain('/account/tickets?page=3');
    expect(html).not.toContain(strings.accountTickets.issuing);
  });

  test('account tickets say when a paid order’s tickets are still being issued', () => {
    const html = render(
      locale,
      <TicketsPage
        data={{
          orders: [
            {
              order: order({ pdfTickets: [], ticketsIssued: false }),
              event: { ...event, startDatetime: '2026-12-10T16:00:00Z', endDatetime: '2026-12-13T23:00:00Z' },
            },
          ],
          page: 1,
          pages: 1,
          totalCount: 1,
        }}
      />,
      {},
      '/account/tickets',
    );
    expect(html).toContain(strings.accountTickets.issuing);
    expect(html).not.toContain('&ticket=');
  });
});
