import net from 'node:net';

/**
 * A TCP relay in front of a real server (PostgreSQL, say) that a test can cut and restore: cut,
 * open connections are reset and new ones refused, as when the server stops or its machine
 * restarts; restored, it relays again on the same port, as when the server is back.
 */
export interface TcpRelay {
  readonly port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  function relay(visitor: net.Socket) {
    const upstream = net.connect(target.port, target.host);
    sockets.add(visitor).add(upstream);
    const end = () => {
      visitor.destroy();
      upstream.destroy();
      sockets.delete(visitor);
      sockets.delete(upstream);
    };
    for (const socket of [visitor, upstream]) socket.on('error', end).on('close', end);
    visitor.pipe(upstream).pipe(visitor);
  }

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const listening = net.createServer(relay);
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        port = (listening.address() as net.AddressInfo).port;
        resolve();
      });
    });

  async function cut() {
    const listening = server;
    server = undefined;
    if (!listening) return;
    const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    await closed;
  }

  await open();
  return {
    get port() {
      return port;
    },
    cut,
    restore: open,
    close: cut,
  };
}
