import { describe, expect, it } from '@jest/globals';
import { addressStepForm, detailsStepForm, emailStepForm, finalizeStepForm, shippingStepForm } from './checkout-forms.ts';
import { parseForm } from './parse-form.ts';

describe('checkout forms (SPEC 5)', () => {
  it('needs the e-mail twice, the same', () => {
    expect(parseForm(emailStepForm, { email: '', confirmEmail: '' })).toMatchObject({
      ok: false,
      errors: { email: 'validation:required', confirmEmail: 'validation:required' },
    });
    expect(parseForm(emailStepForm, { email: 'lina@', confirmEmail: 'lina@' })).toMatchObject({ errors: { email: 'validation:email' } });
    expect(parseForm(emailStepForm, { email: 'lina@example.com', confirmEmail: 'lena@example.com' })).toMatchObject({
      errors: { confirmEmail: 'validation:mustMatch' },
    });
    expect(parseForm(emailStepForm, { email: ' Lina@example.com', confirmEmail: 'lina@example.com' })).toEqual({
      ok: true,
      data: { email: 'Lina@example.com', confirmEmail: 'lina@example.com' },
    });
  });

  it('needs names and a phone in international format', () => {
    const parsed = parseForm(detailsStepForm, {
      firstName: ' ',
      lastName: 'Haddad',
      phoneNumber: '0501234567',
      gender: 'x',
      birthDate: '',
    });
    expect(parsed).toMatchObject({
      ok: false,
      errors: { firstName: 'validation:required', phoneNumber: 'validation:phone', gender: 'validation:choice' },
    });
    expect(parseForm(detailsStepForm, { firstName: 'Lina', lastName: 'Haddad', phoneNumber: '', gender: '' })).toMatchObject({
      errors: { phoneNumber: 'validation:required' },
    });
    expect(
      parseForm(detailsStepForm, {
        firstName: 'Lina',
        middleName: '',
        lastName: 'Haddad',
        phoneNumber: '+966 50 123 4567',
        gender: 'female',
        birthDate: '1990-02-03',
      }),
    ).toEqual({
      ok: true,
      data: {
        firstName: 'Lina',
        middleName: null,
        lastName: 'Haddad',
        phoneNumber: '+966501234567',
        gender: 'female',
        birthDate: '1990-02-03',
      },
    });
    expect(
      parseForm(detailsStepForm, { firstName: 'Lina', lastName: 'Haddad', phoneNumber: '+966501234567', birthDate: '2990-01-01' }),
    ).toMatchObject({
      errors: { birthDate: 'validation:dateMax' },
    });
  });

  it('checks addresses and lets shipping reuse the billing one', () => {
    expect(parseForm(addressStepForm, { address1: '', city: 'Riyadh', countryCode: 'XX' })).toMatchObject({
      errors: { address1: 'validation:required', countryCode: 'validation:country' },
    });
    expect(parseForm(shippingStepForm, { sameAsBilling: 'on' })).toEqual({ ok: true, data: { sameAsBilling: 'on' } });
    expect(parseForm(shippingStepForm, { address1: 'A', city: 'Jeddah', countryCode: 'sa' })).toMatchObject({
      ok: true,
      data: { countryCode: 'SA' },
    });
  });

  it('needs the terms accepted and a payment method', () => {
    expect(parseForm(finalizeStepForm, {})).toMatchObject({
      errors: { paymentMethod: 'validation:choice', acceptTerms: 'validation:acceptTerms' },
    });
    expect(parseForm(finalizeStepForm, { paymentMethod: 'INSTALMENTS', acceptTerms: 'on' })).toEqual({
      ok: true,
      data: { paymentMethod: 'INSTALMENTS', acceptTerms: true, whatsappConsent: false },
    });
  });
});
