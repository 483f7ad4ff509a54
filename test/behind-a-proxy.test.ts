import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RATE_LIMITS } from '#platform/rate-limits.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * The site behind a load balancer, as production runs it: a real HTTP proxy in front of a real
 * listening site. Visitors come from addresses of their own (127.0.0.2, 127.0.0.3); the proxy
 * reaches the site from 127.0.0.9 and appends the visitor's address to X-Forwarded-For, as load
 * balancers do. What a per-address limit counts depends on TRUST_PROXY alone.
 */

const PROXY_ADDRESS = '127.0.0.9';
const VISITOR = { layla: '127.0.0.2', omar: '127.0.0.3' };
const USER_EXISTENCE = JSON.stringify({ query: '{ userExistence(email: "someone@example.com") { exists } }' });
const { points } = RATE_LIMITS.userExistencePerCaller;

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A proxy of a few lines: forwards everything to the site, adding the connecting address to X-Forwarded-For. */
function startProxy(sitePort: number): Server {
  return createServer((incoming, outgoing) => {
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: sitePort,
        localAddress: PROXY_ADDRESS,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
}

/** One look-up from a visitor's own address, optionally with an X-Forwarded-For of their making. */
function lookUp(proxyPort: number, visitorAddress: string, forgedForwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port: proxyPort,
        localAddress: visitorAddress,
        method: 'POST',
        path: '/graphql/user',
        headers: { 'content-type': 'application/json', ...(forgedForwardedFor ? { 'x-forwarded-for': forgedForwardedFor } : {}) },
      },
      (answer: IncomingMessage) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(USER_EXISTENCE);
  });
}

async function lookUps(proxyPort: number, visitorAddress: string, count: number, forged?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push(await lookUp(proxyPort, visitorAddress, forged));
  return statuses;
}

describe.each([
  { trustProxy: '1', as: 'TRUST_PROXY=1' },
  { trustProxy: undefined, as: 'no TRUST_PROXY' },
])('the site behind a load balancer with $as', ({ trustProxy }) => {
  let site: TestSite;
  let server: Server;
  let proxy: Server;
  let proxyPort: number;
  beforeAll(async () => {
    site = await startTestSite(trustProxy ? { TRUST_PROXY: trustProxy } : {});
    server = createServer(site.app);
    proxy = startProxy(await listening(server));
    proxyPort = await listening(proxy);
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await site.close();
  });

  if (trustProxy) {
    test('a visitor who uses up a per-address limit is refused, and another visitor behind the same balancer is not', async () => {
      // Layla claims to be someone else: the balancer appends her real address, and only that hop is trusted.
      expect(await lookUps(proxyPort, VISITOR.layla, points, '203.0.113.7')).toEqual(Array(points).fill(200));
      expect(await lookUp(proxyPort, VISITOR.layla, '203.0.113.8')).toBe(429);
      expect(await lookUps(proxyPort, VISITOR.omar, 3)).toEqual([200, 200, 200]);
    });
  } else {
    test("every visitor has the balancer's address: one visitor's limit is everyone's", async () => {
      expect(await lookUps(proxyPort, VISITOR.layla, points)).toEqual(Array(points).fill(200));
      expect(await lookUp(proxyPort, VISITOR.omar)).toBe(429);
    });
  }
});
