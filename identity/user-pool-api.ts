import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS, unavailableDependency } from '#platform/dependency-errors.ts';
import { reportError } from '#platform/error-reports.ts';
import type { Logger } from '#platform/logger.ts';
import type { OutageLog } from '#platform/outage-log.ts';
import type { RateLimitName, RateLimits } from '#platform/rate-limits.ts';
import { refuseUnstorableText } from '#platform/unstorable-text.ts';
import { AccountRefusal, type AccountRefusalReason } from './account-errors.ts';
import { createGuestCredentialIssuer } from './guest-credentials.ts';
import { LOCALES } from './locale.ts';
import type { RegisteredClient } from './provider.ts';
import type { SignOut } from './sign-out.ts';
import { SIGNING_ALGORITHM } from './signing-keys.ts';
import type { UserPool } from './user-pool.ts';

export interface UserPoolApiOptions {
  userPool: UserPool;
  rateLimits: RateLimits;
  clients: RegisteredClient[];
  /** The provider's signing keys; only their public halves are used here. */
  signingKeys: JWK[];
  issuer: string;
  apiAudience: string;
  logger: Logger;
  /** Where failures of an unavailable database are reported, once a minute. */
  outages: OutageLog;
  /** Ends the sign-in a refresh token belongs to (decision 0040). */
  signOut: SignOut;
}

/** The header carrying the visitor's access token; `Authorization` carries the client's credentials. */
export const USER_TOKEN_HEADER = 'x-user-authorization';

/** HTTP status of each refusal (decision 0020). */
export const STATUS_OF: Record<AccountRefusalReason, number> = {
  invalid_request: 400,
  unauthorized: 401,
  wrong_password: 403,
  federated_account: 403,
  account_exists: 409,
  invalid_password: 422,
  code_mismatch: 422,
  code_expired: 422,
  too_many_requests: 429,
  delivery_failed: 502,
};

const email = z.string().trim().min(3).max(254).pipe(z.email());
const locale = z.enum(LOCALES);
const clientIp = z.string().trim().min(1).max(64);
// Lengths are capped generously; the password policy itself is the user pool's to apply.
const password = z.string().min(1).max(1024);
const code = z.string().trim().min(1).max(32);
const name = z.string().trim().min(1).max(100);

const bodies = {
  signUp: z.object({ email, password, givenName: name, familyName: name, locale, clientIp }),
  // Either the secret the sign-up answered to the browser that made it, or the account's password.
  confirmSignUp: z
    .object({ email, code, clientIp, registration: z.string().min(1).max(128).optional(), password: password.optional() })
    .refine((body) => body.registration !== undefined || body.password !== undefined),
  resendCode: z.object({ email, locale, clientIp }),
  forgotPassword: z.object({ email, locale, clientIp }),
  resetPassword: z.object({ email, code, password, clientIp }),
  changePassword: z.object({ currentPassword: password, newPassword: password, clientIp }),
  guestCredentials: z.object({ identityId: z.uuid().optional() }),
  signOut: z.object({ refreshToken: z.string().min(1).max(512) }),
};

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * The user-pool operations the website calls (mounted at `/api` under the issuer): JSON in and
 * out, the calling client authenticated by HTTP Basic, the visitor by their access token for
 * operations on their own account. Clients are trusted with the visitor's address they send,
 * which the per-address limits count.
 */
