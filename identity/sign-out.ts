import type Provider from 'oidc-provider';
import type { RevokedGrants } from './revoked-grants.ts';

/**
 * Ends one sign-in for the client that holds its refresh token (decision 0040): the provider
 * session of that browser is destroyed, so the next sign-in there asks for the password again;
 * the grant and everything issued under it (refresh tokens, codes) is revoked; and the grant is
 * published as revoked, so the access tokens still in circulation are refused by the services.
 * The user's sign-ins on other devices are other sessions and grants, and stay.
 *
 * Answers whether there was a sign-in to end. A refresh token that is unknown, expired or of
 * another client ends nothing: signing out again, or after the account was deleted, is not an error.
 */
export type SignOut = (clientId: string, refreshToken: string) => Promise<boolean>;

export function createSignOut(provider: Provider, revokedGrants: RevokedGrants): SignOut {
  return async (clientId, refreshToken) => {
    // A refresh token already used (rotated by a parallel request) still names its sign-in; the
    // session binding is checked below instead, where a mismatch must not hide the grant.
    const token = await provider.RefreshToken.find(refreshToken, { ignoreSessionBinding: true });
    if (!token || token.clientId !== clientId) return false;

    const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
    const sessionHoldsGrant = session?.accountId === token.accountId && session.grantIdFor(clientId) === token.grantId;
    // Like the end-session endpoint's "sign out": the session goes, and with it every grant it holds.
    const grantIds = new Set([token.grantId]);
    if (session && sessionHoldsGrant) {
      for (const { grantId, persistsLogout } of Object.values(session.authorizations ?? {})) {
        if (grantId && !persistsLogout) grantIds.add(grantId);
      }
    }

    // Published first: should a later step fail, the tokens are refused already, and the caller's
    // retry finds the rest still to do.
    await revokedGrants.record(grantIds);
    for (const grantId of grantIds) {
      await Promise.all([
        provider.AccessToken.revokeByGrantId(grantId),
        provider.RefreshToken.revokeByGrantId(grantId),
        provider.AuthorizationCode.revokeByGrantId(grantId),
        provider.Grant.adapter.destroy(grantId),
      ]);
    }
    if (session && sessionHoldsGrant) await session.destroy();
    return true;
  };
}
