import type { RunnerTestCase, RunnerTestFile } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';

/**
 * Makes a test file that could not even be imported count as a failed test in a mutation run.
 *
 * StrykerJS's Vitest runner (9.6.1, and 10.x too: stryker-js issue #6150) builds a mutant's result
 * from the tests Vitest collected. A mutant that makes a module throw while it loads (a broken
 * top-level schema or constant) leaves its test files with no tests at all, so no test fails and
 * the mutant is scored as survived although the suite plainly catches it. This reporter gives each
 * such file one failed test carrying the load error, before the runner reads the results.
 */
export default class UnloadableFileReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state === 'fail' && file.tasks.length === 0) file.tasks.push(loadFailure(file));
    }
  }
}

/** A failed test standing for the file's load error; only the fields the runner reads are set, hence the cast. */
function loadFailure(file: RunnerTestFile): RunnerTestCase {
  const name = 'loads the test file';
  return {
    type: 'test',
    id: `${file.id}_load`,
    name,
    fullName: `${file.name} > ${name}`,
    mode: 'run',
    file,
    suite: file,
    meta: {},
    result: { state: 'fail', errors: file.result?.errors ?? [] },
  } as unknown as RunnerTestCase;
}
