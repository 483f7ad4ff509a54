import { countryName } from '#platform/country-codes.ts';
import { FormToken } from '../../components/FormToken.tsx';
import { PostalAddressFields } from '../../components/PostalAddressFields.tsx';
import { FieldError, FormMessage, SelectField, TextField, useFieldError } from '../../components/FormField.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import type { CheckoutCart, PaymentMethod, TabbyResult } from './commerce-data.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { TicketShopFrame, type ShopFrameEvent } from './TicketShopFrame.tsx';

export type CheckoutStepName = 'email' | 'details' | 'billing' | 'shipping' | 'finalize';

/**
 * Every step posts the same form (`checkout`): its messages show on whichever step the page
 * shows, including problems the commerce service finds in an earlier step when the order is placed.
 */
export const CHECKOUT_FORM = 'checkout';

/** Each step's `intent`. */
export const checkoutIntent = (step: CheckoutStepName): string => `checkout-${step}`;

export interface AddressAnswer {
  address1: string;
  address2?: string | null;
  city: string;
  state?: string | null;
  postalCode?: string | null;
  countryCode: string;
}

export interface DetailsAnswer {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  gender?: 'male' | 'female' | null | undefined;
  phoneNumber?: string | null;
  birthDate?: string | null;
}

export interface CheckoutPageData {
  event: ShopFrameEvent;
  cart: CheckoutCart;
  step: CheckoutStepName;
  steps: CheckoutStepName[];
  /** What the visitor answered so far (the server session). */
  answers: {
    email?: string | undefined;
    details?: DetailsAnswer | undefined;
    billing?: AddressAnswer | undefined;
    shipping?: AddressAnswer | 'billing' | undefined;
    paymentMethod?: PaymentMethod | undefined;
  };
  /** A signed-in visitor's profile and default address, shown until they answer (SPEC 2.4). */
  prefill: { email?: string | undefined; details?: DetailsAnswer | undefined; address?: AddressAnswer | undefined };
  /** The methods every ticket in the cart allows (SPEC 3.4). */
  paymentMethods: PaymentMethod[];
  /** SPEC 8, 9.2: the instalment provider's answer for this cart, when instalments are offered. */
  tabby: TabbyResult | null;
}

/** SPEC 2.4: checkout, one step at a time, the answered ones above with a link to change them. */
export function CheckoutPage({ data }: { data: CheckoutPageData }) {
  const { t, urls } = useSite();
  const { event, cart, step, steps } = data;
  const index = steps.indexOf(step);
  return (
    <TicketShopFrame event={event} step="checkout" cart={{ ticketQuantity: cart.ticketQuantity, total: cart.totalPrice.amount }}>
      <div className="checkout">
        <div className="checkout__main stack">
          <header className="checkout__header">
            <h1 className="checkout__title">{t('checkout:title')}</h1>
            <p className="checkout__progress">{t('checkout:progress', { step: index + 1, total: steps.length })}</p>
          </header>
          <ol className="checkout-steps">
            {steps.map((name, position) => (
              <li key={name} className="checkout-step" data-state={position < index ? 'done' : position === index ? 'current' : 'next'}>
                {position === index ? (
                  <CurrentStep data={data} />
                ) : (
                  <div className="checkout-step__closed">
                    <h2 className="checkout-step__title">{t(`checkout:steps.${name}`)}</h2>
                    {position < index ? (
                      <>
                        <StepAnswer data={data} step={name} />
                        <a
                          className="checkout-step__change"
                          href={`${urls.route('ticketsCheckout', { eventSlug: event.slug })}?step=${name}`}
                        >
                          {t('checkout:change')}
                          <span className="visually-hidden"> {t(`checkout:steps.${name}`)}</span>
                        </a>
                      </>
                    ) : null}
                  </div>
                )}
              </li>
            ))}
          </ol>
          <p>
            <a href={urls.route('ticketsCart', { eventSlug: event.slug })}>{t('checkout:backToCart')}</a>
          </p>
        </div>
        <aside className="checkout__aside" aria-label={t('checkout:summary.heading')}>
          <OrderSummary
            lines={cart.items}
            totals={cart}
            points={cart.loyaltyDiscount ? { points: cart.loyaltyDiscount.pointsUsed, value: cart.loyaltyDiscount.discountValue } : null}
          />
        </aside>
      </div>
    </TicketShopFrame>
  );
}

