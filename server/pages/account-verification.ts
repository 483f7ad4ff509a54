import { z } from 'zod';
import { VerificationPage, VERIFICATION_FORM, type VerificationPageData } from '#views/pages/account/VerificationPage.tsx';
import { readSignupState, saveSignupState } from '../auth/signup-state.ts';
import { clientIpOf, codeField, refusalOf } from '../forms/account-forms.ts';
import { fields, parseForm } from '../forms/parse-form.ts';
import { page, redirect, type FormAction, type PageModule } from '../page.ts';
import { confirmAndSignIn } from './account-register.ts';

const verifySchema = z.object({ email: fields.email(), code: codeField(), password: z.string().max(1024).optional() });
const resendSchema = z.object({ email: fields.email() });

/** The code for the e-mail given; success signs the new user in like step 3 of sign-up. */
const verifyAction: FormAction = {
  form: VERIFICATION_FORM,
  async handle(context, body) {
    const parsed = parseForm(verifySchema, body);
    if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
    const { email, code, password } = parsed.data;
    const state = readSignupState(context.req);
    // This browser's own sign-up confirms with its secret; anywhere else the password proves it.
    const sameSignUp = state?.registration && state.email.toLowerCase() === email.toLowerCase() ? state : undefined;
    if (!sameSignUp && !password) return { kind: 'invalid', values: { email, code }, errors: { password: 'validation:required' } };
    const returnTo = sameSignUp?.returnTo ?? context.urls.route('account');
    return confirmAndSignIn(
      context,
      { email, code, returnTo, ...(sameSignUp ? { registration: sameSignUp.registration } : { password }) },
      { email, code },
    );
  },
};

/** SPEC 2.4: a new code; the page then says so, and to look in the spam folder. */
const resendAction: FormAction = {
  form: VERIFICATION_FORM,
  async handle(context, body) {
    const { req, res, services, locale, urls } = context;
    const parsed = parseForm(resendSchema, body);
    if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
    const { email } = parsed.data;
    try {
      await services.userPool.resendCode({ email, locale, clientIp: clientIpOf(req) });
    } catch (error) {
      req.log.warn({ err: error }, 'Sign-up code could not be sent again');
      return refusalOf(error, 'verification', { email });
    }
    const state = readSignupState(req);
    const sameSignUp = state?.email.toLowerCase() === email.toLowerCase() ? state : undefined;
    saveSignupState(req, res, {
      email,
      locale,
      returnTo: sameSignUp?.returnTo ?? urls.route('account'),
      resent: true,
      registration: sameSignUp?.registration,
    });
    return { kind: 'succeeded', redirectTo: urls.route('accountVerification') };
  },
};

/**
 * SPEC 2.1: /account/verification, for someone who left sign-up before entering the code. The
 * e-mail comes prefilled from the sign-up cookie when there is one.
 */
const accountVerificationPage: PageModule<VerificationPageData> = {
  async load({ req, urls, viewer, t }) {
    if (viewer) return redirect(urls.route('account'));
    const state = readSignupState(req);
    return page(
      { email: state?.email ?? '', resent: state?.resent ?? false, sent: Boolean(state), needsPassword: !state?.registration },
      { title: t('account:verification.title'), description: t('account:verification.intro'), noIndex: true },
      { page_type: 'register', module_name: 'account', submodule_name: 'verification' },
    );
  },
  View: VerificationPage,
  actions: { 'verification-verify': verifyAction, 'verification-resend': resendAction },
};

export default accountVerificationPage;
