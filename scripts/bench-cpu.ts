/**
 * CPU seconds of processes on this machine, for the benchmarks' load-independent figures (what a piece
 * of work costs, whatever else the machine runs): utime + stime from `/proc/<pid>/stat` (Linux, USER_HZ
 * 100), for one process or for the PostgreSQL backends serving a bench database (their pids from
 * `pg_stat_activity`; the server must run on this machine).
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime in seconds from the text of a `/proc/<pid>/stat` file. */
export function statCpuSeconds(stat: string): number {
  // Fields after the command name "(…)": utime is the 14th field overall, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds used so far by process `pid`; null when it cannot be read (gone, or not Linux). */
export function processCpuSeconds(pid: number): number | null {
  try {
    return statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each of `pids` (PostgreSQL backends), by pid; null when one cannot be read. */
export function backendCpuSeconds(pids: readonly number[]): Map<number, number> | null {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const used = processCpuSeconds(pid);
    if (used === null) return null;
    seconds.set(pid, used);
  }
  return seconds;
}

/** CPU seconds the backends used between two readings (a backend new since the first counts from 0). */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}
