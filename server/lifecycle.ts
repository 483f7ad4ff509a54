import { createServer, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { RequestListener } from 'node:http';
import type { Logger } from '#platform/logger.ts';

/**
 * The shutdown sequence after SIGTERM (decision 0034), in milliseconds since the signal:
 * - 0: `/readyz` says 503; everything else is served as before;
 * - `announceMs`: the listener stops accepting; from then on every answer carries
 *   `Connection: close` (Node closes the connection after it), and a connection is closed once it
 *   has had no request for `idleMs`;
 * - `graceMs`: what is still open is cut;
 * - then the stores and background work close (`onClosed`), and the process exits by
 *   `SHUTDOWN_DEADLINE_MS` whatever happens.
 */
export interface ShutdownTimings {
  /**
   * How long the site goes on serving as before while `/readyz` already says 503: the load
   * balancer notices and stops sending. Closing a listener resets the connections the kernel has
   * accepted for it but the process has not taken yet, so it must no longer be sent any.
   */
  announceMs: number;
  /**
   * How long a connection must have been without a request before it is closed. Never at once: a
   * request already sent on it, or on a connection just accepted, may not have been read yet, and
   * closing then resets it.
   */
  idleMs: number;
  /** Requests still running this long after the signal are cut, leaving time for `onClosed`. */
  graceMs: number;
}

export const SHUTDOWN_TIMINGS: ShutdownTimings = { announceMs: 2_000, idleMs: 1_000, graceMs: 8_500 };

/** Docker's default stop timeout: after it the process is killed, so it is gone before. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** How often idle connections are looked for while draining. */
const IDLE_CHECK_MS = 100;

export interface RunningServer {
  server: Server;
  port: number;
  /**
   * Drains (see `ShutdownTimings`) and finally runs `onClosed` (closing databases and stores).
   * Calling it again returns the same shutdown.
   */
  shutdown(): Promise<void>;
}

export interface ListenOptions extends Partial<ShutdownTimings> {
  port: number;
  logger: Logger;
  /** Called when shutdown starts, before anything else: the site stops saying it is ready. */
  onDraining?: () => void;
  onClosed?: () => Promise<void>;
}

/** What the server knows of each open connection: how many requests it is answering, and since when it is idle. */
interface Connection {
  requests: number;
  idleSince: number;
}

export async function listen(handler: RequestListener, options: ListenOptions): Promise<RunningServer> {
  const timings: ShutdownTimings = {
    announceMs: options.announceMs ?? SHUTDOWN_TIMINGS.announceMs,
    idleMs: options.idleMs ?? SHUTDOWN_TIMINGS.idleMs,
    graceMs: options.graceMs ?? SHUTDOWN_TIMINGS.graceMs,
  };
  const server = createServer();
  // Behind a load balancer idle sockets must outlive its own keep-alive, or requests meet reset sockets.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  const connections = new Map<Socket, Connection>();
  const answering = new Set<ServerResponse>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { requests: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req, res) => {
    const connection = connections.get(req.socket);
    if (connection) connection.requests++;
    answering.add(res);
    // Once the listener is closed, a kept-alive connection is let go with its answer; Node closes it after.
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      answering.delete(res);
      if (connection) {
        connection.requests--;
        connection.idleSince = Date.now();
      }
    });
  });
  // After the listener above, so that it sees each request before the site may answer it.
  server.on('request', handler);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const closeIdleConnections = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.requests === 0 && now - connection.idleSince >= timings.idleMs) socket.destroy();
    }
  };

  let shutdown: Promise<void> | undefined;
  const stop = async () => {
    options.onDraining?.();
    options.logger.info(timings, 'Shutting down: not ready any more, finishing requests in flight');
    let cut = false;
    const forceClose = setTimeout(() => {
      cut = true;
      options.logger.warn({ connections: connections.size }, 'Requests still running after the grace period: closing their connections');
      for (const socket of connections.keys()) socket.destroy();
    }, timings.graceMs);
    await new Promise((resolve) => setTimeout(resolve, timings.announceMs));

    closing = true;
    for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
    const idleCheck = setInterval(closeIdleConnections, IDLE_CHECK_MS);
    await new Promise<void>((resolve) => {
      // net's close, not http's: http.Server#close also closes at once every connection without a
      // request in progress, including ones whose request has arrived but not been read yet.
      net.Server.prototype.close.call(server, () => resolve());
      options.logger.info('No longer accepting connections');
    });
    clearInterval(idleCheck);
    clearTimeout(forceClose);
    await options.onClosed?.();
    options.logger.info(cut ? 'Shut down after cutting requests' : 'Shut down cleanly');
  };

  return { server, port, shutdown: () => (shutdown ??= stop()) };
}
