/**
 * Figures of one phase of `npm run bench:billing` (issue 6, performance): wall time, CPU seconds of
 * this process and of the PostgreSQL server processes serving the bench database, and the process's
 * resident memory at the start and at its peak (sampled every 50 ms). CPU seconds are what a phase
 * costs whatever else the (shared) machine is doing; wall time is what a user waits.
 *
 * Server CPU is read from `/proc/<pid>/stat` of the backends `pg_stat_activity` lists for the bench
 * database (the server must run on this machine; otherwise it prints as "n/a").
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/api/src/platform/db/client.ts';
import { backendCpuSeconds, cpuSecondsBetween } from './bench-cpu.ts';

/** What {@link measurePhase} saw. Seconds and MB. */
export interface PhaseFigures {
  seconds: number;
  nodeCpuSeconds: number;
  /** null when the server's processes cannot be read. */
  serverCpuSeconds: number | null;
  rssStartMb: number;
  rssPeakMb: number;
}

/** CPU seconds so far of the backends serving the bench database; null off PostgreSQL or unreadable. */
async function backendSeconds(database: DatabaseHandle): Promise<Map<number, number> | null> {
  if (database.kind !== 'postgres') return null;
  const result = await database.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return backendCpuSeconds(result.rows.map(({ pid }) => Number(pid)));
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Runs `work` and returns its result with the phase's figures (see the module comment). */
export async function measurePhase<T>(
  database: DatabaseHandle,
  work: () => Promise<T>,
): Promise<{ result: T; figures: PhaseFigures }> {
  const serverBefore = await backendSeconds(database);
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
  const serverAfter = await backendSeconds(database);
  const serverCpuSeconds = serverBefore && serverAfter ? cpuSecondsBetween(serverBefore, serverAfter) : null;
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
