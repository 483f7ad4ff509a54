import { gql, type TypedDocumentNode } from '@apollo/client';
import { canUpdatePassword } from '#platform/social-providers.ts';
import { ACCOUNT_DELETE_FORM } from '#views/components/SiteNotice.tsx';
import { CHANGE_PASSWORD_FORM, ManagePage, type ManagePageData } from '#views/pages/account/ManagePage.tsx';
import { UserPoolError } from '../../auth/user-pool-api.ts';
import { changePasswordForm, deleteAccountForm } from '../../forms/account-area-forms.ts';
import { checkPassword } from '../../forms/account-forms.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { page, type FormOutcome, type PageContext, type PageModule } from '../../page.ts';
import { accessTokenOrSignIn, accountAnalytics, serviceFailure, signInAgainOutcome } from './account-access.ts';

const DELETE_USER: TypedDocumentNode<{ deleteUser: boolean }> = gql`
  mutation DeleteUser {
    deleteUser
  }
`;

/**
 * SPEC 4.1, 6: users of a social sign-in have no password with us to change. The session's
 * username tells (SPEC 4.1); a session from before it was kept asks the identity service.
 */
async function passwordChangeable(context: PageContext, accessToken: string): Promise<boolean> {
  const username = context.req.session.auth?.user?.username;
  if (username !== undefined) return canUpdatePassword(username);
  try {
    return (await context.services.userPool.account(accessToken)).canUpdatePassword;
  } catch (error) {
    // The form stays: the identity service refuses a social user's change all the same.
    context.req.log.warn({ err: error }, 'Reading the account information failed');
    return true;
  }
}

/**
 * Beyond SPEC 2.1 (SPEC 2.4 "manage account"): change password, download my data and delete my
 * account, as Saudi data-protection law (PDPL) expects the last two. Deleting is a second step of
 * the page (`?delete=confirm`) with a box to tick, so it works without JavaScript.
 */
const managePage: PageModule<ManagePageData> = {
  requiresSignIn: true,
  async load(context) {
    const access = await accessTokenOrSignIn(context);
    if ('signIn' in access) return access.signIn;
    return page(
      { canUpdatePassword: await passwordChangeable(context, access.token), confirmingDelete: context.req.query.delete === 'confirm' },
      { title: context.t('account:manage.title'), noIndex: true },
      accountAnalytics('manage'),
    );
  },
  View: ManagePage,
  actions: {
    'change-password': {
      form: CHANGE_PASSWORD_FORM,
      async handle(context, body) {
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        if (!(await passwordChangeable(context, access.token)))
          return { kind: 'invalid', values: {}, errors: {}, message: 'account:manage.password.social', status: 409 };
        // Every problem at once: the current password's and all the new one's (SPEC 5).
        const parsed = parseForm(changePasswordForm, body);
        const password = checkPassword(body);
        if (!parsed.ok || Object.keys(password.errors).length > 0) {
          return {
            kind: 'invalid',
            values: password.values,
            errors: { ...(parsed.ok ? {} : parsed.errors), ...password.errors },
          };
        }
        try {
          await context.services.userPool.changePassword(access.token, {
            currentPassword: parsed.data.currentPassword,
            newPassword: body.password!,
            // The visitor's address for the identity's per-address limits (in-process calls have none).
            clientIp: context.req.ip || 'unknown',
          });
        } catch (error) {
          return passwordRefusal(context, error);
        }
        return { kind: 'succeeded', message: 'account:manage.password.changed' };
      },
    },
    'delete-account': {
      form: ACCOUNT_DELETE_FORM,
      async handle(context, body) {
        const parsed = parseForm(deleteAccountForm, body);
        if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
        const access = await accessTokenOrSignIn(context);
        if ('signIn' in access) return signInAgainOutcome(context);
        try {
          // The profile first: should the identity fail next, signing in again finds an empty
          // profile rather than an account whose data outlived its deletion.
          await context.services.user.mutate(DELETE_USER, {}, { accessToken: access.token });
          await context.services.userPool.deleteAccount(access.token);
        } catch (error) {
          return serviceFailure(context, error, 'Deleting an account failed', {}, 'account:manage.delete.failed');
        }
        context.req.log.info('An account was deleted at its owner’s request');
        // The identity service ended every sign-in of the account with it; signing out the usual
        // way finds nothing left there and ends the site's session. Should the identity service
        // not answer now, the site's session ends all the same: there is no account to return to.
        await context.services.auth.signOut(context.req).catch(async (error: unknown) => {
          context.req.log.warn({ err: error }, 'Signing out after deleting the account failed at the identity service');
          await context.services.auth.forget(context.req);
        });
        return { kind: 'succeeded', message: 'account:manage.delete.done', redirectTo: context.urls.route('home') };
      },
    },
  },
};

/** SPEC 5, 8: why the identity service refused the new password, as the form shows it. */
function passwordRefusal(context: PageContext, error: unknown): FormOutcome {
  const code = error instanceof UserPoolError ? error.code : undefined;
  if (code === 'wrong_password')
    return { kind: 'invalid', values: {}, errors: { currentPassword: 'account:manage.password.wrongCurrent' } };
  if (code === 'invalid_password') return { kind: 'invalid', values: {}, errors: { password: 'account:passwordRules.rejected' } };
  if (code === 'too_many_requests')
    return { kind: 'invalid', values: {}, errors: {}, message: 'account:manage.password.tooManyRequests', status: 429 };
  if (code === 'federated_account')
    return { kind: 'invalid', values: {}, errors: {}, message: 'account:manage.password.social', status: 409 };
  return serviceFailure(context, error, 'Changing a password failed', {}, 'account:manage.password.failed');
}

export default managePage;
