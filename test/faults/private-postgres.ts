import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of the fault suite's own, on a free port, that the suite may stop and
 * restart at will: the machine's own server (5432) is shared and is never touched. Its binaries
 * come from the Debian packages (`/usr/lib/postgresql/<version>/bin`). PostgreSQL refuses to run as
 * root, so a root caller (CI) runs it as an unprivileged system user created for the purpose.
 */

const CLUSTER_USER = 'nabd-faults';

export class PrivatePostgres {
  readonly port: number;
  readonly dataDir: string;
  private readonly bin: string;
  private readonly runAs: string | undefined;
  private readonly logFile: string;

  private constructor(folder: string, port: number) {
    this.port = port;
    this.bin = postgresBin();
    this.dataDir = path.join(folder, 'cluster');
    this.logFile = path.join(folder, 'postgres.log');
    this.runAs = process.getuid?.() === 0 ? CLUSTER_USER : undefined;
  }

  /** Initialises a fresh cluster in `folder` (trust authentication on loopback) and starts it. */
  static async create(folder: string, port: number): Promise<PrivatePostgres> {
    const cluster = new PrivatePostgres(folder, port);
    mkdirSync(folder, { recursive: true });
    if (cluster.runAs) {
      ensureSystemUser(cluster.runAs);
      const { uid, gid } = userIds(cluster.runAs);
      chownSync(folder, uid, gid);
      // The user must reach its folder through the temporary directory's parents.
      chmodSync(folder, 0o755);
    }
    cluster.run('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    cluster.start();
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    const options = [
      `-p ${this.port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${path.dirname(this.dataDir)}'`,
      '-c fsync=off',
      '-c max_connections=200',
    ].join(' ');
    this.run('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-o', options, '-w', '-t', '60', 'start']);
  }

  /** `fast` ends every session at once (what an operator's restart does); waits until it is down. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  restart(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'restart']);
  }

  get running(): boolean {
    return spawnSync(path.join(this.bin, 'pg_ctl'), ['-D', this.dataDir, 'status'], { stdio: 'ignore', ...this.identity() }).status === 0;
  }

  /** Stops the server if it runs and removes its files. */
  destroy(): void {
    if (existsSync(this.dataDir) && this.running) {
      try {
        this.stop('immediate');
      } catch {
        // Removing the files below is all that is left to do.
      }
    }
    rmSync(path.dirname(this.dataDir), { recursive: true, force: true });
  }

  private run(program: string, args: string[]): void {
    try {
      execFileSync(path.join(this.bin, program), args, { stdio: ['ignore', 'ignore', 'pipe'], ...this.identity() });
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
      throw new Error(`${program} ${args.at(-1)} failed: ${stderr || (error as Error).message}`);
    }
  }

  private identity(): { uid?: number; gid?: number; cwd: string } {
    if (!this.runAs) return { cwd: os.tmpdir() };
    return { ...userIds(this.runAs), cwd: os.tmpdir() };
  }
}

/** The newest PostgreSQL installed from the Debian packages. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(`No PostgreSQL server binaries under ${root}: the fault suite needs initdb and pg_ctl (Debian's postgresql package).`);
  }
  return path.join(root, versions[0]!, 'bin');
}

function ensureSystemUser(name: string): void {
  if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0) return;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], { stdio: 'ignore' });
}

function userIds(name: string): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  return { uid, gid };
}
