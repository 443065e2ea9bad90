import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { precompressPlugin } from './scripts/precompress-plugin';

// One file for the renderer build and the test projects.
// `unit` needs nothing running; `integration` starts (or reuses) a real Neo4j once per run.

/**
 * shared/, the Node layer and the renderer's pure modules (forms, graph merging and layout,
 * formatting: they touch no DOM, so they run under Node). Also what a mutation run runs
 * (test/mutation/vitest.mutation.config.ts).
 */
export const UNIT_PROJECT: TestProjectInlineConfiguration = {
  test: {
    name: 'unit',
    include: ['test/shared/**/*.test.ts', 'test/node/**/*.test.ts', 'test/renderer/**/*.test.ts'],
    environment: 'node',
    // A timeout here only catches a hang: speed is measured by the benchmarks, and a shared CI
    // machine can be several times slower than a quiet one (property tests, child processes).
    testTimeout: 30_000,
    // The CLI tests run the bundled `lens`; the setup rebuilds it when the sources changed.
    globalSetup: ['test/support/cli-bundle-setup.ts'],
  },
};

export default defineConfig(({ mode }) => ({
  ...(mode === 'test' ? {} : { root: path.resolve(import.meta.dirname, 'renderer') }),
  base: './',
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist', 'renderer'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Every emitted file carries an 8-character content hash: browser mode caches exactly these
      // names for a year (HASHED_ASSET in electron/web/renderer-files.ts).
      output: {
        entryFileNames: 'assets/[name]-[hash:8].js',
        chunkFileNames: 'assets/[name]-[hash:8].js',
        assetFileNames: 'assets/[name]-[hash:8][extname]',
        // cytoscape with its layouts in one chunk of a stable name, which only the graph screens load
        // (renderer/shell/lazy-screens.tsx); the end-to-end test checks the first page load skips it.
        codeSplitting: { groups: [{ name: 'graph-vendor', test: /[\\/]node_modules[\\/](cytoscape[^\\/]*|cose-base|layout-base)[\\/]/ }] },
      },
    },
  },
  test: {
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    projects: [
      UNIT_PROJECT,
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/cli-bundle-setup.ts', 'test/integration/setup/neo4j-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
