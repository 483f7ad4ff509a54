import type { Grant, KoaContextWithOIDC } from 'oidc-provider';

/**
 * Consent for our own first-party clients (the only ones registered): the grant covers what they
 * ask for, the OpenID scopes and the API resource, so no consent screen is ever shown. Takes the
 * place of oidc-provider's `loadExistingGrant`, which runs on each authorization request of a
 * signed-in visitor.
 */
export async function loadGrantWithAutomaticConsent(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const { accountId } = oidc.session;
  if (!accountId || !oidc.client) return undefined;
  const { clientId } = oidc.client;

  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing?.accountId === accountId ? existing : new oidc.provider.Grant({ accountId, clientId });

  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  for (const [resource, server] of Object.entries(oidc.resourceServers)) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
    if (scopes.length) grant.addResourceScope(resource, scopes.join(' '));
  }
  await grant.save();
  return grant;
}
