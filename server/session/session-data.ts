/** What the web tier keeps in a visitor's server-side session. Tokens never reach the browser. */
export interface SignedInSession {
  /** The identity provider's subject. */
  sub: string;
  profile: { firstName: string; lastName: string; email: string };
  /**
   * SPEC 4.1: the current user, read from the user service when the sign-in completes (a failed
   * read means signed out). A username with a social provider's prefix cannot change a password;
   * a user who has not onboarded is kept on the onboarding page.
   */
  user?: { username: string; onboarded: boolean };
  tokens: {
    accessToken: string;
    refreshToken?: string | undefined;
    idToken: string;
    /** Epoch seconds on our clock, drift already taken out. */
    accessTokenExpiresAt: number;
    idTokenExpiresAt: number;
    /** Provider clock minus ours when the tokens arrived, in seconds (SPEC 4.1: clock drift). */
    clockDrift: number;
  };
}

/**
 * The visitor's shopping state (SPEC 4.3, 6, 7.2), server side only: a guest's credentials for
 * the commerce service, and the cart of each event.
 */
export interface ShopSession {
  guest?: {
    identityId: string;
    accessToken: string;
    /** Epoch milliseconds on our clock: when the identity service issued them. */
    obtainedAt: number;
  };
  /** By commerce event id. `owner` is `guest` for a cart made as a guest, else the user's subject. */
  carts?: Record<string, { cartId: string; owner: string }>;
}

declare module 'express-session' {
  interface SessionData {
    auth?: SignedInSession;
    shop?: ShopSession;
  }
}
