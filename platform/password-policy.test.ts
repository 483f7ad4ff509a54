import { brokenPasswordRules, isAcceptablePassword, passwordStrength, PASSWORD_MAX_LENGTH } from './password-policy.ts';

describe('the password policy (SPEC 5)', () => {
  test.each([
    ['short1!A', []],
    ['Sh1!', ['length']],
    ['ALLUPPER1!', ['lowercase']],
    ['alllower1!', ['uppercase']],
    ['NoDigits!!', ['digit']],
    ['NoSpecial12', ['special']],
    // Arabic letters have no case: SPEC 5's upper and lower case rule still asks for both.
    ['كلمةسر123!', ['lowercase', 'uppercase']],
    ['', ['length', 'lowercase', 'uppercase', 'digit', 'special']],
  ])('%j breaks %j', (password, rules) => {
    expect(brokenPasswordRules(password)).toEqual(rules);
  });

  test('a password beyond the maximum length is refused even if it meets every rule', () => {
    expect(isAcceptablePassword(`Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH)}`)).toBe(false);
    expect(isAcceptablePassword('Festival-2026!')).toBe(true);
  });

  test.each([
    ['festival', 'weak'],
    ['Festiv4l!', 'medium'],
    ['Festival-2026!', 'strong'],
    ['AAbb11!!xy', 'strong'],
    ['Abcdefg1!x', 'medium'],
  ])('%j is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
