import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A write of the player ledger's tables, as SQL text or through drizzle (decision 059). */
const LEDGER_TABLES = 'wallet_balance|wallet_ledger|wallet_operation|daily_reward_claim';
const LEDGER_WRITE_SQL = `/(insert\\s+into|update|delete\\s+from)\\s+(${LEDGER_TABLES})\\b/i`;
const LEDGER_WRITE_MESSAGE =
  'Balances, the wallet ledger, wallet operations and claim rows are written only by apps/server/src/player-ledger: call it.';
const playerLedgerWrites = [
  { selector: `TemplateElement[value.raw=${LEDGER_WRITE_SQL}]`, message: LEDGER_WRITE_MESSAGE },
  { selector: `Literal[value=${LEDGER_WRITE_SQL}]`, message: LEDGER_WRITE_MESSAGE },
  {
    selector:
      'CallExpression[callee.property.name=/^(insert|update|delete)$/] > Identifier[name=/^(walletBalance|walletLedger|walletOperation|dailyRewardClaim)$/]',
    message: LEDGER_WRITE_MESSAGE,
  },
];

/** A game lock taken by hand (decision 018): hold it with withGameLock, which releases it however the work ends. */
const gameLockByHand = {
  selector: "MemberExpression[property.name='tryAcquire']",
  message: 'Hold a game lock with withGameLock (db/game-lock.ts), never by tryAcquire and a release by hand.',
};

const API_PATH_MESSAGE =
  "Name an /api route through the typed client: apiPath(apiRoutes.games[':gameId']…, { gameId }) (lib/api/api-path.ts).";

/** The server's shared infrastructure; every other folder of apps/server/src is a product area. */
const serverInfrastructure = ['db', 'storage', 'http', 'live', 'logging', 'email', 'cache'];
const serverAreas = readdirSync(new URL('./apps/server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverInfrastructure.includes(entry.name))
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'reports/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@liveops/*/src/*', '@liveops/*/src'],
              message: 'Import a workspace package through its public entry, not its src.',
            },
          ],
        },
      ],
    },
  },
  {
    // Environment variables are read in exactly one module.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through apps/server/src/env.ts.' },
      ],
    },
  },
  {
    // Two doors, one rule (a later block's no-restricted-syntax replaces an earlier one's, so both live here):
    // money has one door (decision 059): only the player ledger writes balances, their ledger, the game backend's
    // wallet operations and daily-reward claim rows; and a game's lock is held only through withGameLock, which
    // releases it however the work ends.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...playerLedgerWrites, gameLockByHand],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } } },
    rules: {
      // Shared infrastructure never depends on a product area or on the app that composes them: what it needs of
      // an area (e.g. the cleanup's release recovery) is passed in by app.ts.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                ...serverInfrastructure.map((folder) => `./apps/server/src/${folder}`),
                './apps/server/src/env.ts',
              ],
              from: [
                ...serverAreas.map((area) => `./apps/server/src/${area}`),
                './apps/server/src/app.ts',
                './apps/server/src/main.ts',
              ],
              message:
                'Shared infrastructure (db, storage, http, live, logging, email, cache, env.ts) never imports a product area or the app; pass what it needs in from app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/player-ledger/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', gameLockByHand] },
  },
  {
    files: ['apps/server/src/db/game-lock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...playerLedgerWrites] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Feature boundaries (bulletproof-react): features never import each other; shared code never imports
      // features or app wiring; only src/app composes features.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; move shared code to src/components or src/lib.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/config', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not depend on features or app wiring.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not depend on app wiring.',
            },
          ],
        },
      ],
      // The server's code never reaches the bundle: the web app takes its app's type only (lib/api/api-routes.ts).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@liveops/server',
              allowTypeImports: true,
              message: 'Import only types from the server (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // /api routes are named through the typed client (apiRoutes, apiPath in lib/api), so a path the server does not
    // declare fails the typecheck; a hand-written '/api/…' string would not. Tests may spell the paths they expect.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: String.raw`Literal[value=/^\/api\//]`, message: API_PATH_MESSAGE },
        { selector: String.raw`TemplateLiteral[quasis.0.value.raw=/^\/api\//]`, message: API_PATH_MESSAGE },
      ],
    },
  },
  {
    // Rules that need the types (typescript-eslint's type-checked rules, decision 062): a promise nobody awaits or
    // handles, a promise where a plain value is expected (an async onClick), a switch over a union that forgets a
    // member, and a condition the types say is always or never true.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A JSX handler may return a promise (react-hook-form's handleSubmit does): React ignores it, the form reports.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // In source only: a test's teardown guards against a setup that failed (`app?.close()`), which types do not see.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { '@typescript-eslint/no-unnecessary-condition': 'error' },
  },
  {
    // One spelling of names: files and folders in kebab-case (a `.test`, `.module` or `.d` middle part aside).
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mts,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages}/*/src/**/': 'KEBAB_CASE', 'e2e/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // No import cycles: a module graph that reads one way (decision 062).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: {
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
