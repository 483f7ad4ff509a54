import { decodeJwt, decodeProtectedHeader } from 'jose';
import { databaseBackends } from '#test/support/backends.ts';
import { ISSUER, WEBSITE } from '#identity/test-support/identity-fixture.ts';
import { startUserService, type RunningUserService } from './test-support/user-fixture.ts';

const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

/**
 * SPEC 6, 7.2: the identity service issues guest credentials to the website for the commerce
 * service. They are access tokens of the API audience, and the user service must not take them.
 */
describe.each(databaseBackends)('guest credentials on $name', (backend) => {
  let running: RunningUserService;

  beforeAll(async () => {
    running = await startUserService(backend);
  });
  afterAll(() => running.close());

  const ask = (body: object, authorization = basic(WEBSITE.clientId, WEBSITE.clientSecret)) =>
    running.identity.fetch(`${ISSUER}/api/guest-credentials`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('issues an hour-long guest token and keeps the subject of an identity', async () => {
    const before = Date.now();
    const first = await ask({});
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const credentials = (await first.json()) as { identityId: string; accessToken: string; expiresAt: string };
    expect(credentials.identityId).toMatch(/^[0-9a-f-]{36}$/);
    const claims = decodeJwt(credentials.accessToken);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: 'urn:nabd:api',
      sub: `guest_${credentials.identityId}`,
      guest: true,
      client_id: WEBSITE.clientId,
    });
    expect(decodeProtectedHeader(credentials.accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(Date.parse(credentials.expiresAt)).toBeGreaterThanOrEqual(before + 3599_000);

    const again = (await (await ask({ identityId: credentials.identityId })).json()) as typeof credentials;
    expect(again.identityId).toBe(credentials.identityId);
    expect(again.accessToken).not.toBe(credentials.accessToken);
    expect(decodeJwt(again.accessToken).sub).toBe(`guest_${credentials.identityId}`);
  });

  it('refuses callers that are not our clients and identities that are not UUIDs', async () => {
    expect((await ask({}, basic(WEBSITE.clientId, 'wrong-secret-of-some-length'))).status).toBe(401);
    expect((await ask({}, '')).status).toBe(401);
    const malformed = await ask({ identityId: "x' or 1=1" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_request' });
  });

  it('is refused by the user service (401) and by the account operations', async () => {
    const { accessToken } = (await (await ask({})).json()) as { accessToken: string };
    const response = await running.call({ query: '{ me { id } }' }, accessToken);
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // The same token refused where any caller is welcome: a bad credential is never taken for none.
    const notifications = await running.call({ query: '{ notifications { id } }' }, accessToken);
    expect(notifications.status).toBe(401);

    const account = await running.identity.fetch(`${ISSUER}/api/account`, {
      headers: { authorization: basic(WEBSITE.clientId, WEBSITE.clientSecret), 'x-user-authorization': `Bearer ${accessToken}` },
    });
    expect(account.status).toBe(401);
  });
});
