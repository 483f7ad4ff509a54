import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/*
 * Where the machine's CPU went during a run (Linux /proc): each of the run's processes, and the
 * whole machine (PostgreSQL, Redis and whatever else shares it). Elsewhere, nothing is reported.
 */

const TICKS_PER_SECOND = 100;

/** Each running process's parent and CPU seconds (user + system) so far, from /proc/<pid>/stat. */
function processTable(): Map<number, { parent: number; seconds: number }> {
  const table = new Map<number, { parent: number; seconds: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: the parent is the 2nd, utime and stime the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
    } catch {
      // It ended while the table was read.
    }
  }
  return table;
}

/**
 * CPU seconds a process and its running descendants have used so far (a site started in production
 * is a cluster: its workers are its children), or undefined when it cannot be read.
 */
export function processCpuSeconds(pid: number | undefined, table = processTable(), withDescendants = true): number | undefined {
  if (!pid || !table.has(pid)) return undefined;
  let seconds = 0;
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    seconds += table.get(tree[index]!)!.seconds;
    if (withDescendants) for (const [child, { parent }] of table) if (parent === tree[index]) tree.push(child);
  }
  return seconds;
}

/** The machine's busy and total CPU seconds so far, over all CPUs. */
export function machineCpuSeconds(): { busy: number; total: number } | undefined {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const values = ticks.map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    // idle and iowait
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

export interface CpuSample {
  processes: Map<string, number | undefined>;
  machine: ReturnType<typeof machineCpuSeconds>;
}

/** `processes` with their descendants (a site's cluster workers); `alone` without (the benchmark, whose children are the sites). */
export function sampleCpu(processes: Record<string, number | undefined>, alone: Record<string, number | undefined> = {}): CpuSample {
  const table = processTable();
  return {
    processes: new Map([
      ...Object.entries(processes).map(([name, pid]) => [name, processCpuSeconds(pid, table)] as const),
      ...Object.entries(alone).map(([name, pid]) => [name, processCpuSeconds(pid, table, false)] as const),
    ]),
    machine: machineCpuSeconds(),
  };
}

/** "web-1 41.2 s, web-2 40.8 s, …; machine 93% busy of 2 CPUs" between two samples. */
export function cpuLine(before: CpuSample, after: CpuSample, seconds: number): string {
  const used = [...after.processes].flatMap(([name, end]) => {
    const start = before.processes.get(name);
    return end === undefined || start === undefined
      ? []
      : [`${name} ${(end - start).toFixed(1)} s (${Math.round(((end - start) / seconds) * 100)}%)`];
  });
  const busy =
    before.machine && after.machine
      ? `the whole machine ${Math.round(((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100)}% busy over ${os.cpus().length} CPUs`
      : 'the machine: not measured here';
  return `${used.join(', ')}; ${busy} (PostgreSQL, Redis and other work on the machine included)`;
}

/** CPU seconds the named processes used between two samples together, or undefined when unreadable. */
export function cpuSecondsUsed(before: CpuSample, after: CpuSample, names: readonly string[]): number | undefined {
  let total = 0;
  for (const name of names) {
    const start = before.processes.get(name);
    const end = after.processes.get(name);
    if (start === undefined || end === undefined) return undefined;
    total += end - start;
  }
  return total;
}
