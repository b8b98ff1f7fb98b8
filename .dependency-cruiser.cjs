/**
 * Import boundaries of ARCHITECTURE.md, checked by `npm run check:deps` (scripts/check-boundaries.ts, part of
 * `npm run lint` and so of `npm test`), which also checks module cycles and other modules' tables named in raw
 * SQL. Paths are repository-relative. Exceptions are written into the rule they loosen, with the reason.
 * Ad hoc: `npx depcruise apps packages --config .dependency-cruiser.cjs`.
 */
const API = '^apps/api/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'api-platform-imports-module',
      comment:
        'src/platform is cross-cutting and never imports a module. Exception: platform/db/schema.ts, the list of ' +
        'every table that Drizzle and drizzle-kit read.',
      severity: 'error',
      from: { path: `${API}/platform/`, pathNot: `${API}/platform/db/schema\\.ts$` },
      to: { path: `${API}/modules/` },
    },
    {
      name: 'api-imports-workflow',
      comment:
        'Workflows (src/workflows) compose modules; a module only publishes the events of the catalog ' +
        'workflows/events.ts, and platform knows no workflow (docs/decisions/0026).',
      severity: 'error',
      from: { path: `${API}/(modules|platform)/` },
      to: { path: `${API}/workflows/`, pathNot: `${API}/workflows/events\\.ts$` },
    },
    {
      name: 'api-platform-imports-workflow-events',
      comment:
        'Platform is cross-cutting: it defines how events work (platform/jobs/events.ts), not which exist.',
      severity: 'error',
      from: { path: `${API}/platform/` },
      to: { path: `${API}/workflows/` },
    },
    {
      name: 'api-module-imports-foreign-table',
      comment:
        "A module calls another module's service (or a read API it publishes), never its *.table.ts. Exceptions: " +
        'table files (a foreign key references the other table) and modules/demo (it seeds every module’s rows).',
      severity: 'error',
      from: { path: `${API}/modules/([^/]+)/`, pathNot: ['\\.table\\.ts$', `${API}/modules/demo/`] },
      to: { path: `${API}/modules/[^/]+/.+\\.table\\.ts$`, pathNot: `${API}/modules/$1/` },
    },
    {
      name: 'api-module-imports-schema',
      comment: 'platform/db/schema.ts re-exports every table: importing it would bypass the table rule.',
      severity: 'error',
      from: { path: `${API}/modules/` },
      to: { path: `${API}/platform/db/schema\\.ts$` },
    },
    {
      name: 'api-module-imports-platform-table',
      comment:
        "Platform tables are read and written through platform's own functions (settings, imports, jobs, audit), " +
        'never imported by a module. Exceptions: table files (foreign keys), modules/demo (it seeds rows) and tests ' +
        '(they read the audit log to assert on it). auth.table has its own rule (below).',
      severity: 'error',
      from: {
        path: `${API}/modules/`,
        pathNot: ['\\.table\\.ts$', '\\.test\\.ts$', `${API}/modules/demo/`],
      },
      to: { path: `${API}/platform/.+\\.table\\.ts$`, pathNot: `${API}/platform/auth/auth\\.table\\.ts$` },
    },
    {
      name: 'api-auth-table-outside-users',
      comment:
        'User accounts (and the names of the people behind them) come through the users module ' +
        '(modules/users/user-names.service.ts), not auth.table. Exception: table files (foreign keys to user_account).',
      severity: 'error',
      from: { path: `${API}/modules/`, pathNot: [`${API}/modules/users/`, '\\.table\\.ts$'] },
      to: { path: `${API}/platform/auth/auth\\.table\\.ts$` },
    },
    {
      name: 'web-feature-imports-feature',
      comment: 'Web features meet only in src/app.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-feature',
      comment: 'Shared web code (components, lib) is used by features and never uses one.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'app-imports-other-app',
      comment: 'The web app and the API share only packages/contracts (web → api and api → web alike).',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'contracts-imports-app',
      comment: 'packages/contracts is isomorphic (zod + pure functions) and imports neither app.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
