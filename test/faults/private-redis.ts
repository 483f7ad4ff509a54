import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

/**
 * A Redis server of the fault suite's own on a free port, keeping nothing on disk, that the suite
 * stops, starts again and freezes (SIGSTOP: the socket stays open and nothing answers, the way a
 * server stalled by swapping or a long command looks to its clients). The machine's own Redis
 * (6379) is shared and never touched.
 */
export class PrivateRedis {
  readonly port: number;
  private process: ChildProcess | undefined;
  private frozen = false;

  // A plain field rather than a parameter property: the suite runs with Node's type stripping.
  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    this.process = child;
    await waitFor(() => answersPing(this.port), 10_000, `Redis on port ${this.port} did not start`);
  }

  /** Stops the server the hard way (what a crashed or unreachable node looks like). */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    if (this.frozen) this.thaw();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.process = undefined;
  }

  freeze(): void {
    this.process?.kill('SIGSTOP');
    this.frozen = true;
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
    this.frozen = false;
  }
}

/** True when something on the port answers PING with PONG within half a second. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(message);
}
