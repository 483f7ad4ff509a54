import { gql, type TypedDocumentNode } from '@apollo/client';
import { AccountPage, type AccountPageData } from '#views/pages/AccountPage.tsx';
import { page, type PageModule } from '../page.ts';
import { loyaltyStanding } from '../loyalty/loyalty-account.ts';
import { accessTokenOrSignIn, accountAnalytics, serviceFailure } from './account/account-access.ts';
import { ORDERS_COUNT } from './tickets/checkout-documents.ts';

/** One request for the whole overview: the user, their addresses and their newsletter choices. */
const OVERVIEW: TypedDocumentNode<Omit<AccountPageData, 'ordersCount' | 'loyalty'>> = gql`
  query AccountOverview {
    user {
      firstName
      lastName
      email
      phoneNumber
      locale
      loyaltyMemberId
    }
    userAddresses {
      id
      isDefault
      nickname
      city
      countryCode
    }
    userNotificationPreferences {
      id
      subscribed
    }
  }
`;

/** SPEC 2.4: the account overview, a card for each section with where it stands. */
const accountPage: PageModule<AccountPageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const [data, ordersCount] = await Promise.all([
      context.services.user.query(OVERVIEW, {}, { accessToken: access.token }),
      context.services.commerce
        .query(ORDERS_COUNT, {}, { accessToken: access.token, fresh: true })
        .then(({ orders }) => orders.totalCount)
        .catch((error: unknown) => {
          // The overview stays up when the ticket shop does not answer.
          context.req.log.warn({ err: error }, 'Counting the orders failed');
          return null;
        }),
    ]);
    // Decision 0039: the points account's card shows the balance while the programme's verification lasts.
    const loyalty = await loyaltyStanding(context, access.token, data.user.loyaltyMemberId);
    return page(
      { ...data, ordersCount, loyalty },
      { title: context.t('account:overview.title'), noIndex: true },
      accountAnalytics('overview'),
    );
  },
  View: AccountPage,
  actions: {
    // SPEC 2.1: signing out lands on the login page, which says so (decision 0040: one request,
    // the identity service's part done server to server, nothing for the visitor to confirm).
    'sign-out': {
      form: 'sign-out',
      async handle(context) {
        try {
          await context.services.auth.signOut(context.req);
        } catch (error) {
          return serviceFailure(context, error, 'Signing out failed', {}, 'account:signOutFailed');
        }
        return { kind: 'succeeded', message: 'account:signedOut', redirectTo: context.urls.route('accountLogin') };
      },
    },
  },
};

export default accountPage;