/** A step already answered, in a line or two. */
function StepAnswer({ data, step }: { data: CheckoutPageData; step: CheckoutStepName }) {
  const { t } = useSite();
  const { answers } = data;
  if (step === 'email') return <p className="checkout-step__answer">{answers.email ? <bdi dir="ltr">{answers.email}</bdi> : null}</p>;
  if (step === 'details' && answers.details) {
    const { firstName, middleName, lastName, phoneNumber } = answers.details;
    return (
      <p className="checkout-step__answer">
        {[firstName, middleName, lastName].filter(Boolean).join(' ')}
        {phoneNumber ? (
          <>
            {' · '}
            <bdi dir="ltr">{phoneNumber}</bdi>
          </>
        ) : null}
      </p>
    );
  }
  if (step === 'billing' && answers.billing) return <AddressLines address={answers.billing} />;
  if (step === 'shipping' && answers.shipping) {
    return answers.shipping === 'billing' ? (
      <p className="checkout-step__answer">{t('checkout:shipping.sameAsBilling')}</p>
    ) : (
      <AddressLines address={answers.shipping} />
    );
  }
  return null;
}

function AddressLines({ address }: { address: AddressAnswer }) {
  const { locale, format } = useSite();
  const parts = [
    address.address1,
    address.address2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    countryName(address.countryCode, locale),
  ];
  return <p className="checkout-step__answer">{format.parts(parts)}</p>;
}

function StepForm({ step, children, submit }: { step: CheckoutStepName; children: React.ReactNode; submit?: string }) {
  const { t, urls, locale } = useSite();
  const form = CHECKOUT_FORM;
  return (
    <form className="checkout-step__form stack" method="post" action={urls.current(locale)} noValidate>
      <h2 className="checkout-step__title" id={`${form}-title`}>
        {t(`checkout:steps.${step}`)}
      </h2>
      <FormToken />
      <input type="hidden" name="intent" value={checkoutIntent(step)} />
      <FormMessage form={form} />
      {children}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary">
          {submit ?? t('checkout:continue')}
        </button>
      </div>
    </form>
  );
}

function CurrentStep({ data }: { data: CheckoutPageData }) {
  const { t } = useSite();
  const { step, answers, prefill } = data;
  const form = CHECKOUT_FORM;
  if (step === 'email') {
    const email = answers.email ?? prefill.email;
    return (
      <StepForm step="email">
        <p className="field__hint">{t('checkout:email.lead')}</p>
        <div className="account-form__grid">
          <TextField
            form={form}
            name="email"
            type="email"
            dir="ltr"
            label={t('checkout:email.email')}
            value={email}
            autoComplete="email"
            required
          />
          <TextField
            form={form}
            name="confirmEmail"
            type="email"
            dir="ltr"
            label={t('checkout:email.confirmEmail')}
            value={email}
            autoComplete="email"
            required
          />
        </div>
      </StepForm>
    );
  }
  if (step === 'details') {
    const details = answers.details ?? prefill.details;
    return (
      <StepForm step="details">
        <p className="field__hint">{t('checkout:details.lead')}</p>
        <div className="account-form__grid">
          <TextField
            form={form}
            name="firstName"
            label={t('checkout:details.firstName')}
            value={details?.firstName}
            autoComplete="given-name"
            required
          />
          <TextField
            form={form}
            name="middleName"
            label={t('checkout:details.middleName')}
            value={details?.middleName}
            autoComplete="additional-name"
          />
          <TextField
            form={form}
            name="lastName"
            label={t('checkout:details.lastName')}
            value={details?.lastName}
            autoComplete="family-name"
            required
          />
        </div>
        <div className="account-form__grid">
          <TextField
            form={form}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            dir="ltr"
            label={t('checkout:details.phoneNumber')}
            hint={t('checkout:details.phoneHint')}
            value={details?.phoneNumber}
            autoComplete="tel"
            required
          />
          <TextField
            form={form}
            name="birthDate"
            type="date"
            label={t('checkout:details.birthDate')}
            value={details?.birthDate}
            autoComplete="bday"
          />
          <SelectField
            form={form}
            name="gender"
            label={t('checkout:details.gender')}
            value={details?.gender ?? ''}
            options={[
              { value: '', label: t('checkout:details.genderUnset') },
              { value: 'female', label: t('checkout:details.genderFemale') },
              { value: 'male', label: t('checkout:details.genderMale') },
            ]}
          />
        </div>
      </StepForm>
    );
  }
  if (step === 'billing') {
    return (
      <StepForm step="billing">
        <p className="field__hint">{t('checkout:billing.lead')}</p>
        <PostalAddressFields form={form} address={answers.billing ?? prefill.address} labels="checkout:address" chooseCountry />
      </StepForm>
    );
  }
  if (step === 'shipping') {
    const shipping = answers.shipping;
    return (
      <StepForm step="shipping">
        <p className="field__hint">{t('checkout:shipping.lead')}</p>
        <SameAsBilling form={form} checked={shipping === 'billing'} />
        <PostalAddressFields
          form={form}
          address={shipping && shipping !== 'billing' ? shipping : undefined}
          labels="checkout:address"
          chooseCountry
        />
      </StepForm>
    );
  }
  return <FinalizeStep data={data} />;
}

