import { readFileSync } from 'node:fs';
import os from 'node:os';

/*
 * Where the machine's CPU went during a run (Linux /proc): each of the run's processes, and the
 * whole machine (PostgreSQL, Redis and whatever else shares it). Elsewhere, nothing is reported.
 */

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, or undefined when it cannot be read. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
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

export function sampleCpu(processes: Record<string, number | undefined>): CpuSample {
  return {
    processes: new Map(Object.entries(processes).map(([name, pid]) => [name, processCpuSeconds(pid)])),
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
