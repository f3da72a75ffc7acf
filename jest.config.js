// One jest run, six projects: each folder of test/ is one kind of test (docs/testing.md lays them out).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];
const base = {
  transform: { '^.+\\.(t|j)sx?$': swc, '/unpdf/dist/pdfjs\\.mjs$': swc },
  // ESM-only packages that jest must transform.
  transformIgnorePatterns: ['/node_modules/(?!(aws-local-stepfunctions|unpdf|franc-min|trigram-utils|n-gram|collapse-white-space|jose)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'cjs', 'mjs'],
  // unpdf's PDF.js is ESM only and exported under the `import` condition alone: jest (CommonJS) reads the file
  // itself, transformed (lambdas/materials/extract-pdf.ts imports it by this name).
  moduleNameMapper: { '^unpdf/pdfjs$': '<rootDir>/node_modules/unpdf/dist/pdfjs.mjs' },
  setupFiles: ['<rootDir>/test/support/quiet.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
  // Two test files at once, whatever the cores (jest's default on two cores is one, in band): most of a
  // file's time is spent waiting on other processes (the local stack, DynamoDB Local, Chromium), so a
  // second file fills the idle core. In band, CI took 66 min of jest (3,956 s) on 2026-11-29. Every test
  // must pass beside another one anyway (issue 42: the suite under load). MENTORA_TEST_WORKERS overrides.
  maxWorkers: Number(process.env.MENTORA_TEST_WORKERS) || 2,
  // A bound, not a pace: a test beside another file on two cores may take twice its quiet time.
  testTimeout: 60000,
  // After a run ended green, jest stayed alive on an open handle in its main process (when it ran the
  // tests in band there) and CI would have waited out its 90 minutes.
  // Exit once results are in; finding the handle (`npx jest --detectOpenHandles`) is follow-up work.
  forceExit: true,
  projects: [
    { ...base, displayName: 'unit', testEnvironment: 'node', roots: ['<rootDir>/test/unit'] },
    {
      ...base,
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/integration'],
      globalSetup: '<rootDir>/test/support/local-stack-setup.ts',
      globalTeardown: '<rootDir>/test/support/local-stack-teardown.ts',
    },
    {
      ...base,
      displayName: 'infra',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/infra'],
      // One synth per context for the run (test/infra/synth-cache.ts).
      globalSetup: '<rootDir>/test/infra/synth-cache-setup.ts',
      globalTeardown: '<rootDir>/test/infra/synth-cache-teardown.ts',
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: '<rootDir>/test/support/jsdom-environment.ts',
      roots: ['<rootDir>/test/web'],
      setupFilesAfterEnv: ['<rootDir>/test/support/web-setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/test/support/file-stub.js' },
    },
    {
      ...base,
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/e2e'],
      globalSetup: '<rootDir>/test/support/e2e-setup.ts',
      globalTeardown: '<rootDir>/test/support/e2e-teardown.ts',
    },
    {
      // Lambda handlers called in process (test/support/invoke.ts) against the local stand-ins.
      ...base,
      displayName: 'handlers',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/handlers'],
      setupFiles: [...base.setupFiles, '<rootDir>/test/support/handlers-env.ts'],
      globalSetup: '<rootDir>/test/support/handlers-setup.ts',
      globalTeardown: '<rootDir>/test/support/handlers-teardown.ts',
    },
  ],
};
