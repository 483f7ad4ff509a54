import { readPendingSignIn } from '../auth/sign-in-cookie.ts';
import { notFound, redirect, type PageModule } from '../page.ts';
import { trackingContext } from '../site-renderer.tsx';
import { localizePath } from '../urls.ts';

/**
 * SPEC 2.1: the sign-in redirect lands here. The code is exchanged for tokens and the visitor goes
 * back where they started. SPEC 4.1, 8: a failure signs the visitor out, is tracked (unless it is an
 * OAuth protocol message) and sends them to the login page.
 */
const accountRedirectingPage: PageModule<null> = {
  async load({ req, res, services, urls }) {
    const pending = readPendingSignIn(req);
    if (!pending && !req.query.code && !req.query.error) return notFound();
    const callbackUrl = new URL(req.originalUrl, urls.absolute('/'));
    try {
      const { returnTo } = await services.auth.finishSignIn(req, res, callbackUrl);
      return redirect(returnTo);
    } catch (error) {
      const reason = (error as Error).message;
      req.log.warn({ err: error }, 'Sign-in failed');
      if (!/oauth/i.test(reason)) {
        services.tracker.track(
          'user_login_failed',
          trackingContext(req, { page_type: 'login', module_name: 'account', submodule_name: 'redirecting' }),
          { provider: 'Default', reason_code: reason.slice(0, 200) },
          '1.1',
        );
      }
      const locale = pending?.locale ?? req.locale;
      await services.auth.failSignIn(req, res, reason);
      return redirect(localizePath('/account/login', locale));
    }
  },
  View: () => null,
};

export default accountRedirectingPage;
