import { checkOrderDetails, type OrderRulesContext } from './order-rules.ts';

const context: OrderRulesContext = {
  isShippingRequired: false,
  allowedPaymentMethods: ['CREDIT_CARD', 'MOBILE_WALLET'],
  baseUrl: 'https://nabd.example',
};

const valid = {
  cartId: 'c1',
  eventId: 'e1',
  customer: {
    email: 'Layla@Example.com',
    confirmEmail: 'layla@example.com',
    firstName: 'Layla',
    lastName: 'Haddad',
    phoneNumber: '+966 50 123 4567',
  },
  billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'sa' },
  paymentMethod: 'CREDIT_CARD',
  acceptedTerms: true,
  returnUrl: 'https://nabd.example/tickets/confirmation',
  locale: 'ar',
};

const problems = (input: unknown, over: Partial<OrderRulesContext> = {}) => {
  const result = checkOrderDetails(input, { ...context, ...over });
  return result.ok ? [] : result.problems;
};

describe('order details', () => {
  it('accepts valid details and normalises them', () => {
    const result = checkOrderDetails(valid, context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.details.customer.phoneNumber).toBe('+966501234567');
    expect(result.details.billingAddress.countryCode).toBe('SA');
    expect(result.details.shippingAddress ?? null).toBeNull();
  });

  it('names each wrong field with its SPEC 5 message', () => {
    expect(
      problems({
        ...valid,
        customer: { ...valid.customer, email: 'not-mail', confirmEmail: 'other@example.com', firstName: ' ', phoneNumber: '0501234567' },
        billingAddress: { ...valid.billingAddress, countryCode: 'XX' },
        acceptedTerms: false,
      }),
    ).toEqual([
      { field: 'customer.email', message: 'validation:email' },
      { field: 'customer.firstName', message: 'validation:required' },
      { field: 'customer.phoneNumber', message: 'validation:phone' },
      { field: 'customer.confirmEmail', message: 'validation:mustMatch' },
      { field: 'billingAddress.countryCode', message: 'validation:country' },
      { field: 'acceptedTerms', message: 'validation:acceptTerms' },
    ]);
  });

  it('wants the e-mail typed twice the same', () => {
    expect(problems({ ...valid, customer: { ...valid.customer, confirmEmail: 'leila@example.com' } })).toEqual([
      { field: 'customer.confirmEmail', message: 'validation:mustMatch' },
    ]);
  });

  it('requires a shipping address only when something ships', () => {
    expect(problems(valid, { isShippingRequired: true })).toEqual([{ field: 'shippingAddress', message: 'validation:required' }]);
    expect(
      problems({ ...valid, shippingAddress: { address1: '', city: 'Jeddah', countryCode: 'SA' } }, { isShippingRequired: true }),
    ).toEqual([{ field: 'shippingAddress.address1', message: 'validation:required' }]);
  });

  it('refuses a payment method a ticket does not allow, and a return address on another site', () => {
    expect(problems({ ...valid, paymentMethod: 'INSTALMENTS' })).toEqual([{ field: 'paymentMethod', message: 'validation:choice' }]);
    expect(problems({ ...valid, returnUrl: 'https://evil.example/tickets/confirmation' })).toEqual([
      { field: 'returnUrl', message: 'validation:returnUrl' },
    ]);
    expect(problems({ ...valid, returnUrl: 'javascript:alert(1)' })).toEqual([{ field: 'returnUrl', message: 'validation:returnUrl' }]);
  });
});
