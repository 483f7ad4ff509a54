import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * A Redis server of the test's own (`redis-server` on a free port, nothing saved to disk), which
 * the test may stop, start again, freeze (SIGSTOP) and thaw (SIGCONT) without disturbing the
 * Redis other test files share.
 */
export interface TestRedisServer {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  freeze(): void;
  thaw(): void;
}

export async function startRedisServer(): Promise<TestRedisServer> {
  const port = await freePort();
  let running: ChildProcess | undefined;

  async function start() {
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    running = child;
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      const deadline = Date.now() + 5000;
      const knock = () => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve();
        });
        socket.once('error', () => {
          if (Date.now() > deadline) reject(new Error(`redis-server did not start on port ${port}`));
          else setTimeout(knock, 25);
        });
      };
      knock();
    });
  }

  async function stop() {
    const child = running;
    running = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // A frozen server must be thawed to hear the signal.
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    freeze: () => void running?.kill('SIGSTOP'),
    thaw: () => void running?.kill('SIGCONT'),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
