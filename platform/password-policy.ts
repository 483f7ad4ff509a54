/**
 * SPEC 5, 9.2: the password rules and the weak/medium/strong label. One module, used by the
 * identity service (which enforces the rules), the site's forms (which explain them) and the live
 * strength meter in the browser, so the three can never disagree.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX_LENGTH = 128;
/** From this length a password that meets every rule counts as strong. */
const STRONG_LENGTH = 12;

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';
export type PasswordStrength = 'weak' | 'medium' | 'strong';

const RULE_TESTS: Record<PasswordRule, (password: string) => boolean> = {
  length: (password) => password.length >= PASSWORD_MIN_LENGTH,
  lowercase: (password) => /\p{Ll}/u.test(password),
  uppercase: (password) => /\p{Lu}/u.test(password),
  digit: (password) => /\p{Nd}/u.test(password),
  special: (password) => /[^\p{L}\p{Nd}\s]/u.test(password),
};

export const PASSWORD_RULES = Object.keys(RULE_TESTS) as PasswordRule[];

/** The rules this password breaks, in the order the forms list them; empty when it is acceptable. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !RULE_TESTS[rule](password));
}

export function isAcceptablePassword(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && brokenPasswordRules(password).length === 0;
}

/**
 * Weak: breaks a rule. Medium: meets every rule. Strong: meets every rule and is at least 12
 * characters long, or 10 with several characters of every kind. Deliberately simple and
 * explainable; the rules (not the label) decide what is accepted.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (brokenPasswordRules(password).length) return 'weak';
  if (password.length >= STRONG_LENGTH) return 'strong';
  const count = (pattern: RegExp) => password.match(pattern)?.length ?? 0;
  const varied = [/\p{Ll}/gu, /\p{Lu}/gu, /\p{Nd}/gu, /[^\p{L}\p{Nd}\s]/gu].every((pattern) => count(pattern) >= 2);
  return password.length >= 10 && varied ? 'strong' : 'medium';
}
