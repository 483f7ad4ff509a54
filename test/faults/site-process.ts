import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entryPoint, root, waitForHealth } from '../../bench/support.ts';

/**
 * One process of the built site (`dist/server/main.js`) as an operator runs it, on a fixed port so
 * that a restarted process comes back where the load balancer expects it. Its output goes to a log
 * file the suite prints when something fails.
 */
export class SiteProcess {
  readonly name: string;
  readonly port: number;
  readonly logFile: string;
  private readonly environment: Record<string, string>;
  private child: ChildProcess | undefined;
  private starts = 0;

  constructor(name: string, port: number, logFolder: string, environment: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.logFile = path.join(logFolder, `${name}.log`);
    this.environment = environment;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits for `/healthz`. */
  async start(timeoutMs = 90_000): Promise<void> {
    this.starts += 1;
    const log = createWriteStream(this.logFile, { flags: 'a' });
    log.write(`\n--- start ${this.starts} at ${new Date().toISOString()} ---\n`);
    const child = spawn(process.execPath, ['--enable-source-maps', entryPoint], {
      cwd: root,
      // Only what the process needs: none of the caller's DATABASE_URL, REDIS_URL or secrets leak in.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), PORT: String(this.port), ...this.environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    this.child = child;
    await waitForHealth(this.origin, () => !this.alive, timeoutMs);
  }

  /** `kill -9`: no shutdown, no cleanup, whatever it was doing. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, as a container runtime stops the process; resolves with how long it took to exit. */
  async terminate(timeoutMs = 30_000): Promise<{ exitMs: number; code: number | null; signal: string | null }> {
    const child = this.child;
    if (!child || !this.alive) return { exitMs: 0, code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    const started = performance.now();
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const outcome = await exited;
    clearTimeout(force);
    return { exitMs: performance.now() - started, ...outcome };
  }

  /** The end of the process's log, for the report when a check fails. */
  tail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}
