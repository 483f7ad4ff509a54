import { gql, type TypedDocumentNode } from '@apollo/client';
import { DETAILS_FORM, DetailsPage, type DetailsPageData } from '#views/pages/account/DetailsPage.tsx';
import type { UpdateUserInput } from '#platform/profile-rules.ts';
import { detailsForm } from '../../forms/account-area-forms.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { page, type PageModule } from '../../page.ts';
import { saveSession } from '../../session/session-promises.ts';
import { accessTokenOrSignIn, accountAnalytics, serviceFailure, signInAgainOutcome, trackAccount } from './account-access.ts';

const DETAILS: TypedDocumentNode<DetailsPageData> = gql`
  query AccountDetails {
    user {
      firstName
      middleName
      lastName
      email
      phoneNumber
      whatsappPhone
      birthDate
      gender
    }
  }
`;

const UPDATE_USER: TypedDocumentNode<{ updateUser: { firstName: string; lastName: string } }, { input: UpdateUserInput }> = gql`
  mutation UpdateUserDetails($input: UpdateUserInput!) {
    updateUser(input: $input) {
      firstName
      lastName
    }
  }
`;

/** SPEC 2.4, 3.3: the personal details, each field with its SPEC 5 rule. */
const detailsPage: PageModule<DetailsPageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const data = await context.services.user.query(DETAILS, {}, { accessToken: access.token });
    return page(data, { title: context.t('account:details.title'), noIndex: true }, accountAnalytics('details'));
  },
  View: DetailsPage,
  actions: {
    'update-details': {
      form: DETAILS_FORM,
      async handle(context, body) {
        const parsed = parseForm(detailsForm, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        let updated;
        try {
          updated = await context.services.user.mutate(UPDATE_USER, { input: parsed.data }, { accessToken: access.token });
        } catch (error) {
          return serviceFailure(context, error, 'Updating the details failed', body, 'account:details.saveFailed');
        }
        // The header greets the visitor by the session's name: it follows the change at once.
        const auth = context.req.session.auth;
        if (auth) {
          auth.profile = { ...auth.profile, firstName: updated.updateUser.firstName, lastName: updated.updateUser.lastName };
          await saveSession(context.req);
        }
        trackAccount(context, 'details', 'user_basic_info_updated');
        return { kind: 'succeeded', message: 'account:details.saved' };
      },
    },
  },
};

export default detailsPage;
