import { z } from 'zod';
import { ForgotPasswordPage, FORGOT_PASSWORD_FORM, type ForgotPasswordPageData } from '#views/pages/account/ForgotPasswordPage.tsx';
import { saveResetEmail } from '../auth/signup-state.ts';
import { clientIpOf, refusalOf } from '../forms/account-forms.ts';
import { fields, parseForm } from '../forms/parse-form.ts';
import { page, redirect, type PageModule } from '../page.ts';
import { trackingContext } from '../site-renderer.tsx';

const schema = z.object({ email: fields.email() });
const ANALYTICS = { page_type: 'forgotPassword', module_name: 'account', submodule_name: 'forgot_password' };

/**
 * SPEC 2.1: /account/forgot-password. The answer is the same whether or not an account exists
 * ("if an account exists we sent a code"), then the visitor goes on to reset the password.
 */
const accountForgotPasswordPage: PageModule<ForgotPasswordPageData> = {
  async load({ urls, viewer, t }) {
    if (viewer) return redirect(urls.route('account'));
    return page({}, { title: t('account:forgotPassword.title'), description: t('account:forgotPassword.intro'), noIndex: true }, ANALYTICS);
  },
  View: ForgotPasswordPage,
  actions: {
    'forgot-password': {
      form: FORGOT_PASSWORD_FORM,
      async handle({ req, res, services, locale, urls }, body) {
        const parsed = parseForm(schema, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        const { email } = parsed.data;
        try {
          await services.userPool.forgotPassword({ email, locale, clientIp: clientIpOf(req) });
        } catch (error) {
          req.log.warn({ err: error }, 'Password reset code could not be sent');
          return refusalOf(error, 'forgotPassword', { email });
        }
        services.tracker.track('user_password_forgotten', trackingContext(req, ANALYTICS));
        saveResetEmail(req, res, email);
        return { kind: 'succeeded', message: 'account:forgotPassword.sent', redirectTo: urls.route('accountResetPassword') };
      },
    },
  },
};

export default accountForgotPasswordPage;
