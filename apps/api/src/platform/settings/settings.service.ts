/**
 * Agency-wide settings (`app_setting`, key → JSON object), read and written by the modules through here:
 * e.g. payroll's pay period (`pay_period`) and the demo marker (`demo_data`). Callers validate the value
 * with their own contract schema; inside a transaction pass its `tx`.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { appSettings } from './settings.table.ts';

/** The setting `key` as stored (value and last write), or null when it was never set. */
export async function readSetting(
  executor: Executor,
  key: string,
): Promise<{ value: Record<string, unknown>; updatedAt: Date } | null> {
  const [row] = await executor.select().from(appSettings).where(eq(appSettings.key, key));
  return row ? { value: row.value, updatedAt: row.updatedAt } : null;
}

/**
 * Stores `value` under `key`. `ifAbsent`: keep an existing value (the write is skipped); otherwise replace it
 * and stamp `updated_at`.
 */
export async function writeSetting(
  executor: Executor,
  key: string,
  value: Record<string, unknown>,
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  const insert = executor.insert(appSettings).values({ key, value });
  if (options.ifAbsent) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}
