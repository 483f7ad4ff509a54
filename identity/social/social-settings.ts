import type { SocialProvider } from '#platform/social-providers.ts';

/** Where a social provider is and how we are registered with it (OpenID Connect discovery at the issuer). */
export interface SocialProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The configured social providers; one that is absent is "currently unavailable" (SPEC 8). */
export type SocialProviderSettings = Partial<Record<SocialProvider, SocialProviderClient>>;