function SameAsBilling({ form, checked }: { form: string; checked: boolean }) {
  const { t } = useSite();
  const state = useFormState(form);
  const ticked = state && state.status !== 'succeeded' ? state.values.sameAsBilling === 'on' : checked;
  return (
    <label className="check-option">
      <input type="checkbox" name="sameAsBilling" defaultChecked={ticked} />
      <span>{t('checkout:shipping.sameAsBilling')}</span>
    </label>
  );
}

/** SPEC 2.4, 5, 8: the payment method, the terms (required) and the WhatsApp consent, then "Pay". */
function FinalizeStep({ data }: { data: CheckoutPageData }) {
  const { t, urls, format } = useSite();
  const form = CHECKOUT_FORM;
  const state = useFormState(form);
  const returned = state && state.status !== 'succeeded' ? state.values : undefined;
  const chosen = returned?.paymentMethod ?? data.answers.paymentMethod ?? data.paymentMethods[0];
  const methodError = useFieldError(form, 'paymentMethod');
  const termsError = useFieldError(form, 'acceptTerms');
  const whatsappError = useFieldError(form, 'whatsappConsent');
  const total = format.money(data.cart.totalPrice.amount, data.cart.totalPrice.currency);
  const points = data.paymentMethods.length === 1 && data.paymentMethods[0] === 'LOYALTY_POINTS';
  return (
    <StepForm step="finalize" submit={points ? t('loyalty:checkout.placeWithPoints') : t('checkout:finalize.pay', { amount: total })}>
      {points ? (
        // Decision 0039: the points cover everything; there is no method to choose.
        <div className="checkout-methods checkout-methods--points">
          <input type="hidden" name="paymentMethod" value="LOYALTY_POINTS" />
          <p className="field__label">{t('loyalty:checkout.paidWithPoints')}</p>
          <p>{t('loyalty:checkout.paidWithPointsText')}</p>
        </div>
      ) : (
        <fieldset className="checkout-methods" aria-describedby={methodError ? `${form}-paymentMethod-error` : undefined}>
          <legend className="field__label">{t('checkout:payment.heading')}</legend>
          {data.paymentMethods.map((method) => (
            <label key={method} className="check-option checkout-methods__option">
              <input type="radio" name="paymentMethod" value={method} defaultChecked={method === chosen} />
              <span>
                {t(`checkout:payment.${method}`)}
                {method === 'INSTALMENTS' ? <InstalmentNote tabby={data.tabby} /> : null}
              </span>
            </label>
          ))}
          <FieldError form={form} name="paymentMethod" />
        </fieldset>
      )}
      <label className="check-option">
        <input
          type="checkbox"
          name="acceptTerms"
          defaultChecked={returned?.acceptTerms === 'on'}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? `${form}-acceptTerms-error` : undefined}
        />
        <span>
          {t('checkout:finalize.termsBefore')}
          <a href={urls.route('termsAndConditions')} target="_blank" rel="noopener">
            {t('checkout:finalize.termsLink')}
          </a>
          {t('checkout:finalize.termsAfter')}
        </span>
      </label>
      <FieldError form={form} name="acceptTerms" />
      <label className="check-option">
        <input
          type="checkbox"
          name="whatsappConsent"
          defaultChecked={returned?.whatsappConsent === 'on'}
          aria-invalid={whatsappError ? true : undefined}
          aria-describedby={whatsappError ? `${form}-whatsappConsent-error` : undefined}
        />
        <span>{t('checkout:finalize.whatsappConsent')}</span>
      </label>
      <FieldError form={form} name="whatsappConsent" />
    </StepForm>
  );
}

/** SPEC 8, 9.2: four payments of X, or why instalments are refused. */
function InstalmentNote({ tabby }: { tabby: TabbyResult | null }) {
  const { t, format } = useSite();
  const text = !tabby
    ? t('checkout:payment.instalmentsUnknown')
    : tabby.isCustomerEligible && tabby.instalmentAmount
      ? t('checkout:payment.instalmentsEligible', { amount: format.money(tabby.instalmentAmount.amount, tabby.instalmentAmount.currency) })
      : t(`checkout:payment.rejection.${tabby.rejectionReason ?? 'NOT_AVAILABLE'}`);
  return <span className="checkout-methods__note">{text}</span>;
}
