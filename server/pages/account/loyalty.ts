import { z } from 'zod';
import { loyaltyLinkRules, memberPinRule } from '#platform/loyalty/loyalty-rules.ts';
import {
  LOYALTY_BALANCE_FORM,
  LOYALTY_LINK_FORM,
  LOYALTY_UNLINK_FORM,
  LoyaltyPage,
  type LoyaltyPageData,
} from '#views/pages/account/LoyaltyPage.tsx';
import { parseForm } from '../../forms/parse-form.ts';
import {
  DELETE_LINKED_LOYALTY_ACCOUNT,
  errorCodeOf,
  LINK_LOYALTY_ACCOUNT,
  LOYALTY_BALANCE,
  loyaltyRefusalOutcome,
  loyaltyStanding,
} from '../../loyalty/loyalty-account.ts';
import { page, type PageModule } from '../../page.ts';
import { accessTokenOrSignIn, accountAnalytics, serviceFailure, signInAgainOutcome } from './account-access.ts';

/**
 * Beyond SPEC 2.1 (SPEC 2.4: link or unlink a loyalty account, member verification and PIN
 * validation; decision 0039): the linked member with balance, membership and verified status, or
 * the form that links one. Unlinking asks for confirmation first (SPEC 4.3), as a second step in
 * the URL (`?unlink=confirm`), so it works without JavaScript.
 */
const loyaltyPage: PageModule<LoyaltyPageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    return page(
      { standing: await loyaltyStanding(context, access.token), confirmingUnlink: context.req.query.unlink === 'confirm' },
      { title: context.t('loyalty:account.title'), noIndex: true },
      accountAnalytics('loyalty'),
    );
  },
  View: LoyaltyPage,
  actions: {
    'loyalty-link': {
      form: LOYALTY_LINK_FORM,
      async handle(context, body) {
        const parsed = parseForm(loyaltyLinkRules, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        try {
          await context.services.user.mutate(LINK_LOYALTY_ACCOUNT, { input: parsed.data }, { accessToken: access.token });
        } catch (error) {
          return loyaltyRefusalOutcome(context, error, { memberId: parsed.data.memberId }, 'Linking a loyalty account failed');
        }
        return { kind: 'succeeded', message: 'loyalty:account.linked' };
      },
    },
    'loyalty-balance': {
      form: LOYALTY_BALANCE_FORM,
      async handle(context, body) {
        const parsed = parseForm(z.object({ memberPin: memberPinRule }), body);
        if (!parsed.ok) return { kind: 'invalid', values: {}, errors: parsed.errors };
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        try {
          // The new verification is kept by the user service: the page shows the balance after the redirect.
          await context.services.user.query(
            LOYALTY_BALANCE,
            { memberPin: parsed.data.memberPin },
            { accessToken: access.token, fresh: true },
          );
        } catch (error) {
          return loyaltyRefusalOutcome(context, error, {}, 'Verifying a loyalty PIN failed');
        }
        return { kind: 'succeeded', message: 'loyalty:account.balanceShown' };
      },
    },
    'loyalty-unlink': {
      form: LOYALTY_UNLINK_FORM,
      async handle(context) {
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        try {
          await context.services.user.mutate(DELETE_LINKED_LOYALTY_ACCOUNT, {}, { accessToken: access.token });
        } catch (error) {
          // Unlinked already (another tab): what the visitor asked for is true.
          if (errorCodeOf(error) !== 'NOT_FOUND') {
            return serviceFailure(context, error, 'Unlinking a loyalty account failed', {}, 'loyalty:errors.unavailable');
          }
        }
        return { kind: 'succeeded', message: 'loyalty:account.unlinked', redirectTo: context.urls.route('accountLoyalty') };
      },
    },
  },
};

export default loyaltyPage;
