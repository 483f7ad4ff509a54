import http, { type RequestListener } from 'node:http';
import { duplexPair } from 'node:stream';

/**
 * A `fetch` that hands each request to an HTTP handler in this process. The request still goes
 * through Node's real HTTP client and server, over an in-memory stream instead of a socket, so a
 * co-located service is called exactly as over the network (URLs, headers, status codes, body
 * parsing): moving it to its own process changes configuration, not code.
 */
export function createInProcessFetch(handler: RequestListener): typeof fetch {
  const server = http.createServer(handler);
  const agent = new http.Agent({ keepAlive: false });
  agent.createConnection = () => {
    const [client, serverSide] = duplexPair();
    server.emit('connection', serverSide);
    return client as never;
  };

  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {
      ...Object.fromEntries(request.headers),
      host: url.host,
      // The service sees the scheme of its public URL, as behind a TLS-terminating proxy.
      'x-forwarded-proto': url.protocol.slice(0, -1),
    };
    if (body) headers['content-length'] = String(body.length);

    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request({ method: request.method, path: url.pathname + url.search, headers, agent }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 500;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
          }
          const hasBody = ![101, 204, 205, 304].includes(status) && request.method !== 'HEAD';
          resolve(
            new Response(hasBody ? Buffer.concat(chunks) : null, {
              status,
              statusText: incoming.statusMessage ?? '',
              headers: responseHeaders,
            }),
          );
        });
      });
      outgoing.on('error', reject);
      request.signal.addEventListener('abort', () => outgoing.destroy(request.signal.reason as Error), { once: true });
      outgoing.end(body);
    });
  };
}
