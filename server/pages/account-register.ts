import { z } from 'zod';
import { RegisterPage, REGISTER_FORM, REGISTER_CODE_FORM, type RegisterPageData } from '#views/pages/account/RegisterPage.tsx';
import { safeReturnTo } from '../auth/session-auth.ts';
import { clearSignupState, readSignupState, saveSignupState } from '../auth/signup-state.ts';
import {
  checkPassword,
  clientIpOf,
  codeField,
  personalInfoSchema,
  refusalOf,
  reasonCodeOf,
  trackRegistration,
} from '../forms/account-forms.ts';
import { parseForm } from '../forms/parse-form.ts';
import { page, redirect, type FormAction, type FormOutcome, type PageContext, type PageModule } from '../page.ts';
import type { UrlBuilder } from '../urls.ts';

/** SPEC 9.2: the done state sends the new user on after 5 seconds. */
export const SIGNUP_REDIRECT_SECONDS = 5;

/** Where the identity service sends a user who just confirmed their account, signed in. */
export const doneStateUrl = (urls: UrlBuilder, returnTo: string): string =>
  `${urls.route('accountRegister')}?step=done&next=${encodeURIComponent(returnTo)}`;

/** The hidden fields step 2 carries: step 1's values, checked again on every submission. */
const carried = (data: { firstName: string; lastName: string; email: string }, returnTo: string) => ({
  firstName: data.firstName,
  lastName: data.lastName,
  email: data.email,
  terms: 'on',
  returnTo,
});

const returnToOf = (context: PageContext, body: Record<string, string>) => safeReturnTo(body.returnTo, context.urls.route('account'));

/** Step 1: personal info. Valid → the page again, showing step 2 with these values carried along. */
const detailsAction: FormAction = {
  form: REGISTER_FORM,
  async handle(context, body) {
    const returnTo = returnToOf(context, body);
    const parsed = parseForm(personalInfoSchema, body);
    if (!parsed.ok) return { kind: 'invalid', values: { ...parsed.values, returnTo, step: 'details' }, errors: parsed.errors };
    trackRegistration(context, { name: 'started' });
    trackRegistration(context, { name: 'progressed', step: 1 });
    return { kind: 'succeeded', nextStep: true, values: { ...carried(parsed.data, returnTo), step: 'password' } };
  },
};

/** Step 2: the password. The account is created here and the identity service e-mails the code. */
const passwordAction: FormAction = {
  form: REGISTER_FORM,
  async handle(context, body): Promise<FormOutcome> {
    const { req, res, services, locale, urls } = context;
    const returnTo = returnToOf(context, body);
    const details = parseForm(personalInfoSchema, body);
    // Step 1's values came back from the browser: anything wrong with them sends the visitor back there.
    if (!details.ok) return { kind: 'invalid', values: { ...details.values, returnTo, step: 'details' }, errors: details.errors };
    const values = { ...carried(details.data, returnTo), step: 'password' };
    const password = checkPassword(body);
    if (Object.keys(password.errors).length) {
      trackRegistration(context, { name: 'failed', step: 2, reason: 'invalid_password' });
      return { kind: 'invalid', values: { ...values, ...password.values }, errors: password.errors };
    }
    let registration: string;
    try {
      ({ registration } = await services.userPool.signUp({
        email: details.data.email,
        password: body.password!,
        givenName: details.data.firstName,
        familyName: details.data.lastName,
        locale,
        clientIp: clientIpOf(req),
      }));
    } catch (error) {
      req.log.warn({ err: error }, 'Sign-up refused');
      trackRegistration(context, { name: 'failed', step: 2, reason: reasonCodeOf(error) });
      return refusalOf(error, 'register', values);
    }
    saveSignupState(req, res, { email: details.data.email, locale, returnTo, resent: false, registration });
    trackRegistration(context, { name: 'progressed', step: 2 });
    return { kind: 'succeeded', redirectTo: `${urls.route('accountRegister')}?step=verify` };
  },
};

/** Back from step 2 to step 1 with the values kept, without JavaScript. */
const editAction: FormAction = {
  form: REGISTER_FORM,
  async handle(context, body) {
    const returnTo = returnToOf(context, body);
    const text = (name: string) => (typeof body[name] === 'string' ? body[name].slice(0, 254) : '');
    return {
      kind: 'succeeded',
      nextStep: true,
      values: {
        firstName: text('firstName'),
        lastName: text('lastName'),
        email: text('email'),
        terms: text('terms'),
        returnTo,
        step: 'details',
      },
    };
  },
};

