import type { GuestCredentials, IdentityAccount, UserPoolApi, UserPoolFailure } from './user-pool-api.ts';
import { UserPoolError } from './user-pool-api.ts';
import { ServiceError } from '../services/service-client.ts';

export interface UserPoolClientOptions {
  /** `${identityIssuer}/api`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** In process when the identity service is co-located; the network otherwise. */
  fetch?: typeof fetch | undefined;
  timeoutMs?: number;
}

const FAILURES: readonly UserPoolFailure[] = [
  'account_exists',
  'invalid_password',
  'invalid_request',
  'code_mismatch',
  'code_expired',
  'too_many_requests',
  'delivery_failed',
  'wrong_password',
  'federated_account',
  'unauthorized',
];

/** Carries the visitor's access token; `Authorization` carries the website's client credentials. */
const USER_TOKEN_HEADER = 'x-user-authorization';

/**
 * The web tier's side of the user-pool API (decision 0020). A refusal becomes a UserPoolError the
 * forms turn into a message; a service that cannot be reached or fails is a ServiceError with the
 * status it answered (SPEC 8: the page says the service is unavailable; decision 0033: a 503 or no
 * answer at all tells the visitor to try again in a moment).
 */
export class HttpUserPoolClient implements UserPoolApi {
  readonly #authorization: string;
  readonly #fetch: typeof fetch;

  constructor(private readonly options: UserPoolClientOptions) {
    // RFC 6749 2.3.1: both parts form-encoded before Base64.
    const credentials = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`;
    this.#authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    this.#fetch = options.fetch ?? fetch;
  }

  async signUp(input: Parameters<UserPoolApi['signUp']>[0]): Promise<{ registration: string }> {
    const answer = await this.#call<{ registration?: unknown }>('POST', '/sign-up', { body: input });
    if (typeof answer.registration !== 'string') throw new Error('The identity service answered no registration');
    return { registration: answer.registration };
  }

  async confirmSignUp(input: Parameters<UserPoolApi['confirmSignUp']>[0]): Promise<{ signInTicket: string }> {
    const answer = await this.#call<{ signInTicket?: unknown }>('POST', '/confirm-sign-up', { body: input });
    if (typeof answer.signInTicket !== 'string') throw new Error('The identity service answered no sign-in ticket');
    return { signInTicket: answer.signInTicket };
  }

  async resendCode(input: Parameters<UserPoolApi['resendCode']>[0]): Promise<void> {
    await this.#call('POST', '/resend-code', { body: input });
  }

  async forgotPassword(input: Parameters<UserPoolApi['forgotPassword']>[0]): Promise<void> {
    await this.#call('POST', '/forgot-password', { body: input });
  }

  async resetPassword(input: Parameters<UserPoolApi['resetPassword']>[0]): Promise<void> {
    await this.#call('POST', '/reset-password', { body: input });
  }

  async changePassword(accessToken: string, input: Parameters<UserPoolApi['changePassword']>[1]): Promise<void> {
    await this.#call('POST', '/change-password', { body: input, accessToken });
  }

  account(accessToken: string): Promise<IdentityAccount> {
    return this.#call<IdentityAccount>('GET', '/account', { accessToken });
  }

  async deleteAccount(accessToken: string): Promise<void> {
    await this.#call('DELETE', '/account', { accessToken });
  }

  async signOut(refreshToken: string): Promise<void> {
    await this.#call('POST', '/sign-out', { body: { refreshToken } });
  }

  async guestCredentials(identityId?: string): Promise<GuestCredentials> {
    const answer = await this.#call<Partial<GuestCredentials>>('POST', '/guest-credentials', { body: identityId ? { identityId } : {} });
    if (typeof answer.identityId !== 'string' || typeof answer.accessToken !== 'string' || typeof answer.expiresAt !== 'string') {
      throw new Error('The identity service answered no guest credentials');
    }
    return { identityId: answer.identityId, accessToken: answer.accessToken, expiresAt: answer.expiresAt };
  }

  async #call<T = unknown>(method: string, path: string, { body, accessToken }: { body?: object; accessToken?: string }): Promise<T> {
    const headers: Record<string, string> = { authorization: this.#authorization, accept: 'application/json' };
    if (accessToken) headers[USER_TOKEN_HEADER] = `Bearer ${accessToken}`;
    if (body) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.#fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new ServiceError(`identity service unreachable: ${(error as Error)?.message}`, 'identity', undefined, undefined, {
        cause: error,
      });
    }
    const answer = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
    if (response.ok) return (answer ?? {}) as T;
    const failure = FAILURES.find((code) => code === answer?.error);
    if (failure) throw new UserPoolError(failure, response.status);
    const code = typeof answer?.error === 'string' ? answer.error : undefined;
    throw new ServiceError(`The identity service answered ${response.status} to ${method} ${path}`, 'identity', response.status, code);
  }
}
