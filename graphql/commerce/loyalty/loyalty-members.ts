/**
 * Who the caller's loyalty member is (decision 0039). The user service owns the link; the commerce
 * service asks it through its public GraphQL interface with the caller's own access token, so a
 * caller can only ever spend or earn for the member linked to them.
 */
export interface LoyaltyMembers {
  /** The member linked to the token's user, or null; throws when the user service cannot say. */
  memberOf(accessToken: string): Promise<string | null>;
}

/** The user service did not answer who the member is. */
export class LoyaltyMembersUnavailable extends Error {
  override name = 'LoyaltyMembersUnavailable';
}

const MEMBER_QUERY = 'query CommerceLoyaltyMember { user { loyaltyMemberId } }';

/** Asks the user service at `url` (in process, or over the network when the services are split). */
export function userServiceMembers(options: { url: string; fetch?: typeof fetch; timeoutMs?: number }): LoyaltyMembers {
  const send = options.fetch ?? fetch;
  return {
    async memberOf(accessToken) {
      let response: Response;
      try {
        response = await send(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ query: MEMBER_QUERY }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (error) {
        throw new LoyaltyMembersUnavailable('The user service did not answer', { cause: error });
      }
      const body = (await response.json().catch(() => undefined)) as
        { data?: { user?: { loyaltyMemberId?: string | null } }; errors?: { message: string }[] } | undefined;
      const user = body?.data?.user;
      if (!response.ok || !user) {
        throw new LoyaltyMembersUnavailable(`The user service answered ${response.status}: ${body?.errors?.[0]?.message ?? 'no user'}`);
      }
      return user.loyaltyMemberId ?? null;
    },
  };
}
