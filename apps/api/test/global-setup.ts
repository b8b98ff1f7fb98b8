/**
 * Vitest global setup: migrate ONE template database, then every test file clones it
 * (STACK-NOTES: a fresh PGlite takes 3–6 s, a clone ~0.5 s).
 * - PGlite: the migrated data directory is dumped to a tarball that each file loads.
 * - PostgreSQL (TEST_DATABASE_URL set and TEND_TEST_ENGINE=postgres): a template database each file
 *   copies with CREATE DATABASE … TEMPLATE.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openDatabase } from '../src/platform/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEND_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEND_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    const template = `tend_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({ url: withDatabase(url, template), poolMax: 1 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      // Drop the template and any per-file databases of this run left by a crashed test file (named
      // `<template>_<random>` by createTestDatabase). `_` is a LIKE wildcard, so it is escaped: a concurrent
      // run's template and databases are never touched.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`${template.replaceAll('_', '\\_')}\\_%`, template],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tend-pglite-template-'));
  const lite = await PGlite.create();
  const handle = await openDatabase({ pglite: lite });
  await migrateDatabase(handle);
  const dump = await lite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
