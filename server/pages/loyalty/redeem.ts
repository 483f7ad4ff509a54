import { gql, type TypedDocumentNode } from '@apollo/client';
import { z } from 'zod';
import {
  REDEEM_CLAIM_FORM,
  REDEEM_GUEST_FORM,
  RedeemPage,
  type LoyaltyOrderClaim,
  type RedeemPageData,
} from '#views/pages/loyalty/RedeemPage.tsx';
import { parseForm } from '../../forms/parse-form.ts';
import { errorCodeOf, LOYALTY_MEMBER } from '../../loyalty/loyalty-account.ts';
import { page, type FormOutcome, type PageContext, type PageModule } from '../../page.ts';
import { restrictCaching } from '../../render/cache-policy.ts';
import { accessTokenOrSignIn, signInAgainOutcome } from '../account/account-access.ts';

const CLAIM_FIELDS = `
  orderId
  eventId
  eventName { en ar }
  completedAt
  totalPrice { amount currency }
  points
  state
  claimsCloseAt
  pointsState
  pointsPostAt
`;

const LOYALTY_CLAIMS: TypedDocumentNode<{ loyaltyClaims: LoyaltyOrderClaim[] }> = gql`
  query LoyaltyClaims {
    loyaltyClaims { ${CLAIM_FIELDS} }
  }
`;

const LOYALTY_CLAIM_ORDERS: TypedDocumentNode<{ loyaltyClaimOrders: LoyaltyOrderClaim[] }, { orderIds: string[] }> = gql`
  mutation LoyaltyClaimOrders($orderIds: [ID!]!) {
    loyaltyClaimOrders(orderIds: $orderIds) { ${CLAIM_FIELDS} }
  }
`;

/** The box of an order on the page: `order-<id>`, ticked to claim it. */
export const ORDER_FIELD_PREFIX = 'order-';

/**
 * SPEC 2.1 `/loyalty/redeem`, SPEC 2.4 "claim-points flow", 4.3, 6 (decision 0039): a signed-in
 * visitor with a linked points account claims the points of past paid orders: theirs, ticked in a
 * list, or a guest order by its id. Signed out, the page explains and offers sign-in, which comes
 * back here; without a link, it sends the visitor to link first.
 */
const redeemPage: PageModule<RedeemPageData> = {
  async load(context) {
    const head = {
      title: context.t('loyalty:redeem.title'),
      description: context.t('loyalty:redeem.description'),
      noIndex: true,
      breadcrumbs: [{ name: context.t('loyalty:redeem.title'), path: '/loyalty/redeem' }],
    };
    const analytics = { page_type: 'loyalty', module_name: 'loyalty', submodule_name: 'redeem' };
    const returnTo = encodeURIComponent(context.urls.route('loyaltyRedeem'));
    if (!context.viewer) {
      return page(
        {
          standing: 'signedOut',
          signInHref: `${context.urls.route('accountLogin')}?returnTo=${returnTo}`,
          signUpHref: context.urls.route('accountRegister'),
        },
        head,
        analytics,
      );
    }
    // A signed-in visitor's orders: never kept by any cache.
    restrictCaching(context.res, 'no-store');
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const { user } = await context.services.user.query(LOYALTY_MEMBER, {}, { accessToken: access.token, fresh: true });
    if (!user.loyaltyMemberId) {
      return page({ standing: 'notLinked', linkHref: context.urls.route('accountLoyalty') }, head, analytics);
    }
    let claims: LoyaltyOrderClaim[] | null = null;
    try {
      ({ loyaltyClaims: claims } = await context.services.commerce.query(LOYALTY_CLAIMS, {}, { accessToken: access.token, fresh: true }));
    } catch (error) {
      // The page still offers the guest-order form; the list says it could not be read.
      context.req.log.warn({ err: error }, 'Reading the loyalty claims failed');
    }
    return page({ standing: 'linked', memberId: user.loyaltyMemberId, email: user.email, claims }, head, analytics);
  },
  View: RedeemPage,
  actions: {
    claim: {
      form: REDEEM_CLAIM_FORM,
      handle(context, body) {
        const orderIds = Object.keys(body)
          .filter((name) => name.startsWith(ORDER_FIELD_PREFIX) && body[name] === 'on')
          .map((name) => name.slice(ORDER_FIELD_PREFIX.length));
        if (orderIds.length === 0)
          return Promise.resolve({ kind: 'invalid', values: {}, errors: {}, message: 'loyalty:errors.chooseOrders' });
        return claim(context, orderIds, {});
      },
    },
    'claim-guest': {
      form: REDEEM_GUEST_FORM,
      async handle(context, body) {
        const parsed = parseForm(guestClaimForm, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        return claim(context, [parsed.data.orderId], { orderId: parsed.data.orderId });
      },
    },
  },
};

export default redeemPage;

/** An order id as read from the confirmation: `NBD-` and eight letters or digits, in any case. */
const guestClaimForm = z.object({
  orderId: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, 'validation:required')
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^NBD-[0-9A-Z]{8}$/, 'loyalty:errors.orderIdFormat')),
});

/** SPEC 6, 8: why a claim was refused, by the service's code. */
const CLAIM_REFUSALS: Record<string, string> = {
  LOYALTY_EMAIL_MISMATCH: 'loyalty:errors.emailMismatch',
  LOYALTY_ALREADY_CLAIMED: 'loyalty:errors.alreadyClaimed',
  LOYALTY_CLAIM_PERIOD_CLOSED: 'loyalty:errors.claimPeriodClosed',
  LOYALTY_NO_POINTS: 'loyalty:errors.noPoints',
  LOYALTY_NOT_LINKED: 'loyalty:errors.notLinked',
  NOT_FOUND: 'loyalty:errors.orderNotFound',
  BAD_USER_INPUT: 'loyalty:errors.orderIdFormat',
};

async function claim(context: PageContext, orderIds: string[], values: Record<string, string>): Promise<FormOutcome> {
  // Signed out meanwhile: to the login page, and back here.
  const access = await accessTokenOrSignIn(context);
  if ('signIn' in access) return signInAgainOutcome(context);
  try {
    await context.services.commerce.mutate(LOYALTY_CLAIM_ORDERS, { orderIds }, { accessToken: access.token });
  } catch (error) {
    const message = CLAIM_REFUSALS[errorCodeOf(error) ?? ''];
    if (message) {
      return {
        kind: 'invalid',
        values,
        errors: 'orderId' in values ? { orderId: message } : {},
        message,
        ...(errorCodeOf(error) === 'LOYALTY_ALREADY_CLAIMED' ? { status: 409 as const } : {}),
      };
    }
    context.req.log.warn({ err: error }, 'Claiming loyalty points failed');
    return { kind: 'failed', values, message: 'loyalty:errors.claimFailed', cause: error };
  }
  return { kind: 'succeeded', message: 'loyalty:redeem.claimed', redirectTo: context.urls.route('loyaltyRedeem') };
}
