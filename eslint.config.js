// Type-aware lint (STYLE.md s.14): floating promises, type-only imports, exhaustive switches. Import
// boundaries (platform → module, another module's tables, web feature → feature, …) are checked by
// `npm run check:deps` (.dependency-cruiser.cjs, scripts/check-boundaries.ts), which `npm run lint` runs last.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import formatjs from 'eslint-plugin-formatjs';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by convention even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Functions a person can read (docs/decisions/0033-functions-a-person-can-read.md): none over 80 lines (blank lines and
  // comments not counted) outside tests, unless a reason is written beside it in an eslint-disable comment.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.ts', '**/test-support.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // Audit has one writer (docs/decisions/0029-audit-one-writer.md): only platform/audit knows the
  // audit_event table and its columns; everyone else calls recordAudit, recordAuditEvents or
  // auditEventsPerRow. The schema aggregate lists the table for Drizzle; tests read the log to assert on it.
  {
    files: ['apps/api/src/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['apps/api/src/platform/audit/**', 'apps/api/src/platform/db/schema.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/audit\\.table(\\.ts)?$/]',
          message:
            'Only platform/audit writes audit events: call its service (recordAudit, auditEventsPerRow).',
        },
        {
          selector: 'ImportExpression[source.value=/audit\\.table(\\.ts)?$/]',
          message:
            'Only platform/audit writes audit events: call its service (recordAudit, auditEventsPerRow).',
        },
        {
          selector: 'Literal[value=/\\baudit_event\\b/], TemplateElement[value.raw=/\\baudit_event\\b/]',
          message:
            'Only platform/audit knows the audit_event table: call its service (auditEventsPerRow for bulk SQL).',
        },
      ],
    },
  },
  // pdf.js only through platform/pdf/pdfjs.ts (docs/decisions/0069-pdfjs-keeps-node-builtins.md): its legacy build's
  // core-js replaces Node's JSON.parse, JSON.stringify and Array.prototype.push on load, and loadPdfjs puts them back.
  // Its types may be imported anywhere; tests read the PDFs they check with it directly.
  {
    files: ['apps/api/src/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['apps/api/src/platform/pdf/**', '**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'pdfjs-dist/legacy/build/pdf.mjs',
              allowTypeImports: true,
              message: "Load pdf.js with loadPdfjs() from platform/pdf/pdfjs.ts (it keeps Node's own JSON).",
            },
          ],
        },
      ],
    },
  },
  // Every route of ours is a contracts endpoint (docs/decisions/0032-endpoints-defined-once.md): registered with
  // `route()` (platform/http/endpoint-route.ts), never by `app.get/post/…` with a path written again. Only
  // better-auth's own handler (auth.plugin.ts) is registered directly.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/platform/http/endpoint-route.ts',
      'apps/api/src/platform/auth/auth.plugin.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['get', 'post', 'put', 'patch', 'delete', 'head', 'route'].map((property) => ({
          object: 'app',
          property,
          message: 'Define the endpoint in contracts (defineEndpoint) and register it with route().',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // TanStack Table's useReactTable is not React-Compiler-memoizable (a known limitation); the compiler skips it safely.
      'react-hooks/incompatible-library': 'off',
    },
  },
  // Pages caregivers and families read are English and Spanish (docs/decisions/0042-languages.md): no words in
  // their JSX, text or labelling props, outside the catalogues (`messages/<locale>.json`, read with react-intl).
  // Add a page here when it joins the catalogue (docs/languages.md).
  {
    files: [
      'apps/web/src/features/auth/pages/caregiver-login-page.tsx',
      'apps/web/src/features/auth/pages/login-page.tsx',
      'apps/web/src/features/auth/pages/caregiver-confirm-page.tsx',
      'apps/web/src/app/layouts/auth-card.tsx',
      'apps/web/src/features/auth/components/code-error-alert.tsx',
      'apps/web/src/features/auth/components/auth-error-alert.tsx',
      'apps/web/src/features/auth/components/change-password-form.tsx',
      'apps/web/src/features/auth/components/new-password-inputs.tsx',
      'apps/web/src/features/auth/components/password-recovery-form.tsx',
      'apps/web/src/features/auth/components/sign-up-forms.tsx',
      'apps/web/src/features/auth/components/totp-qr.tsx',
      'apps/web/src/features/auth/pages/confirm-page.tsx',
      'apps/web/src/features/auth/pages/account-page.tsx',
      'apps/web/src/features/auth/pages/mfa-page.tsx',
      'apps/web/src/features/auth/pages/auth-callback-page.tsx',
      'apps/web/src/features/auth/session/session-warning-dialog.tsx',
      'apps/web/src/app/error-page.tsx',
      'apps/web/src/app/layouts/user-controls.tsx',
      'apps/web/src/app/layouts/brand.tsx',
      'apps/web/src/i18n/**/*.tsx',
      // Every matchmaking page and component (issue 21: English and Spanish, phone-first).
      'apps/web/src/features/matchmaking/**/*.tsx',
      // The conversation pages and components (issue 22), not the admin outbox page.
      'apps/web/src/features/messaging/components/**/*.tsx',
      'apps/web/src/features/messaging/pages/message-hub-page.tsx',
      'apps/web/src/features/messaging/pages/messager-page.tsx',
    ],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,description,title,subtitle,placeholder,alt}']] } },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'apps/api/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
