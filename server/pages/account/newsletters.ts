import { gql, type TypedDocumentNode } from '@apollo/client';
import {
  NEWSLETTERS_FORM,
  NewslettersPage,
  type NewslettersPageData,
  type NotificationPreference,
} from '#views/pages/account/NewslettersPage.tsx';
import { page, type PageModule } from '../../page.ts';
import {
  AccountRefusal,
  accessTokenOrSignIn,
  accountAnalytics,
  serviceFailure,
  signInAgainOutcome,
  trackAccount,
} from './account-access.ts';

/** A newsletter id that is not (or no longer) among the visitor's choices. */
const UNKNOWN_NEWSLETTER = 'account:newsletters.unknown';

const NOTIFICATIONS: TypedDocumentNode<{ notifications: NotificationPreference[] }> = gql`
  query AccountNewsletters {
    notifications {
      id
      nameEn
      nameAr
      descriptionEn
      descriptionAr
      analyticsName
      subscribed
      image
    }
  }
`;

const UPDATE_PREFERENCES: TypedDocumentNode<
  { updateUserNotificationPreferences: { id: string; subscribed: boolean }[] },
  { input: { id: string; subscribed: boolean }[] }
> = gql`
  mutation UpdateUserNotificationPreferences($input: [NotificationPreferenceInput!]!) {
    updateUserNotificationPreferences(input: $input) {
      id
      subscribed
    }
  }
`;

/** SPEC 2.4, 3.3: every newsletter on offer, in the visitor's language, each with its own switch. */
const newslettersPage: PageModule<NewslettersPageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const { notifications } = await context.services.user.query(NOTIFICATIONS, {}, { accessToken: access.token });
    return page({ notifications }, { title: context.t('account:newsletters.title'), noIndex: true }, accountAnalytics('newsletters'));
  },
  View: NewslettersPage,
  actions: {
    'set-newsletter': {
      form: NEWSLETTERS_FORM,
      async handle(context, body) {
        const id = typeof body.newsletterId === 'string' && body.newsletterId.length <= 100 ? body.newsletterId : undefined;
        const subscribed = body.subscribed === 'true';
        if (!id || !['true', 'false'].includes(body.subscribed ?? '')) {
          return { kind: 'invalid', values: {}, errors: {}, message: UNKNOWN_NEWSLETTER };
        }
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        try {
          const { notifications } = await context.services.user.query(NOTIFICATIONS, {}, { accessToken: access.token });
          const newsletter = notifications.find((candidate) => candidate.id === id);
          if (!newsletter) throw new AccountRefusal(UNKNOWN_NEWSLETTER);
          await context.services.user.mutate(UPDATE_PREFERENCES, { input: [{ id, subscribed }] }, { accessToken: access.token });
          // SPEC 9.4: a subscription is a conversion, named after the newsletter.
          if (subscribed && !newsletter.subscribed) {
            trackAccount(context, 'newsletters', 'pixel_subscribed', { newsletter_name: newsletter.analyticsName });
          }
        } catch (error) {
          // SPEC 8: "newsletter subscribe failure".
          return serviceFailure(context, error, 'Changing a newsletter failed', { newsletterId: id }, 'errors:newsletter.subscribeFailed', {
            BAD_USER_INPUT: UNKNOWN_NEWSLETTER,
          });
        }
        return {
          kind: 'succeeded',
          message: subscribed ? 'account:newsletters.subscribedMessage' : 'account:newsletters.unsubscribedMessage',
        };
      },
    },
  },
};

export default newslettersPage;
