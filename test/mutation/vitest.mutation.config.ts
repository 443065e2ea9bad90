import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { UNIT_PROJECT } from '../../vite.config';

/**
 * What a mutation run (stryker.config.mjs) runs against each mutant: the unit project alone, so no
 * Neo4j is needed (test/mutation/SURVIVORS.md says why the integration tests are not needed).
 * Instrumented code on shared cores runs the property tests several times slower than usual.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    // A test file that fails to load counts as failing (see the reporter).
    reporters: ['default', './test/mutation/unloadable-file-reporter.ts'],
    projects: [{ ...UNIT_PROJECT, test: { ...UNIT_PROJECT.test, testTimeout: 60_000, setupFiles: ['test/mutation/fast-check-setup.ts'] } }],
  },
});
