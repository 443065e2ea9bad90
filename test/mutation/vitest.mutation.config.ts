import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { UNIT_PROJECT } from '../../vite.config';

/**
 * What a mutation run (stryker.config.mjs) runs against each mutant: the unit project's tests of the mutated files, so no
 * Neo4j is needed (test/mutation/SURVIVORS.md says why the integration tests are not needed).
 * Instrumented code on shared cores runs the property tests several times slower than usual.
 */
/**
 * The unit tests that exercise the mutated files (stryker.config.mjs): the access core's and the
 * doors'. Other unit tests import these files too (the CLI tests run a bundle built before the run,
 * the trace store and the demo loader do not test access), so running them against each mutant
 * that changes a module's top level (a static mutant runs every test) would multiply the run's
 * time without a kill they could make.
 */
const MUTATION_TESTS = [
  'test/shared/acl/**/*.test.ts',
  'test/shared/cypher/**/*.test.ts',
  'test/shared/api/**/*.test.ts',
  'test/node/retrieval/acl-enforcement.test.ts',
  'test/node/retrieval/fulltext-acl-plan.test.ts',
  'test/node/retrieval/run-recording.test.ts',
  'test/node/graph/**/*.test.ts',
  'test/node/web/**/*.test.ts',
  'test/node/api/**/*.test.ts',
  'test/node/services/**/*.test.ts',
];

export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    // A test file that fails to load counts as failing (see the reporter).
    reporters: ['default', './test/mutation/unloadable-file-reporter.ts'],
    projects: [
      {
        ...UNIT_PROJECT,
        test: {
          ...UNIT_PROJECT.test,
          include: MUTATION_TESTS,
          testTimeout: 60_000,
          setupFiles: ['test/mutation/fast-check-setup.ts'],
          // Cost tests read this to check linearity on smaller texts: instrumented code on shared
          // cores is many times slower, and every mutant of the guard runs them.
          env: { LENS_MUTATION_RUN: '1' },
        },
      },
    ],
  },
});
