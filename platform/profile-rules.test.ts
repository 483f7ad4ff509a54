import {
  addressRules,
  exactDigits,
  fieldMessages,
  messageParams,
  normalisePhone,
  onboardUserRules,
  today,
  updateUserRules,
} from './profile-rules.ts';

const messages = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldMessages(result.error as never);
};

describe('profile rules (SPEC 3.3, 5)', () => {
  test('phones are international (E.164); spaces, dashes and brackets as typed are normalised away', () => {
    expect(normalisePhone('+966 50-123 4567')).toBe('+966501234567');
    expect(normalisePhone('+1 (212) 555-0100')).toBe('+12125550100');
    expect(normalisePhone('0501234567')).toBeUndefined();
    expect(normalisePhone('+0966501234567')).toBeUndefined();
    expect(normalisePhone('+966 50 123 4567 890 12')).toBeUndefined();
    expect(normalisePhone('+966abc')).toBeUndefined();
    const parsed = updateUserRules.parse({ phoneNumber: '+966 50 123 4567', whatsappPhone: '' });
    expect(parsed).toEqual({ phoneNumber: '+966501234567', whatsappPhone: null });
    expect(messages(updateUserRules, { phoneNumber: '0501234567', whatsappPhone: '12' })).toEqual({
      phoneNumber: 'validation:phone',
      whatsappPhone: 'validation:phone',
    });
  });

  test('fields left out stay out, null or blank clears an optional field, names cannot be cleared', () => {
    expect(updateUserRules.parse({ middleName: null })).toEqual({ middleName: null });
    expect(Object.keys(updateUserRules.parse({}))).toEqual([]);
    expect(updateUserRules.parse({ firstName: '  Layla ' })).toEqual({ firstName: 'Layla' });
    expect(messages(updateUserRules, { firstName: '  ', lastName: null })).toEqual({
      firstName: 'validation:required',
      lastName: 'validation:required',
    });
    expect(messages(updateUserRules, { middleName: 'x'.repeat(81) })).toEqual({ middleName: 'validation:maxLengthOf' });
    expect(messageParams('middleName', 'validation:maxLengthOf')).toEqual({ max: 80 });
  });

  test('birth dates are real dates after 1900-01-01 and before today (Riyadh)', () => {
    expect(updateUserRules.parse({ birthDate: '1990-02-28' })).toEqual({ birthDate: '1990-02-28' });
    expect(messages(updateUserRules, { birthDate: '1990-02-30' })).toEqual({ birthDate: 'validation:date' });
    expect(messages(updateUserRules, { birthDate: '28/02/1990' })).toEqual({ birthDate: 'validation:date' });
    expect(messages(updateUserRules, { birthDate: '1899-12-31' })).toEqual({ birthDate: 'validation:dateMin' });
    expect(messages(updateUserRules, { birthDate: today() })).toEqual({ birthDate: 'validation:dateMax' });
    expect(messageParams('birthDate', 'validation:dateMin')).toEqual({ date: '1900-01-01' });
    // 22:30 UTC on 31 December is already 1 January in Riyadh.
    expect(today(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(messageParams('birthDate', 'validation:dateMax', new Date('2026-12-31T22:30:00Z'))).toEqual({ date: '2027-01-01' });
  });

  test('a field of an exact length says the length when it is wrong, and its own format otherwise (SPEC 5)', () => {
    const code = exactDigits('code', 'account:verification.codeFormat');
    const first = (value: string) => {
      const result = code.safeParse(value);
      return result.success ? result.data : result.error.issues[0]!.message;
    };
    expect(first('')).toBe('validation:required');
    expect(first('12345')).toBe('validation:exactLength');
    expect(first('1234567')).toBe('validation:exactLength');
    expect(first('12345a')).toBe('account:verification.codeFormat');
    expect(first('123456')).toBe('123456');
    expect(messageParams('code', 'validation:exactLength')).toEqual({ length: 6 });
    expect(messageParams('memberPin', 'validation:exactLength')).toEqual({ length: 4 });
    expect(messageParams('memberId', 'validation:exactLength')).toEqual({ length: 10 });
  });

  test('gender and locale are one of their values', () => {
    expect(messages(updateUserRules, { gender: 'other', locale: 'fr' })).toEqual({
      gender: 'validation:choice',
      locale: 'validation:choice',
    });
    expect(updateUserRules.parse({ gender: 'female', locale: 'ar' })).toEqual({ gender: 'female', locale: 'ar' });
  });

  test('onboarding needs both names and the terms accepted (a checkbox or true)', () => {
    expect(messages(onboardUserRules, {})).toEqual({
      firstName: 'validation:required',
      lastName: 'validation:required',
      acceptTerms: 'validation:acceptTerms',
    });
    expect(messages(onboardUserRules, { firstName: 'A', lastName: 'B', acceptTerms: false })).toEqual({
      acceptTerms: 'validation:acceptTerms',
    });
    expect(onboardUserRules.parse({ firstName: 'A', lastName: 'B', acceptTerms: 'on', phoneNumber: '' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      acceptTerms: true,
      phoneNumber: null,
    });
  });

  test('addresses: required lines, lengths and a real ISO 3166-1 country code', () => {
    expect(messages(addressRules, { countryCode: 'XK', postalCode: '1'.repeat(21) })).toEqual({
      address1: 'validation:required',
      city: 'validation:required',
      countryCode: 'validation:country',
      postalCode: 'validation:maxLengthOf',
    });
    expect(messages(addressRules, { address1: 'a', city: 'b', countryCode: '' })).toEqual({ countryCode: 'validation:required' });
    expect(addressRules.parse({ address1: ' King Fahd Road ', city: 'Riyadh', countryCode: 'sa', address2: '', isDefault: 'on' })).toEqual({
      address1: 'King Fahd Road',
      address2: null,
      city: 'Riyadh',
      countryCode: 'SA',
      isDefault: true,
    });
  });
});
