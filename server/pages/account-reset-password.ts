import { z } from 'zod';
import { ResetPasswordPage, RESET_PASSWORD_FORM, type ResetPasswordPageData } from '#views/pages/account/ResetPasswordPage.tsx';
import { clearResetEmail, readResetEmail } from '../auth/signup-state.ts';
import { checkPassword, clientIpOf, codeField, refusalOf } from '../forms/account-forms.ts';
import { fields, parseForm } from '../forms/parse-form.ts';
import { page, redirect, type PageModule } from '../page.ts';

const schema = z.object({ email: fields.email(), code: codeField() });

/**
 * SPEC 2.1: /account/reset-password: the e-mail (prefilled after forgot-password), the code and a
 * new password under the SPEC 5 rules. Success shows "password changed" here, with a button to sign
 * in: the login page goes straight on to the identity service's hosted page, which could not show
 * the site's message, and this works the same without JavaScript.
 */
const accountResetPasswordPage: PageModule<ResetPasswordPageData> = {
  async load({ req, urls, viewer, t }) {
    if (viewer) return redirect(urls.route('account'));
    const changed = req.query.changed !== undefined;
    return page(
      {
        changed,
        email: readResetEmail(req) ?? '',
        signInUrl: `${urls.route('accountLogin')}?returnTo=${encodeURIComponent(urls.route('account'))}`,
      },
      {
        title: t(changed ? 'account:resetPassword.changed.title' : 'account:resetPassword.title'),
        description: t('account:resetPassword.intro'),
        noIndex: true,
      },
      { page_type: 'resetPassword', module_name: 'account', submodule_name: changed ? 'reset_password_done' : 'reset_password' },
    );
  },
  View: ResetPasswordPage,
  actions: {
    'reset-password': {
      form: RESET_PASSWORD_FORM,
      async handle({ req, res, services, urls }, body) {
        const parsed = parseForm(schema, body);
        const password = checkPassword(body);
        if (!parsed.ok || Object.keys(password.errors).length) {
          const values = parsed.ok ? parsed.data : parsed.values;
          return {
            kind: 'invalid',
            values: { ...values, ...password.values },
            errors: { ...(parsed.ok ? {} : parsed.errors), ...password.errors },
          };
        }
        const { email, code } = parsed.data;
        try {
          await services.userPool.resetPassword({ email, code, password: body.password!, clientIp: clientIpOf(req) });
        } catch (error) {
          req.log.warn({ err: error }, 'Password reset refused');
          return refusalOf(error, 'resetPassword', { email, code });
        }
        clearResetEmail(res);
        return { kind: 'succeeded', redirectTo: `${urls.route('accountResetPassword')}?changed` };
      },
    },
  },
};

export default accountResetPasswordPage;
