import { SignInPage, type SignInPageData } from '#views/pages/SignInPage.tsx';
import { safeReturnTo } from '../auth/session-auth.ts';
import { saveSession } from '../session/session-promises.ts';
import { page, redirect, type PageModule } from '../page.ts';

/**
 * /account/login starts the sign-in at the identity service's hosted login page. When the last
 * sign-in failed (SPEC 4.1) it shows that once, with a button to try again, instead of looping.
 */
const accountLoginPage: PageModule<SignInPageData> = {
  async load({ req, locale, urls, services, viewer, t }) {
    const returnTo = safeReturnTo(req.query.returnTo, urls.route('account'));
    if (viewer) return redirect(returnTo);
    const failure = req.session.signInError;
    if (failure && req.query.retry === undefined) {
      delete req.session.signInError;
      await saveSession(req);
      return page(
        { retryUrl: `${urls.route('accountLogin')}?retry&returnTo=${encodeURIComponent(returnTo)}` },
        { title: t('account:signIn.title'), noIndex: true },
        { page_type: 'login', module_name: 'account', submodule_name: 'login' },
      );
    }
    return redirect(await services.auth.beginSignIn(req, { locale, returnTo }));
  },
  View: SignInPage,
};

export default accountLoginPage;
