/**
 * One Vitest run, several projects:
 * - contracts: pure logic (node);
 * - repository: rules about the repository as a whole (scripts/*.test.ts);
 * - web: React components and hooks (jsdom);
 * - api: platform and module tests through buildApp + inject on PGlite (a template cloned per file);
 * - api-postgres: the same API tests on PostgreSQL, only when TEST_DATABASE_URL is set.
 */
import { defineConfig } from 'vitest/config';

const apiProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['./test/global-setup.ts'],
    env: { TEND_TEST_ENGINE: engine },
    pool: 'forks' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: a single worker on this 2-core machine. Test files spend
    // much of their time waiting for PostgreSQL or PGlite's start-up, so two files at a time use both cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        // Rules about the repository as a whole (e.g. it names no folder outside the clone).
        test: { name: 'repository', root: '.', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      apiProject('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
