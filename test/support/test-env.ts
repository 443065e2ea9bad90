import path from 'node:path';

/** The repository root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** LENS_HOME of the test server: inside the checkout (git-ignored), so a run never touches ~/.provenance-lens. */
export const TEST_LENS_HOME = process.env.LENS_TEST_HOME ?? path.join(REPO_ROOT, '.lens-test', 'home');

/** The other team's ADR folder beside the checkout (read in place, never copied). */
export const GOVUK_ADR_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'govuk-aws-adr');

/**
 * The timeout of a test that runs a child process (the CLI, a script under tsx): it only catches a
 * hang, since a busy shared machine can take many times the usual start-up; speed is for benchmarks.
 */
export const CHILD_PROCESS_TEST_TIMEOUT_MS = 180_000;

/** What the global setup hands to integration tests. */
export interface TestNeo4j {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  readonly version: string;
  /** True when the setup started the server itself (so tests may stop and restart copies of it). */
  readonly local: boolean;
  readonly home: string;
  readonly startupMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    neo4j: TestNeo4j;
  }
}
