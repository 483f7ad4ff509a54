import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { PREFERENCES_FORM, PreferencesPage, type PreferencesPageData } from '#views/pages/account/PreferencesPage.tsx';
import { preferencesForm } from '../../forms/account-area-forms.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { page, type PageModule } from '../../page.ts';
import { accessTokenOrSignIn, accountAnalytics, serviceFailure, signInAgainOutcome } from './account-access.ts';

const PREFERENCES: TypedDocumentNode<{ user: { locale: Locale | null } }> = gql`
  query AccountPreferences {
    user {
      locale
    }
  }
`;

const UPDATE_LOCALE: TypedDocumentNode<{ updateUser: { locale: Locale | null } }, { input: { locale: Locale } }> = gql`
  mutation UpdatePreferredLocale($input: UpdateUserInput!) {
    updateUser(input: $input) {
      locale
    }
  }
`;

/**
 * Beyond SPEC 2.1 (SPEC 2.4 names the screen, SPEC 3.3 the field): the preferred language, which
 * e-mails use and the account opens in. Saving it continues in that language.
 */
const preferencesPage: PageModule<PreferencesPageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    const { user } = await context.services.user.query(PREFERENCES, {}, { accessToken: access.token });
    return page(
      { preferredLocale: user.locale ?? context.locale },
      { title: context.t('account:preferences.title'), noIndex: true },
      accountAnalytics('preferences'),
    );
  },
  View: PreferencesPage,
  actions: {
    'update-preferences': {
      form: PREFERENCES_FORM,
      async handle(context, body) {
        const parsed = parseForm(preferencesForm, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        try {
          await context.services.user.mutate(UPDATE_LOCALE, { input: { locale: parsed.data.locale } }, { accessToken: access.token });
        } catch (error) {
          return serviceFailure(
            context,
            error,
            'Saving the preferences failed',
            { locale: parsed.data.locale },
            'account:preferences.saveFailed',
          );
        }
        return {
          kind: 'succeeded',
          message: 'account:preferences.saved',
          redirectTo: context.urls.route('accountPreferences', {}, parsed.data.locale),
        };
      },
    },
  },
};

export default preferencesPage;
