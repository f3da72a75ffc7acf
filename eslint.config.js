// ESLint, flat config: the second step of `npm run lint` (after `tsc -p .`, before scripts/lint.mjs).
// - typescript-eslint's recommendedTypeChecked, with types from the one tsconfig.json (projectService);
// - React hooks on the SPA, JSX accessibility on its components;
// - the architecture as import boundaries and no import cycles (scripts/eslint-rooms.cjs, DESIGN §3);
// - the house rules ESLint can express (scripts/lint.mjs keeps the rest);
// - today's formatting, through ESLint Stylistic (no Prettier: it would rewrite most files).
// CommonJS like jest.config.js (package.json has no "type"). @stylistic is ESM-only: requiring it needs Node ≥ 20.19.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const stylistic = require('@stylistic/eslint-plugin');
const globals = require('globals');
const path = require('node:path');
const { rooms } = require('./scripts/eslint-rooms.cjs');

const TS = ['**/*.ts', '**/*.tsx'];
const JS = ['**/*.js', '**/*.mjs', '**/*.cjs'];
const TESTS = ['test/**'];
const LAMBDAS = ['lambdas/**'];

module.exports = tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'web/dist/', 'cdk.out/', '.local/', '.cognito/', 'coverage/', '.bench/', 'screenshots/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  // A `let` that a closure reads before its one assignment stays `let` (as `const` it would throw).
  { rules: { 'prefer-const': ['error', { ignoreReadBeforeAssign: true }] } },

  // TypeScript with type information. The two Vite files beside web/index.html are outside tsconfig's
  // "include" and get a default project with the same options.
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['web/*.ts'], defaultProject: 'tsconfig.json' },
        tsconfigRootDir: __dirname,
      },
    },
    rules: {
      // A `_` name is unused on purpose (an argument of a port that a fake ignores).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },

  // Plain JavaScript (config files, ensure-deps, lint): Node globals, no type information.
  { files: JS, extends: [tseslint.configs.disableTypeChecked], languageOptions: { globals: globals.node } },
  { files: ['**/*.js', '**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },

  // The SPA. Hooks live in .ts files too (use-*.ts), so the hooks rules cover both; accessibility is JSX.
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      // All of them, set-state-in-effect included: server state lives in TanStack Query (app/providers), not in
      // effects that load and set state.
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        paths: [{ name: 'react-router', message: "Import from 'react-router-dom', the routing dependency (v7 re-exports react-router)." }],
      }],
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region (code block, the tutor's log) takes focus so the keyboard can scroll it (axe's
      // scrollable-region-focusable, checked by the E2E tests).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel', 'log'], allowExpressionValues: true }],
    },
  },

  // The architecture (DESIGN §3): rooms entered through their public modules, no import cycles.
  ...rooms({ tsconfig: path.join(__dirname, 'tsconfig.json') }),

  // House rules (scripts/lint.mjs keeps those ESLint cannot express).
  {
    files: ['bin/**', 'infra/**', 'lambdas/**', 'web/src/**'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // As syntax rather than no-restricted-imports, which would also refuse `import * as z from 'zod'`.
    files: LAMBDAS,
    rules: {
      'no-restricted-syntax': ['error',
        {
          selector: 'ImportSpecifier[imported.name=/^(ScanCommand|paginateScan)$/], MemberExpression[property.name=/^(ScanCommand|paginateScan|scan)$/]',
          message: 'No Scan on a request path: every read is served by a key or an index (docs/data-model.md).',
        },
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "`import * as z from 'zod'`: `import { z }` puts all of zod (350 KB) in every Lambda bundle.",
        },
        {
          selector: "MemberExpression[property.name='locales']",
          message: "Only zod's Spanish locale (`import { es } from 'zod/locales'`): `z.locales` bundles every language.",
        },
      ],
    },
  },

  // Formatting: ESLint Stylistic set to today's style. Left out, because the tree does not follow them
  // and they would rewrite many lines: multiline-ternary, jsx-one-expression-per-line, jsx-max-props-per-line,
  // jsx-first-prop-new-line, jsx-closing-bracket-location, max-statements-per-line and max-len (no line limit today).
  {
    files: [...TS, ...JS],
    extends: [stylistic.configs.customize({
      indent: 2, quotes: 'single', semi: true, jsx: true, braceStyle: '1tbs', commaDangle: 'always-multiline', arrowParens: true, quoteProps: 'as-needed',
    })],
    rules: {
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      // `+`, `&&`, `=` end a line; `?`, `:` and type unions' `|` start one.
      '@stylistic/operator-linebreak': ['error', 'after', { overrides: { '?': 'before', ':': 'before', '|': 'before', '&': 'before' } }],
      '@stylistic/multiline-ternary': 'off',
      '@stylistic/jsx-one-expression-per-line': 'off',
      '@stylistic/jsx-max-props-per-line': 'off',
      '@stylistic/jsx-first-prop-new-line': 'off',
      '@stylistic/jsx-closing-bracket-location': 'off',
      '@stylistic/max-statements-per-line': 'off',
    },
  },

  // Tests: fakes implement async ports without awaiting, jest's mocks are unbound methods, and responses
  // parsed from JSON are `any` that the assertions then check; these type-checked rules add only noise there.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
