// Mutation testing of the core with StrykerJS and its Vitest runner: `npm run test:mutation`.
// Not part of `npm test`: a full run takes tens of minutes on two cores.

/** The access policy, its three compilations and the enforcement points. */
const ACCESS_CORE = [
  'shared/acl/access-policy.ts',
  'shared/acl/compile-acl-to-cypher.ts',
  'shared/acl/compile-acl-to-predicate.ts',
  'shared/acl/compile-acl-to-lucene.ts',
  'electron/retrieval/acl-enforcement.ts',
  'electron/retrieval/final-access-check.ts',
];

/** The doors: the Cypher guard and lexer, the plan check and the read gateway, the web host, and the API's IPC door and shared dispatch. */
const DOORS = [
  'shared/cypher/*.ts',
  'electron/graph/plan-guard.ts',
  'electron/graph/read-gateway.ts',
  'electron/web/web-host.ts',
  'electron/web/request-guard.ts',
  'electron/web/request-body.ts',
  'electron/api/ipc-door.ts',
  'electron/api/api-dispatch.ts',
  'electron/api/input-limits.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [...ACCESS_CORE, ...DOORS],
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.mutation.config.ts' },
  // A mutant that does not typecheck is not a test gap: the checker drops it before any test runs.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.node.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // The machine's two cores are shared.
  concurrency: 2,
  // On shared cores a run can take several times its dry-run time; with the default factor of 1.5 a
  // load spike scored equivalent mutants as timed out (that is, killed). An endless loop still ends.
  timeoutFactor: 4,
  timeoutMS: 20_000,
  // Reuses the results of mutants whose code and covering tests did not change since the last run.
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The goal is 85 % per file; test/mutation/mutation-scores.ts checks each file after the run.
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['.lens*/', 'test-results/', 'bench-results/', 'dist/', 'dist-cli/', 'reports/'],
};

export { ACCESS_CORE, DOORS };
