import { SignInPage, type SignInPageData } from '#views/pages/SignInPage.tsx';
import { isSocialProvider, type SocialProvider } from '#platform/social-providers.ts';
import { safeReturnTo } from '../auth/session-auth.ts';
import { clearSignInCookie, readSignInFailure } from '../auth/sign-in-cookie.ts';
import { flashedForm } from '../forms/flash-message.ts';
import { trackingContext } from '../site-renderer.tsx';
import { page, redirect, type PageModule } from '../page.ts';

/** SPEC 9.4: user_login_started names the provider so. */
const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

/**
 * /account/login starts the sign-in at the identity service's hosted login page. When the last
 * sign-in failed (SPEC 4.1) it shows that once, with a button to try again, instead of looping;
 * right after signing out it says so once (SPEC 2.1, decision 0040), with a button to sign in again.
 */
const accountLoginPage: PageModule<SignInPageData> = {
  async load({ req, res, locale, urls, services, viewer, t }) {
    const returnTo = safeReturnTo(req.query.returnTo, urls.route('account'));
    if (viewer) return redirect(returnTo);
    const failure = readSignInFailure(req);
    const signedOut = flashedForm(req) === 'sign-out';
    if ((failure || signedOut) && req.query.retry === undefined) {
      if (failure) clearSignInCookie(res);
      return page(
        { retryUrl: `${urls.route('accountLogin')}?retry&returnTo=${encodeURIComponent(returnTo)}`, failed: Boolean(failure) },
        { title: t('account:signIn.title'), noIndex: true },
        { page_type: 'login', module_name: 'account', submodule_name: 'login' },
      );
    }
    // `?provider=google`: the site's "Sign up with Google" goes straight to that provider (decision 0021).
    const identityProvider = isSocialProvider(req.query.provider) ? req.query.provider : undefined;
    const location = await services.auth.beginSignIn(req, res, { locale, returnTo, identityProvider });
    services.tracker.track(
      'user_login_started',
      trackingContext(req, { page_type: 'login', module_name: 'account', submodule_name: 'login' }),
      { provider: identityProvider ? PROVIDER_NAMES[identityProvider] : 'Default' },
    );
    return redirect(location);
  },
  View: SignInPage,
};

export default accountLoginPage;