export function createUserPoolApi(options: UserPoolApiOptions): express.Router {
  const { userPool, rateLimits, logger } = options;
  const router = express.Router();
  const publicKeys = createLocalJWKSet({ keys: options.signingKeys.map(publicHalf) });
  const issueGuestCredentials = createGuestCredentialIssuer({
    signingKeys: options.signingKeys,
    issuer: options.issuer,
    apiAudience: options.apiAudience,
  });
  const secretDigests = new Map(options.clients.map((client) => [client.clientId, digest(client.clientSecret)]));

  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(express.json({ limit: '10kb' }), refuseUnstorableText);

  /** The calling client, or a 401 answered. */
  function authenticateClient(req: Request, res: Response): string | undefined {
    const [scheme, value] = (req.headers.authorization ?? '').split(' ');
    const credentials = scheme?.toLowerCase() === 'basic' && value ? Buffer.from(value, 'base64').toString('utf8') : '';
    const separator = credentials.indexOf(':');
    let clientId = '';
    let secret = '';
    try {
      clientId = decodeURIComponent(credentials.slice(0, separator));
      secret = decodeURIComponent(credentials.slice(separator + 1));
    } catch {
      // Malformed percent-encoding: not a client of ours.
    }
    const expected = secretDigests.get(clientId);
    // Compared as digests of equal length, in constant time; an unknown client costs the same.
    const matches = timingSafeEqual(expected ?? digest(''), digest(secret)) && expected !== undefined && separator > 0;
    if (!matches) {
      res.set('WWW-Authenticate', 'Basic realm="nabd-identity"');
      refuse(res, 'unauthorized');
      return undefined;
    }
    return clientId;
  }

  /** The signed-in user the access token names, or a 401 answered. */
  async function authenticateUser(req: Request, res: Response, clientId: string): Promise<string | undefined> {
    const header = req.headers[USER_TOKEN_HEADER];
    const token = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : '';
    const payload = await jwtVerify(token, publicKeys, {
      issuer: options.issuer,
      audience: options.apiAudience,
      typ: 'at+jwt',
      algorithms: [SIGNING_ALGORITHM],
    }).then(
      (verified) => verified.payload,
      // Expired, forged, for another audience...: all the same to the caller.
      () => undefined,
    );
    // A token issued to another client is not this client's to use; a guest has no account. The
    // account lookup is outside the refusal: a database that cannot answer is a 503, not a 401.
    if (
      payload?.guest === undefined &&
      payload?.client_id === clientId &&
      typeof payload.sub === 'string' &&
      (await userPool.findById(payload.sub))
    )
      return payload.sub;
    res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    refuse(res, 'unauthorized');
    return undefined;
  }

  async function limited(res: Response, name: RateLimitName, key: string): Promise<boolean> {
    const decision = await rateLimits.consume(name, key);
    if (decision.allowed) return false;
    res.set('Retry-After', String(decision.retryAfterSeconds));
    refuse(res, 'too_many_requests');
    return true;
  }

  /** A public operation: client authentication, a validated body, then the work. */
  function operation<Body extends z.ZodType>(schema: Body, work: (body: z.infer<Body>, res: Response) => Promise<void>): Handler {
    return async (req, res) => {
      if (!authenticateClient(req, res)) return;
      const parsed = schema.safeParse(req.body);
      if (!parsed.success) return refuse(res, 'invalid_request');
      await work(parsed.data, res);
    };
  }

  /** An operation on the signed-in user's own account. */
  function accountOperation<Body extends z.ZodType>(
    schema: Body | undefined,
    work: (userId: string, body: z.infer<Body>, res: Response) => Promise<void>,
  ): Handler {
    return async (req, res) => {
      const clientId = authenticateClient(req, res);
      if (!clientId) return;
      const userId = await authenticateUser(req, res, clientId);
      if (!userId) return;
      const parsed = schema ? schema.safeParse(req.body) : { success: true as const, data: undefined };
      if (!parsed.success) return refuse(res, 'invalid_request');
      await work(userId, parsed.data as z.infer<Body>, res);
    };
  }

  const ok = (res: Response, status = 200, body: object = {}) => void res.status(status).json(body);
  const accountKey = (value: string) => value.toLowerCase();

  router.post(
    '/sign-up',
    handle(
      operation(bodies.signUp, async (body, res) => {
        if (await limited(res, 'signUpsPerAddress', body.clientIp)) return;
        if (await limited(res, 'codesSentPerAccount', accountKey(body.email))) return;
        const { registration } = await userPool.signUp(body);
        ok(res, 201, { registration });
      }),
    ),
  );

  router.post(
    '/confirm-sign-up',
    handle(
      operation(bodies.confirmSignUp, async (body, res) => {
        if (await limited(res, 'codeAttemptsPerAddress', body.clientIp)) return;
        const { signInTicket } = await userPool.confirmSignUp(body.email, body.code, body);
        ok(res, 200, { signInTicket });
      }),
    ),
  );

  router.post(
    '/resend-code',
    handle(
      operation(bodies.resendCode, async (body, res) => {
        if (await limited(res, 'codesSentPerAccount', accountKey(body.email))) return;
        await userPool.resendCode(body.email, body.locale);
        ok(res);
      }),
    ),
  );

  router.post(
    '/forgot-password',
    handle(
      operation(bodies.forgotPassword, async (body, res) => {
        if (await limited(res, 'codesSentPerAccount', accountKey(body.email))) return;
        await userPool.forgotPassword(body.email, body.locale);
        ok(res);
      }),
    ),
  );

  router.post(
    '/reset-password',
    handle(
      operation(bodies.resetPassword, async (body, res) => {
        if (await limited(res, 'codeAttemptsPerAddress', body.clientIp)) return;
        await userPool.resetPassword(body.email, body.code, body.password);
        await rateLimits.reset('signInFailuresPerAccount', accountKey(body.email));
        ok(res);
      }),
    ),
  );

  router.post(
    '/change-password',
    handle(
      accountOperation(bodies.changePassword, async (userId, body, res) => {
        if (await limited(res, 'passwordChangesPerAccount', userId)) return;
        await userPool.changePassword(userId, body.currentPassword, body.newPassword);
        ok(res);
      }),
    ),
  );

  // SPEC 6, 7.2: a visitor who has not signed in gets credentials of their own for the commerce
  // service; with the identityId of earlier ones, the same subject again.
  router.post(
    '/guest-credentials',
    handle(async (req, res) => {
      const clientId = authenticateClient(req, res);
      if (!clientId) return;
      const parsed = bodies.guestCredentials.safeParse(req.body ?? {});
      if (!parsed.success) return refuse(res, 'invalid_request');
      const credentials = await issueGuestCredentials(clientId, parsed.data.identityId);
      // One line per guest who acts (decision 0034): a rise without orders points at a page issuing them.
      logger.info({ identityId: credentials.identityId, renewal: Boolean(parsed.data.identityId) }, 'Guest credentials issued');
      ok(res, 200, credentials);
    }),
  );

  // Decision 0040: the site's sign-out, server to server, with the refresh token it holds for the
  // visitor. `{}` whether or not the sign-in was still there: signing out twice is no error.
  router.post(
    '/sign-out',
    handle(async (req, res) => {
      const clientId = authenticateClient(req, res);
      if (!clientId) return;
      const parsed = bodies.signOut.safeParse(req.body ?? {});
      if (!parsed.success) return refuse(res, 'invalid_request');
      if (await options.signOut(clientId, parsed.data.refreshToken)) logger.info({ clientId }, 'Signed out');
      ok(res);
    }),
  );

  router.get(
    '/account',
    handle(
      accountOperation(undefined, async (userId, _body, res) => {
        const account = await userPool.accountInfo(userId);
        if (!account) return refuse(res, 'unauthorized');
        ok(res, 200, account);
      }),
    ),
  );

  router.delete(
    '/account',
    handle(
      accountOperation(undefined, async (userId, _body, res) => {
        await userPool.deleteAccount(userId);
        logger.info({ sub: userId }, 'Account deleted');
        ok(res);
      }),
    ),
  );

  router.use((_req, res) => void res.status(404).json({ error: 'invalid_request' }));
  router.use((error: Error & { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
    // Malformed or oversized JSON is the caller's mistake, never a 500.
    if (error.status && error.status >= 400 && error.status < 500) return refuse(res, 'invalid_request', error.status === 413 ? 413 : 400);
    // The database is unavailable: the caller may try again shortly (decision 0033).
    const dependency = unavailableDependency(error);
    if (dependency) {
      options.outages.report(dependency, error, { url: req.originalUrl });
      return void res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).json({ error: 'temporarily_unavailable' });
    }
    logger.error({ err: error, url: req.originalUrl }, 'User-pool operation failed');
    reportError(error, { component: 'identity', tags: { part: 'user-pool-api' }, details: { path: req.path } });
    res.status(500).json({ error: 'server_error' });
  });
  return router;
}

/** Refusals of the user pool become their answer; anything else goes to the error handler. */
function handle(handler: Handler) {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch((error: unknown) => {
      if (error instanceof AccountRefusal) return refuse(res, error.reason);
      next(error);
    });
  };
}

function refuse(res: Response, reason: AccountRefusalReason, status = STATUS_OF[reason]) {
  res.status(status).json({ error: reason });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

const PRIVATE_PARAMETERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

function publicHalf(key: JWK): JWK {
  return Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_PARAMETERS.has(name))) as JWK;
}
