import { gql, type TypedDocumentNode } from '@apollo/client';
import { onboardUserRules, type OnboardUserInput } from '#platform/profile-rules.ts';
import { ONBOARDING_FORM, ONBOARDING_INTENT, OnboardingPage, type OnboardingPageData } from '#views/pages/OnboardingPage.tsx';
import { safeReturnTo } from '../auth/session-auth.ts';
import { parseForm } from '../forms/parse-form.ts';
import { saveSession } from '../session/session-promises.ts';
import { page, redirect, type FormAction, type PageContext, type PageModule } from '../page.ts';

const PROFILE: TypedDocumentNode<{ user: OnboardingPageData['profile'] & { onboarded: boolean } }, Record<string, never>> = gql`
  query OnboardingProfile {
    user {
      firstName
      lastName
      phoneNumber
      birthDate
      gender
      locale
      onboarded
    }
  }
`;

const ONBOARD_USER: TypedDocumentNode<{ onboardUser: { onboarded: boolean } }, { input: OnboardUserInput }> = gql`
  mutation OnboardUser($input: OnboardUserInput!) {
    onboardUser(input: $input) {
      onboarded
    }
  }
`;

const returnToOf = ({ req, urls }: PageContext, body?: Record<string, string>) =>
  safeReturnTo(body?.returnTo ?? req.query.returnTo, urls.route('account'));

const onboard: FormAction = {
  form: ONBOARDING_FORM,
  async handle(context, body) {
    const { req, services, accessToken } = context;
    const parsed = parseForm(onboardUserRules, body);
    if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
    const { returnTo: _, intent: __, _csrf: ___, ...values } = body;
    try {
      const token = await accessToken();
      if (!token) return { kind: 'succeeded', redirectTo: context.urls.route('accountLogin') };
      await services.user.mutate(ONBOARD_USER, { input: parsed.data }, { accessToken: token });
    } catch (error) {
      req.log.warn({ err: error }, 'Onboarding could not be saved');
      return { kind: 'failed', values, message: 'account:onboarding.failed', cause: error };
    }
    if (req.session.auth?.user) req.session.auth.user.onboarded = true;
    if (req.session.auth) {
      req.session.auth.profile = { ...req.session.auth.profile, firstName: parsed.data.firstName, lastName: parsed.data.lastName };
    }
    await saveSession(req);
    return { kind: 'succeeded', redirectTo: returnToOf(context, body) };
  },
};

/**
 * SPEC 4.1, 6: the onboarding a social sign-in leads to. Names come prefilled from the profile
 * the provider's claims created; the terms must be accepted. Done, the visitor goes where they
 * were going (a path of this site only) or to their account.
 */
const accountOnboardingPage: PageModule<OnboardingPageData> = {
  requiresSignIn: true,
  async load(context) {
    const { req, urls, services, t, accessToken } = context;
    const returnTo = returnToOf(context);
    if (req.session.auth?.user?.onboarded !== false) return redirect(urls.route('account'));
    const token = await accessToken();
    if (!token) return redirect(`${urls.route('accountLogin')}?returnTo=${encodeURIComponent(req.originalUrl)}`);
    const { user } = await services.user.query(PROFILE, {}, { accessToken: token });
    if (user.onboarded) {
      // Finished elsewhere (another device): the session catches up.
      req.session.auth!.user!.onboarded = true;
      await saveSession(req);
      return redirect(returnTo);
    }
    return page(
      { profile: user, returnTo },
      { title: t('account:onboarding.title'), noIndex: true },
      { page_type: 'account', module_name: 'account', submodule_name: 'onboarding' },
    );
  },
  View: OnboardingPage,
  actions: { [ONBOARDING_INTENT]: onboard },
};

export default accountOnboardingPage;