/**
 * Step 3 (and /account/verification): confirming the code creates a one-time ticket with which the
 * identity service signs the new user in, no password asked; they come back to the done state.
 */
export async function confirmAndSignIn(
  context: PageContext,
  input: { email: string; code: string; returnTo: string; registration?: string | undefined; password?: string | undefined },
  values: Record<string, string>,
): Promise<FormOutcome> {
  const { req, res, services, locale, urls } = context;
  let signInTicket: string;
  try {
    ({ signInTicket } = await services.userPool.confirmSignUp({
      email: input.email,
      code: input.code,
      registration: input.registration,
      password: input.password,
      clientIp: clientIpOf(req),
    }));
  } catch (error) {
    req.log.warn({ err: error }, 'Sign-up code refused');
    trackRegistration(context, { name: 'failed', step: 3, reason: reasonCodeOf(error) });
    return refusalOf(error, 'verification', values);
  }
  trackRegistration(context, { name: 'progressed', step: 3 });
  clearSignupState(res);
  try {
    const url = await services.auth.beginSignIn(req, res, {
      locale,
      returnTo: doneStateUrl(urls, input.returnTo),
      loginTicket: signInTicket,
    });
    return { kind: 'succeeded', redirectTo: url };
  } catch (error) {
    // The account exists and is confirmed: the visitor signs in the usual way.
    req.log.warn({ err: error }, 'Sign-in after sign-up could not start');
    return { kind: 'succeeded', redirectTo: `${urls.route('accountLogin')}?returnTo=${encodeURIComponent(input.returnTo)}` };
  }
}

const codeSchema = z.object({ code: codeField() });

const verifyAction: FormAction = {
  form: REGISTER_CODE_FORM,
  async handle(context, body) {
    const state = readSignupState(context.req);
    if (!state) return { kind: 'invalid', values: {}, errors: {}, message: 'errors:verification.generic' };
    const parsed = parseForm(codeSchema, body);
    if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
    return confirmAndSignIn(
      context,
      { email: state.email, code: parsed.data.code, returnTo: state.returnTo, registration: state.registration },
      { code: parsed.data.code },
    );
  },
};

const resendAction: FormAction = {
  form: REGISTER_CODE_FORM,
  async handle(context) {
    const { req, res, services, locale, urls } = context;
    const state = readSignupState(req);
    if (!state) return { kind: 'invalid', values: {}, errors: {}, message: 'errors:verification.generic' };
    try {
      await services.userPool.resendCode({ email: state.email, locale, clientIp: clientIpOf(req) });
    } catch (error) {
      req.log.warn({ err: error }, 'Sign-up code could not be sent again');
      return refusalOf(error, 'verification', {});
    }
    saveSignupState(req, res, { ...state, locale, resent: true });
    return { kind: 'succeeded', redirectTo: `${urls.route('accountRegister')}?step=verify` };
  },
};

/**
 * SPEC 2.1, 2.4: /account/register in three steps (personal info, password, code) and a done
 * state that welcomes the new user, signed in, and sends them on after 5 seconds (SPEC 9.2).
 */
const accountRegisterPage: PageModule<RegisterPageData> = {
  async load({ req, urls, viewer, t }) {
    const step = req.query.step;
    const head = { title: t('account:register.title'), description: t('account:register.details.intro'), noIndex: true };
    const analytics = REGISTER_ANALYTICS;
    if (step === 'done') {
      if (!viewer) return redirect(urls.route('accountRegister'));
      const next = safeReturnTo(req.query.next, urls.route('account'));
      return page(
        { step: 'done', next, firstName: viewer.firstName },
        { ...head, title: t('account:register.done.title'), refresh: { seconds: SIGNUP_REDIRECT_SECONDS, path: next } },
        { ...analytics, submodule_name: 'register_done' },
      );
    }
    if (viewer) return redirect(urls.route('account'));
    if (step === 'verify') {
      const state = readSignupState(req);
      if (!state) return redirect(urls.route('accountRegister'));
      return page({ step: 'verify', email: state.email, resent: state.resent }, head, { ...analytics, submodule_name: 'register_verify' });
    }
    return page({ step: 'form', returnTo: safeReturnTo(req.query.returnTo, urls.route('account')) }, head, analytics);
  },
  View: RegisterPage,
  actions: {
    'register-details': detailsAction,
    'register-password': passwordAction,
    'register-edit': editAction,
    'register-verify': verifyAction,
    'register-resend': resendAction,
  },
};

const REGISTER_ANALYTICS = { page_type: 'register', module_name: 'account', submodule_name: 'register' };

export default accountRegisterPage;
