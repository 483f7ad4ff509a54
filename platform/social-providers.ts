/**
 * SPEC 3.3, 4.1: the two social (federated) sign-in providers. A user created through one of them
 * gets a username with the provider's prefix, which is how every part of the product tells a
 * social sign-in apart (no password to change, onboarding to finish).
 */
export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const isSocialProvider = (value: unknown): value is SocialProvider => SOCIAL_PROVIDERS.includes(value as SocialProvider);

/** `google_1234…`: the username of a user the provider's subject `1234…` created. */
export const socialUsername = (provider: SocialProvider, subject: string) => `${provider}_${subject}`;

/** The provider a username's prefix names, if any. */
export function socialProviderOf(username: string): SocialProvider | undefined {
  return SOCIAL_PROVIDERS.find((provider) => username.startsWith(`${provider}_`));
}

/** SPEC 4.1, 6: social-login users cannot change a password (they have none with us). */
export const canUpdatePassword = (username: string) => socialProviderOf(username) === undefined;
