import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import { generateKeyPair, exportJWK } from 'jose';

/** The person the test signs in as at the upstream provider. */
export interface UpstreamPerson {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
}

export interface UpstreamProvider {
  /** `http://127.0.0.1:<port>`: reachable by route tests (fetch) and real browsers alike. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment that makes a site use this provider as its `google`. */
  environment: Record<string, string>;
  close(): Promise<void>;
}

/** Everything the upstream provider keeps, in memory for the life of the test file. */
class MemoryAdapter implements Adapter {
  static readonly #store = new Map<string, AdapterPayload>();
  constructor(private readonly model: string) {}
  #key = (id: string) => `${this.model}:${id}`;
  async upsert(id: string, payload: AdapterPayload) {
    MemoryAdapter.#store.set(this.#key(id), payload);
  }
  async find(id: string) {
    return MemoryAdapter.#store.get(this.#key(id));
  }
  async findByUid(uid: string) {
    return [...MemoryAdapter.#store.entries()].find(([key, payload]) => key.startsWith(`${this.model}:`) && payload.uid === uid)?.[1];
  }
  async findByUserCode() {
    return undefined;
  }
  async consume(id: string) {
    const payload = MemoryAdapter.#store.get(this.#key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.#store.delete(this.#key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, payload] of MemoryAdapter.#store) if (payload.grantId === grantId) MemoryAdapter.#store.delete(key);
  }
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A second OpenID provider for tests (oidc-provider, its own small configuration, kept in memory),
 * standing in for Google. Its login page is a plain form where the test chooses who signs in
 * (subject, e-mail, names, whether the e-mail is verified), or refuses ("Deny").
 */
export async function startUpstreamProvider(options: {
  /** Our callback; a function when the site's port is only known after this provider starts. */
  redirectUri: string | (() => string);
}): Promise<UpstreamProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'nabd-identity';
  const clientSecret = 'upstream-test-client-secret';
  const people = new Map<string, UpstreamPerson>();

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'upstream', alg: 'RS256', use: 'sig' };
  const redirectUri = () => (typeof options.redirectUri === 'string' ? options.redirectUri : options.redirectUri());
  const createUpstream = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri()],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
          post_logout_redirect_uris: [],
        },
      ],
      jwks: { keys: [signingKey] },
      adapter: (model) => new MemoryAdapter(model),
      ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 600, Grant: 600 },
      cookies: { keys: ['upstream-test-cookie-key'] },
      scopes: ['openid', 'email', 'profile'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      // Consent is not what these tests are about: every sign-in grants what was asked.
      async loadExistingGrant(ctx) {
        const { accountId } = ctx.oidc.session;
        if (!accountId || !ctx.oidc.client) return undefined;
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      async findAccount(_ctx, sub) {
        const person = people.get(sub);
        return person && { accountId: sub, claims: () => ({ ...person }) };
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    });

  let created: Provider | undefined;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  /** Made on first use, when the site's callback is known. */
  const upstreamProvider = () => (created ??= createUpstream());

  const app = express();
  const form = express.urlencoded({ extended: false });
  app.get('/interaction/:uid', async (req, res) => {
    const details = await upstreamProvider().interactionDetails(req, res);
    const uid = escape(details.uid);
    res.type('html').send(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Upstream sign-in</title></head><body><main>
<h1>Upstream sign-in</h1>
<form method="post" action="/interaction/${uid}/login">
  <label>Subject <input name="sub" value="1000"></label>
  <label>Email <input name="email" value="upstream@example.com"></label>
  <label>Given name <input name="given_name" value="Sara"></label>
  <label>Family name <input name="family_name" value="Khan"></label>
  <label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
  <button type="submit">Sign in upstream</button>
</form>
<form method="post" action="/interaction/${uid}/deny"><button type="submit">Deny</button></form>
</main></body></html>`);
  });
  app.post('/interaction/:uid/login', form, async (req, res) => {
    const body = req.body as Record<string, string>;
    const person: UpstreamPerson = {
      sub: body.sub ?? '',
      email: body.email ?? '',
      given_name: body.given_name ?? '',
      family_name: body.family_name ?? '',
      email_verified: body.email_verified === 'true',
    };
    people.set(person.sub, person);
    await upstreamProvider().interactionFinished(
      req,
      res,
      { login: { accountId: person.sub }, consent: {} },
      { mergeWithLastSubmission: false },
    );
  });
  app.post('/interaction/:uid/deny', form, async (req, res) => {
    await upstreamProvider().interactionFinished(req, res, { error: 'access_denied', error_description: 'The person refused' });
  });
  app.use((req, res) => (handler ??= upstreamProvider().callback())(req, res));
  server.on('request', app);

  return {
    issuer,
    clientId,
    clientSecret,
    environment: { SOCIAL_GOOGLE_ISSUER: issuer, SOCIAL_GOOGLE_CLIENT_ID: clientId, SOCIAL_GOOGLE_CLIENT_SECRET: clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
