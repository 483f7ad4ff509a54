import net, { type Server, type Socket } from 'node:net';

/**
 * A round-robin TCP load balancer in front of the site's processes, as a cloud balancer is: every
 * process shares one public origin (BASE_URL, the identity issuer), each new connection goes to the
 * next process, and a process that refuses connections (killed, restarting) is skipped.
 */
export class RoundRobinBalancer {
  private readonly server: Server;
  private readonly backends: number[];
  private readonly open = new Set<Socket>();
  private next = 0;

  constructor(backendPorts: number[]) {
    this.backends = backendPorts;
    this.server = net.createServer((client) => this.route(client, 0));
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  private route(client: Socket, tried: number): void {
    if (tried >= this.backends.length || client.destroyed) return void client.destroy();
    const port = this.backends[this.next++ % this.backends.length]!;
    const backend = net.connect({ host: '127.0.0.1', port });
    let connected = false;
    client.pause();
    if (tried === 0) client.on('error', () => client.destroy());
    backend.on('error', () => {
      backend.destroy();
      // Refused: this process is down, the next one may take the connection. Cut later: the
      // visitor's connection is cut too, as it would be behind a real balancer.
      if (!connected) this.route(client, tried + 1);
      else client.destroy();
    });
    backend.once('connect', () => {
      connected = true;
      this.open.add(client).add(backend);
      client.pipe(backend).pipe(client);
      client.resume();
      client.once('close', () => {
        this.open.delete(client);
        backend.destroy();
      });
      // Whatever the process sent before closing is delivered first.
      backend.once('close', () => {
        this.open.delete(backend);
        client.end();
      });
    });
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
