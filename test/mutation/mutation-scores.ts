// Prints the mutation score of every mutated file from StrykerJS's JSON report and fails when one
// is under the goal: Stryker's own thresholds judge the run as a whole, the goal is per file.
import fs from 'node:fs';
import path from 'node:path';

/** At least this share of each file's mutants must be killed (or time out). */
const GOAL = 85;
const REPORT = path.resolve(import.meta.dirname, '../../reports/mutation/mutation.json');

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
interface Report {
  files: Record<string, { mutants: { status: Status }[] }>;
}

interface FileScore {
  file: string;
  killed: number;
  survived: number;
  noCoverage: number;
  invalid: number;
  score: number;
}

/** Killed and timed-out mutants over all valid ones (compile and runtime errors and ignored ones are not counted). */
function scoreOf(file: string, statuses: readonly Status[]): FileScore {
  const count = (...wanted: Status[]) => statuses.filter((status) => wanted.includes(status)).length;
  const killed = count('Killed', 'Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const valid = killed + survived + noCoverage;
  return { file, killed, survived, noCoverage, invalid: count('CompileError', 'RuntimeError', 'Ignored'), score: valid === 0 ? 100 : (100 * killed) / valid };
}

function main(): void {
  if (!fs.existsSync(REPORT)) {
    console.error(`No mutation report at ${REPORT}: run \`npm run test:mutation\` (or \`npx stryker run\`) first.`);
    process.exit(2);
  }
  const report = JSON.parse(fs.readFileSync(REPORT, 'utf8')) as Report;
  const scores = Object.entries(report.files).map(([file, { mutants }]) => scoreOf(file, mutants.map((mutant) => mutant.status)));
  console.table(scores.map((s) => ({ file: s.file, killed: s.killed, survived: s.survived, 'no coverage': s.noCoverage, 'not valid': s.invalid, score: `${s.score.toFixed(1)} %` })));
  const under = scores.filter((s) => s.score < GOAL);
  if (under.length > 0) {
    console.error(`Under the ${GOAL} % goal: ${under.map((s) => `${s.file} (${s.score.toFixed(1)} %)`).join(', ')}. Kill the survivors with a test, or explain each in test/mutation/SURVIVORS.md.`);
    process.exit(1);
  }
  console.log(`Every mutated file is at or above ${GOAL} %.`);
}

main();
