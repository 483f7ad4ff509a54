/**
 * One JSON call to a payment provider's REST API (Moyasar, Tabby), with what they share: a deadline,
 * the provider's credentials, and a strict split of failures. "Unavailable" (no answer, a cut answer,
 * 5xx, anything `isBusy` says) means ask again later; "refused" (another 4xx) is a mistake or a state
 * that does not allow the call; a read of something the provider does not know is `undefined`.
 */
export interface ProviderApi {
  /** The provider's name in messages: "Moyasar did not answer GET /invoices/…". */
  name: string;
  apiUrl: string;
  /** The Authorization header's value; answers' messages never carry it. */
  authorization: string;
  timeoutMs: number;
  fetch: typeof fetch;
  unavailable: new (message: string, options?: ErrorOptions) => Error;
  refused: new (message: string, status: number) => Error;
  /** Whether a 404 to this call means "no such thing" rather than a refusal. */
  isMissing: (method: string, path: string) => boolean;
  /** Statuses other than 5xx that mean "busy, later" (Tabby's 429). */
  isBusy?: (status: number) => boolean;
}

export async function callProviderApi<T>(
  api: ProviderApi,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T | undefined> {
  const call = `${method} ${path}`;
  let response: Response;
  try {
    response = await api.fetch(`${api.apiUrl}${path}`, {
      method,
      headers: {
        authorization: api.authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(api.timeoutMs),
    });
  } catch (error) {
    throw new api.unavailable(`${api.name} did not answer ${call}`, { cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new api.unavailable(`${api.name}'s answer to ${call} was cut`, { cause: error });
  }
  if (response.status === 404 && api.isMissing(method, path)) return undefined;
  if (response.status >= 500 || api.isBusy?.(response.status)) {
    throw new api.unavailable(`${api.name} answered ${response.status} to ${call}`);
  }
  // The answer's message names the problem; it never carries the key.
  if (!response.ok) throw new api.refused(`${api.name} refused ${call} (${response.status}): ${text.slice(0, 300)}`, response.status);
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch (error) {
    throw new api.unavailable(`${api.name} answered ${call} with something other than JSON`, { cause: error });
  }
}
