// Prints the mutation score of every mutated file from StrykerJS's JSON report and fails when one
// is under the goal: Stryker's own thresholds judge the run as a whole, the goal is per file.
import fs from 'node:fs';
import path from 'node:path';

/** At least this share of each file's mutants must be killed (or time out). */
const GOAL = 85;
/** Each part of a run (stryker.config.mjs, MUTATION_PART) writes its report in a folder of its own here. */
const REPORTS = path.resolve(import.meta.dirname, '../../reports/mutation');

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
interface Report {
  files: Record<string, { mutants: { status: Status }[] }>;
}

/** The JSON report of each part that has one, newest first, so a file in two parts is scored from its latest run. */
function readReports(): { part: string; report: Report }[] {
  if (!fs.existsSync(REPORTS)) return [];
  return fs
    .readdirSync(REPORTS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(REPORTS, entry.name, 'mutation.json')))
    .map((entry) => ({ part: entry.name, file: path.join(REPORTS, entry.name, 'mutation.json') }))
    .sort((a, b) => fs.statSync(b.file).mtimeMs - fs.statSync(a.file).mtimeMs)
    .map(({ part, file }) => ({ part, report: JSON.parse(fs.readFileSync(file, 'utf8')) as Report }));
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
  return {
    file,
    killed,
    survived,
    noCoverage,
    invalid: count('CompileError', 'RuntimeError', 'Ignored'),
    score: valid === 0 ? 100 : (100 * killed) / valid,
  };
}

function main(): void {
  const reports = readReports();
  if (reports.length === 0) {
    console.error(
      `No mutation report under ${REPORTS}: run \`npm run test:mutation\` (or one part: \`MUTATION_PART=guard npx stryker run\`) first.`,
    );
    process.exit(2);
  }
  const scored = new Map<string, FileScore & { part: string }>();
  for (const { part, report } of reports) {
    for (const [file, { mutants }] of Object.entries(report.files)) {
      if (!scored.has(file))
        scored.set(file, {
          ...scoreOf(
            file,
            mutants.map((mutant) => mutant.status),
          ),
          part,
        });
    }
  }
  const scores = [...scored.values()].sort((a, b) => a.file.localeCompare(b.file));
  console.table(
    scores.map((s) => ({
      file: s.file,
      part: s.part,
      killed: s.killed,
      survived: s.survived,
      'no coverage': s.noCoverage,
      'not valid': s.invalid,
      score: `${s.score.toFixed(1)} %`,
    })),
  );
  const under = scores.filter((s) => s.score < GOAL);
  if (under.length > 0) {
    console.error(
      `Under the ${GOAL} % goal: ${under.map((s) => `${s.file} (${s.score.toFixed(1)} %)`).join(', ')}. Kill the survivors with a test, or explain each in test/mutation/SURVIVORS.md.`,
    );
    process.exit(1);
  }
  console.log(`Every mutated file is at or above ${GOAL} %.`);
}

main();
