// The architecture as lint rules (DESIGN §3, docs/architecture.md "Rooms and doors"), used by eslint.config.js
// and, on a small fixture tree, by test/infra/eslint-rooms.test.ts, which proves that the rules bite.
// - eslint-plugin-boundaries sorts files into parts (elements) and refuses the imports a part may not make;
//   each route group (lambdas/<room>) and each web feature (web/src/features/<feature>) is a room of its
//   own, entered from another room only through its public module, index.ts;
// - eslint-plugin-import-x's no-cycle refuses module cycles (re-exports through index.ts included);
// - rooms/one-way (scripts/eslint-one-way.cjs) refuses a pair or loop of rooms that depend on each other,
//   which needs no module cycle (each room's door lists other files than the ones that import back).
// CommonJS like eslint.config.js.
const boundaries = require('eslint-plugin-boundaries');
const importX = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const { dirname } = require('node:path');
const roomsPlugin = require('./eslint-one-way.cjs');

// Every part of the tree but test/, which may import anything. Matched on the whole path from the root
// (partialMatch: false), so test/web/** is a test, not the SPA. The first pattern that matches wins.
const ELEMENTS = [
  { type: 'contract', pattern: 'lambdas/contract/**' },
  { type: 'lambda-shared', pattern: 'lambdas/shared/**' },
  // A route group, or the course model (lambdas/course-model) that several groups share.
  { type: 'lambda-group', pattern: 'lambdas/*', capture: ['room'] },
  { type: 'infra-aws', pattern: 'infra/aws/**' },
  { type: 'infra-local', pattern: 'infra/local/**' },
  { type: 'web-feature', pattern: 'web/src/features/*', capture: ['room'] },
  { type: 'web', pattern: 'web/**' },
  { type: 'bin', pattern: 'bin/**' },
  { type: 'scripts', pattern: 'scripts/**' },
  { type: 'test', pattern: 'test/**' },
].map((element) => ({ ...element, partialMatch: false }));

const WEB = ['web', 'web-feature'];
const LAMBDAS = ['lambda-shared', 'lambda-group'];

const forbid = (from, to, message) => ({ from: { element: { type: from } }, disallow: { to: { element: { type: to } } }, message });

/** A room (`type`) is entered from another room of the same type only through its index.ts. */
const throughTheDoor = (type, message) => ({
  from: { element: { type } },
  disallow: { to: { element: { type, captured: { room: '!{{ from.element.captured.room }}' }, fileInternalPath: '!index.ts' } } },
  message,
});

/**
 * The rules, for the tree at `rootPath` (the repository, or a test's fixture) whose TypeScript
 * settings are `tsconfig` (a path relative to it).
 */
function rooms({ tsconfig = 'tsconfig.json', rootPath } = {}) {
  return [
    {
      files: ['bin/**', 'infra/**', 'lambdas/**', 'web/**', 'scripts/**'],
      plugins: { boundaries },
      settings: {
        'import/resolver': { typescript: { project: tsconfig }, node: true },
        'boundaries/elements': ELEMENTS,
        ...(rootPath && { 'boundaries/root-path': rootPath }),
      },
      rules: {
        'boundaries/dependencies': ['error', {
          default: 'allow',
          policies: [
            forbid(WEB, ['lambda-shared', 'lambda-group', 'infra-aws', 'infra-local', 'bin', 'scripts', 'test'],
              'web/ imports only lambdas/contract of the backend.'),
            forbid('contract', ['lambda-shared', 'lambda-group', 'infra-aws', 'infra-local', ...WEB, 'bin', 'scripts', 'test'],
              'lambdas/contract imports nothing of ours: only zod and npm packages.'),
            forbid(LAMBDAS, ['infra-aws', 'infra-local', ...WEB, 'bin', 'scripts', 'test'],
              'lambdas/ never imports infra/ (nor web, bin, scripts or tests): Lambda code does not know where it runs.'),
            forbid('lambda-shared', ['infra-local', 'test'],
              'lambdas/shared never imports a local stand-in (infra/local, test fakes): locally only SDK endpoints differ.'),
            forbid('lambda-shared', ['lambda-group'],
              'lambdas/shared imports no route group (nor the course model): what a group and shared code both need lives in shared or the contract.'),
            forbid('infra-aws', ['infra-local', 'test'],
              'infra/aws never imports infra/local: the local stand-ins are never deployed.'),
            throughTheDoor('lambda-group',
              "Another room of lambdas/ is entered through its public module: import from '../{{ to.element.captured.room }}' (its index.ts), not a file inside it."),
            throughTheDoor('web-feature',
              "Another web feature is entered through its public module: import from '../{{ to.element.captured.room }}' (its index.ts), not a file inside it."),
          ],
        }],
      },
    },
    {
      // Type-only imports are left out (the rule's default): they vanish at build and cannot run in a loop.
      files: ['lambdas/**/*.ts', 'web/src/**/*.ts', 'web/src/**/*.tsx'],
      plugins: { 'import-x': importX },
      settings: {
        // import-x reads a dependency only if its extension is listed and a parser is named for it.
        'import-x/extensions': ['.ts', '.tsx'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsconfig })],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      files: ['lambdas/**/*.ts', 'web/src/**/*.ts', 'web/src/**/*.tsx'],
      plugins: { rooms: roomsPlugin },
      rules: { 'rooms/one-way': ['error', { root: rootPath ?? dirname(tsconfig) }] },
    },
  ];
}

module.exports = { rooms };
