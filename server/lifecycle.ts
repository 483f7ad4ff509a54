import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import type { Logger } from '#platform/logger.ts';

export interface RunningServer {
  server: Server;
  port: number;
  /**
   * Stops accepting connections, lets requests in flight finish (up to `graceMs`, then cuts
   * them), and finally runs `onClosed` (closing databases and stores).
   */
  shutdown(): Promise<void>;
}

export async function listen(
  handler: RequestListener,
  options: { port: number; logger: Logger; graceMs?: number; onClosed?: () => Promise<void> },
): Promise<RunningServer> {
  const server = createServer(handler);
  // Behind a load balancer idle sockets must outlive its own keep-alive, or requests meet reset sockets.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  // Once shutting down, a kept-alive connection closes as soon as its request is answered instead
  // of idling until the grace period cuts it.
  server.on('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
    res.on('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  const shutdown = () =>
    (closing ??= (async () => {
      options.logger.info('Shutting down: no new connections, finishing requests in flight');
      const forceAfter = setTimeout(() => {
        options.logger.warn('Requests still running after the grace period: closing their connections');
        server.closeAllConnections();
      }, options.graceMs ?? 10_000);
      forceAfter.unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(forceAfter);
      await options.onClosed?.();
      options.logger.info('Shut down cleanly');
    })());

  return { server, port, shutdown };
}
