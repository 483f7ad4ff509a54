import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LoyaltyBalanceView, LoyaltyStandingView } from '#views/pages/account/LoyaltyPage.tsx';
import type { FormOutcome, PageContext } from '../page.ts';
import { ServiceError } from '../services/service-client.ts';

/**
 * The user service's loyalty calls (SPEC 7.2, decision 0039) as the account, the rewards page and
 * the cart make them, and what their refusals mean to a form.
 */

export const LOYALTY_MEMBER: TypedDocumentNode<{ user: { email: string; loyaltyMemberId: string | null } }> = gql`
  query LoyaltyMember {
    user {
      email
      loyaltyMemberId
    }
  }
`;

export const LOYALTY_BALANCE: TypedDocumentNode<{ loyaltyBalance: LoyaltyBalanceView }, { memberPin?: string | null }> = gql`
  query LoyaltyBalance($memberPin: String) {
    loyaltyBalance(memberPin: $memberPin) {
      memberId
      balance
      membershipStatus
      verifiedStatus
      pendingPoints
      nextPostingAt
      verificationToken
      verificationTokenExpiration
    }
  }
`;

export const LINK_LOYALTY_ACCOUNT: TypedDocumentNode<
  { linkLoyaltyAccount: { memberId: string; balance: number } },
  { input: { memberId: string; memberPin: string } }
> = gql`
  mutation LinkLoyaltyAccount($input: LinkLoyaltyAccountInput!) {
    linkLoyaltyAccount(input: $input) {
      memberId
      balance
    }
  }
`;

export const DELETE_LINKED_LOYALTY_ACCOUNT: TypedDocumentNode<{ deleteLinkedLoyaltyAccount: boolean }> = gql`
  mutation DeleteLinkedLoyaltyAccount {
    deleteLinkedLoyaltyAccount
  }
`;

/** Where the signed-in visitor stands with the programme, as a page shows it. */
export type LoyaltyStanding = LoyaltyStandingView;

export const errorCodeOf = (error: unknown): string | undefined => (error instanceof ServiceError ? error.code : undefined);

/** The first GraphQL error's extensions of a service's refusal (its fields, a reason, a limit). */
export function errorExtensionsOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof ServiceError)) return {};
  const cause = error.cause as { errors?: { extensions?: Record<string, unknown> }[] } | undefined;
  return cause?.errors?.[0]?.extensions ?? {};
}

/** The visitor's member and, while the programme's verification lasts, their balance. Never throws for the programme's sake. */
export async function loyaltyStanding(context: PageContext, accessToken: string, memberId?: string | null): Promise<LoyaltyStanding> {
  const linked =
    memberId !== undefined
      ? memberId
      : (await context.services.user.query(LOYALTY_MEMBER, {}, { accessToken, fresh: true })).user.loyaltyMemberId;
  if (!linked) return { state: 'notLinked' };
  try {
    const { loyaltyBalance } = await context.services.user.query(LOYALTY_BALANCE, {}, { accessToken, fresh: true });
    return { state: 'linked', memberId: linked, balance: loyaltyBalance };
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'LOYALTY_PIN_REQUIRED') return { state: 'pinRequired', memberId: linked };
    if (code === 'NOT_FOUND') return { state: 'notLinked' };
    context.req.log.warn({ err: error }, 'Reading the loyalty balance failed');
    return { state: 'unavailable', memberId: linked };
  }
}

/** The field a refusal's message belongs to, and its locale key (SPEC 8). */
const REFUSALS: Record<string, { field: string; message: string; status?: 409 | 429 }> = {
  BAD_USER_INPUT: { field: 'memberId', message: 'loyalty:errors.memberIdFormat' },
  LOYALTY_MEMBER_NOT_FOUND: { field: 'memberId', message: 'loyalty:errors.memberNotFound' },
  LOYALTY_PIN_INCORRECT: { field: 'memberPin', message: 'loyalty:errors.pinIncorrect' },
  LOYALTY_PIN_LOCKED: { field: 'memberPin', message: 'loyalty:errors.pinLocked' },
  LOYALTY_PIN_REQUIRED: { field: 'memberPin', message: 'loyalty:errors.pinRequired' },
  LOYALTY_ALREADY_LINKED: { field: 'memberId', message: 'loyalty:errors.alreadyLinked', status: 409 },
  TOO_MANY_REQUESTS: { field: 'memberPin', message: 'loyalty:errors.tooManyRequests', status: 429 },
  NOT_FOUND: { field: 'form', message: 'loyalty:errors.notLinked' },
};

/**
 * A refused PIN, member id or link as the form shows it: the field's message and the form's
 * (422, or 409 and 429 where they say more); the programme or a service down is a failure (503).
 */
export function loyaltyRefusalOutcome(context: PageContext, error: unknown, values: Record<string, string>, what: string): FormOutcome {
  const refusal = REFUSALS[errorCodeOf(error) ?? ''];
  if (refusal) {
    return {
      kind: 'invalid',
      values,
      errors: refusal.field === 'form' ? {} : { [refusal.field]: refusal.message },
      message: refusal.message,
      ...(refusal.status ? { status: refusal.status } : {}),
    };
  }
  context.req.log.warn({ err: error }, what);
  return { kind: 'failed', values, message: 'loyalty:errors.unavailable', cause: error };
}
