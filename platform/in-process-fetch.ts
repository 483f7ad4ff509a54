import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A `fetch` that hands each request to an HTTP handler in this process instead of a socket.
 * Co-located services are called exactly as they are over the network (same URLs, headers,
 * status codes), so moving a service to its own process changes configuration, not code.
 */
export function createInProcessFetch(handler: RequestHandler): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const response = await inject(handler, {
      method: request.method as 'GET',
      url: url.pathname + url.search,
      authority: url.host,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    const hasBody = ![101, 204, 205, 304].includes(response.statusCode) && request.method !== 'HEAD';
    return new Response(hasBody ? response.rawPayload : null, {
      status: response.statusCode,
      statusText: response.statusMessage,
      headers,
    });
  };
}
