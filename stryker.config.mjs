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

/** The Cypher guard and its lexer, and the plan check. */
const GUARD = ['shared/cypher/*.ts', 'electron/graph/plan-guard.ts'];

/** The read gateway and the API's IPC door, shared dispatch and input limits. */
const GATEWAY = [
  'electron/graph/read-gateway.ts',
  'electron/api/ipc-door.ts',
  'electron/api/api-dispatch.ts',
  'electron/api/input-limits.ts',
];

/** The web host with its request guard and body reader. */
const WEB = ['electron/web/web-host.ts', 'electron/web/request-guard.ts', 'electron/web/request-body.ts'];

/** The doors: everything a request passes on its way in. */
const DOORS = [...GUARD, ...GATEWAY, ...WEB];

/** A part of one file, named by the file (`plan-guard` for electron/graph/plan-guard.ts). */
const FILE_PARTS = Object.fromEntries(
  [
    ...ACCESS_CORE,
    'shared/cypher/cypher-guard.ts',
    'shared/cypher/cypher-tokens.ts',
    'shared/cypher/quote-name.ts',
    ...DOORS.filter((file) => !file.includes('*')),
  ].map((file) => [file.replace(/^.*\//, '').replace(/\.ts$/, ''), [file]]),
);

/**
 * One run over every file takes hours on two cores, and Stryker writes its reports only when a run
 * ends; `MUTATION_PART=guard` (or access, gateway, web, or one file: plan-guard, web-host, ...) runs
 * one part, with reports of its own under reports/mutation/<part>/, so the parts can run one after
 * another and each result is kept. test/mutation/mutation-scores.ts scores every file over all the
 * reports there.
 */
const PARTS = { access: ACCESS_CORE, guard: GUARD, gateway: GATEWAY, web: WEB, all: [...ACCESS_CORE, ...DOORS], ...FILE_PARTS };
const part = process.env.MUTATION_PART ?? 'all';
if (!Object.hasOwn(PARTS, part)) throw new Error(`MUTATION_PART=${part} is not a part; use one of ${Object.keys(PARTS).join(', ')}.`);
const reports = `reports/mutation/${part}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: PARTS[part],
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.mutation.config.ts' },
  // A mutant that does not typecheck is not a test gap: the checker drops it before any test runs.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
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
  incrementalFile: `${reports}/incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  // The goal is 85 % per file; test/mutation/mutation-scores.ts checks each file after the run.
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: `.stryker-tmp/${part}`,
  ignorePatterns: ['.lens*/', '.stryker-tmp/', 'test-results/', 'bench-results/', 'dist/', 'dist-cli/', 'reports/'],
};

export { ACCESS_CORE, DOORS, PARTS };
