import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends the e2e run with the same plain closing line as the Vitest run. */
export default class ClosingLineReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(_test: TestCase, result: TestResult): void {
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped') this.skipped += 1;
    else this.failed += 1;
  }

  onEnd(_result: FullResult): void {
    process.stdout.write(`\ne2e: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
  }
}
