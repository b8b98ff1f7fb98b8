/**
 * Figures of one phase of `npm run bench:billing` (issue 6, performance): wall time, CPU seconds of
 * this process and of the PostgreSQL server processes serving the bench database, and the process's
 * resident memory at the start and at its peak (sampled every 50 ms). CPU seconds are what a phase
 * costs whatever else the (shared) machine is doing; wall time is what a user waits.
 *
 * Server CPU is read from `/proc/<pid>/stat` of the backends `pg_stat_activity` lists for the bench
 * database (the server must run on this machine; otherwise it prints as "n/a").
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/api/src/platform/db/client.ts';

/** What {@link measurePhase} saw. Seconds and MB. */
export interface PhaseFigures {
  seconds: number;
  nodeCpuSeconds: number;
  /** null when the server's processes cannot be read. */
  serverCpuSeconds: number | null;
  rssStartMb: number;
  rssPeakMb: number;
}

const TICKS_PER_SECOND = 100;

async function backendTicks(database: DatabaseHandle): Promise<Map<number, number> | null> {
  if (database.kind !== 'postgres') return null;
  const result = await database.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const ticks = new Map<number, number>();
  for (const { pid } of result.rows) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name "(…)": utime is the 14th, stime the 15th field overall.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(pid), Number(fields[11]) + Number(fields[12]));
    } catch {
      return null;
    }
  }
  return ticks;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Runs `work` and returns its result with the phase's figures (see the module comment). */
export async function measurePhase<T>(
  database: DatabaseHandle,
  work: () => Promise<T>,
): Promise<{ result: T; figures: PhaseFigures }> {
  const ticksBefore = await backendTicks(database);
  const rssStart = process.memoryUsage().rss;
  let peak = rssStart;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  peak = Math.max(peak, process.memoryUsage().rss);
  const ticksAfter = await backendTicks(database);
  let serverCpuSeconds: number | null = null;
  if (ticksBefore && ticksAfter) {
    let ticks = 0;
    for (const [pid, after] of ticksAfter) ticks += after - (ticksBefore.get(pid) ?? 0);
    serverCpuSeconds = ticks / TICKS_PER_SECOND;
  }
  return {
    result,
    figures: {
      seconds,
      nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
      serverCpuSeconds,
      rssStartMb: mb(rssStart),
      rssPeakMb: mb(peak),
    },
  };
}

/** "12.34 s wall · CPU node 3.2 s + server 8.1 s · RSS 180 → 420 MB" */
export function describeFigures(figures: PhaseFigures): string {
  const server = figures.serverCpuSeconds === null ? 'n/a' : `${figures.serverCpuSeconds.toFixed(1)} s`;
  return (
    `${figures.seconds.toFixed(2)} s wall · CPU node ${figures.nodeCpuSeconds.toFixed(1)} s + server ${server} · ` +
    `RSS ${Math.round(figures.rssStartMb)} → peak ${Math.round(figures.rssPeakMb)} MB`
  );
}
