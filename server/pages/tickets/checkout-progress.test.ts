import { describe, expect, it } from '@jest/globals';
import { firstOpenStep, stepNumber, stepsFor, stepToShow, type CheckoutProgress } from './checkout-progress.ts';

const details = { firstName: 'Lina', middleName: null, lastName: 'Haddad', phoneNumber: '+966501234567', birthDate: null };
const address = { address1: 'King Fahd Road 1', address2: null, city: 'Riyadh', state: null, postalCode: null, countryCode: 'SA' };

describe('checkout steps (SPEC 2.4)', () => {
  it('asks for a shipping address only when an item ships', () => {
    expect(stepsFor(false)).toEqual(['email', 'details', 'billing', 'finalize']);
    expect(stepsFor(true)).toEqual(['email', 'details', 'billing', 'shipping', 'finalize']);
    expect(stepNumber('finalize', false)).toBe(4);
    expect(stepNumber('finalize', true)).toBe(5);
  });

  it('resumes at the first step not answered', () => {
    const progress: CheckoutProgress = { cartId: 'c1', email: 'lina@example.com', details };
    expect(firstOpenStep(progress, true)).toBe('billing');
    expect(firstOpenStep({ ...progress, billing: address }, false)).toBe('finalize');
    expect(firstOpenStep({ ...progress, billing: address }, true)).toBe('shipping');
  });

  it('goes back to an answered step on request but never skips ahead', () => {
    const progress: CheckoutProgress = { cartId: 'c1', email: 'lina@example.com' };
    expect(stepToShow(progress, false, 'email')).toBe('email');
    expect(stepToShow(progress, false, 'details')).toBe('details');
    expect(stepToShow(progress, false, 'finalize')).toBe('details');
    expect(stepToShow(progress, false, 'shipping')).toBe('details');
    expect(stepToShow(progress, false, ['email'])).toBe('details');
  });
});
