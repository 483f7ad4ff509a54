import { gql, type TypedDocumentNode } from '@apollo/client';
import { AccountPage, type AccountPageData } from '#views/pages/AccountPage.tsx';
import { page, redirect, type PageModule } from '../page.ts';

const CURRENT_USER: TypedDocumentNode<AccountPageData> = gql`
  query CurrentUser {
    user {
      firstName
      lastName
      email
    }
  }
`;

/** SPEC 2.4: the account overview, with the signed-in user read from the user service. */
const accountPage: PageModule<AccountPageData> = {
  requiresSignIn: true,
  async load({ services, urls, req, t, accessToken }) {
    const token = await accessToken();
    if (!token) return redirect(`${urls.route('accountLogin')}?returnTo=${encodeURIComponent(req.originalUrl)}`);
    const data = await services.user.query(CURRENT_USER, {}, { accessToken: token });
    return page(
      data,
      { title: t('account:overview.title'), noIndex: true },
      { page_type: 'account', module_name: 'account', submodule_name: 'overview' },
    );
  },
  View: AccountPage,
  actions: {
    'sign-out': {
      form: 'sign-out',
      async handle({ req, locale, services, urls }) {
        const endSessionUrl = await services.auth.signOut(req, locale);
        return { kind: 'succeeded', redirectTo: endSessionUrl ?? urls.route('accountLogin') };
      },
    },
  },
};

export default accountPage;
