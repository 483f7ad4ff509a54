/**
 * Secrets a test site in production mode starts with: each of its own and long enough for
 * production's rules (32 characters and more, none of the development values), with `label` in
 * each so that a test's sites never share one by accident.
 */
export function productionSecrets(label: string): Record<string, string> {
  const secret = (name: string) => `${label}-${name}-secret-for-a-production-test`;
  return {
    SESSION_SECRET: secret('session'),
    CONTENT_API_TOKEN: secret('content-api'),
    CONTENT_PREVIEW_TOKEN: secret('content-preview'),
    OIDC_CLIENT_SECRET: secret('oidc-client'),
    IDENTITY_SECRET: secret('identity'),
    PREVIEW_SECRET: secret('preview'),
    COMMERCE_SECRET: secret('commerce'),
  };
}
